import { asc, inArray } from 'drizzle-orm';
import type { SubscriptionResource } from '../../../shared/api/seller-promotion';
import { sellerMovesFrom, type PromotionPerk } from '../../../shared/promotion/subscription-machine';
import type { Language } from '../../../shared/i18n/languages';
import type { Db } from '../../db/client';
import { adSubscriptionHistory, promotionPayments, promotionPlans, type AdSubscription } from '../../db/schema';
import { localized } from '../catalog/common/catalog-context';
import { targetLink, targetOf, targetsOf } from './promotion-targets';

const DAY_S = 24 * 3600;

/** Promotion time still to run: frozen while paused, 0 once over, null before it started. */
export function remainingSeconds(s: AdSubscription, now = new Date()): number | null {
  if (!s.endsAt) return null;
  if (s.status === 'expired' || s.status === 'archived') return 0;
  const from = s.status === 'paused' && s.pausedAt ? s.pausedAt : now;
  return Math.max(0, Math.floor((s.endsAt.getTime() - from.getTime()) / 1000));
}

/** Subscriptions as their seller sees them: four reads for any number of them. */
export async function subscriptionResources(db: Db, rows: AdSubscription[], lang: Language, now = new Date()): Promise<SubscriptionResource[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [plans, targets, history, payments] = await Promise.all([
    db.select().from(promotionPlans).where(inArray(promotionPlans.id, [...new Set(rows.map((r) => r.planId))])),
    targetsOf(db, rows.map(targetOf)),
    db.select().from(adSubscriptionHistory).where(inArray(adSubscriptionHistory.subscriptionId, ids)).orderBy(asc(adSubscriptionHistory.at), asc(adSubscriptionHistory.id)),
    db.select().from(promotionPayments).where(inArray(promotionPayments.subscriptionId, ids)).orderBy(asc(promotionPayments.id)),
  ]);
  return rows.map((s) => {
    const plan = plans.find((p) => p.id === s.planId)!;
    const ref = targetOf(s);
    const target = targets.get(`${ref.kind}:${ref.id}`);
    const remaining = remainingSeconds(s, now);
    return {
      id: s.id,
      plan: { id: plan.id, name: localized(lang, plan.name, plan.nameEn) },
      target: { ...ref, title: target ? localized(lang, target.title, target.titleEn) : `#${ref.id}`, link: targetLink(ref.kind, ref.id) },
      status: s.status,
      perks: s.perks as PromotionPerk[],
      boost: s.boost,
      duration_days: s.durationDays,
      price: s.price,
      currency: s.currency,
      started_at: s.startedAt?.toISOString() ?? null,
      ends_at: s.endsAt?.toISOString() ?? null,
      paused_at: s.pausedAt?.toISOString() ?? null,
      remaining_seconds: remaining,
      remaining_days: remaining === null ? null : Math.ceil(remaining / DAY_S),
      payment_status: payments.filter((p) => p.subscriptionId === s.id).at(-1)?.status ?? null,
      moves: sellerMovesFrom(s.status),
      history: history
        .filter((h) => h.subscriptionId === s.id)
        .map((h) => ({ from: h.fromStatus, to: h.toStatus, by: h.actor, at: h.at.toISOString() })),
      created_at: s.createdAt.toISOString(),
    };
  });
}
