import { and, eq, inArray } from 'drizzle-orm';
import type { PromotionTarget } from '../../../shared/promotion/subscription-machine';
import type { Db } from '../../db/client';
import { adSubscriptions, ads, businesses, products, type AdSubscription } from '../../db/schema';
import { screenPath } from '../catalog/common/screen-paths';

/** What a subscription promotes, as the seller's screens name it. */
export interface TargetInfo {
  kind: PromotionTarget;
  id: number;
  title: string;
  titleEn: string | null;
  ownerId: number;
  published: boolean;
}

export const targetOf = (s: Pick<AdSubscription, 'adId' | 'productId'>): { kind: PromotionTarget; id: number } =>
  s.adId !== null ? { kind: 'ad', id: s.adId } : { kind: 'product', id: s.productId! };

export const targetLink = (kind: PromotionTarget, id: number) => screenPath(kind === 'ad' ? 'ad' : 'product', { id });

/** Ads and products of the given ids, with their owner (the ad's author, the product's business's owner). */
export async function targetsOf(db: Db, refs: Array<{ kind: PromotionTarget; id: number }>): Promise<Map<string, TargetInfo>> {
  const adIds = refs.filter((r) => r.kind === 'ad').map((r) => r.id);
  const productIds = refs.filter((r) => r.kind === 'product').map((r) => r.id);
  const [adRows, productRows] = await Promise.all([
    adIds.length
      ? db.select({ id: ads.id, title: ads.title, titleEn: ads.titleEn, ownerId: ads.userId, status: ads.status, visible: ads.moderationPublic }).from(ads).where(inArray(ads.id, adIds))
      : [],
    productIds.length
      ? db
          .select({ id: products.id, title: products.name, titleEn: products.nameEn, ownerId: businesses.ownerId, status: products.status, visible: products.moderationPublic })
          .from(products)
          .innerJoin(businesses, eq(businesses.id, products.businessId))
          .where(inArray(products.id, productIds))
      : [],
  ]);
  const map = new Map<string, TargetInfo>();
  for (const r of adRows) map.set(`ad:${r.id}`, { kind: 'ad', id: r.id, title: r.title, titleEn: r.titleEn, ownerId: r.ownerId, published: r.status === 'published' && r.visible });
  for (const r of productRows) map.set(`product:${r.id}`, { kind: 'product', id: r.id, title: r.title, titleEn: r.titleEn, ownerId: r.ownerId, published: r.status === 'published' && r.visible });
  return map;
}

/**
 * Rewrites the promotion columns of a target from its active subscriptions, in the caller's
 * transaction. With two at once the strongest wins: the latest end, the highest boost and every
 * perk of either. No active one clears them (a pause stops the promotion at once).
 */
export async function refreshPromotion(tx: Db, target: { kind: PromotionTarget; id: number }): Promise<void> {
  const column = target.kind === 'ad' ? adSubscriptions.adId : adSubscriptions.productId;
  const running = await tx
    .select({ endsAt: adSubscriptions.endsAt, boost: adSubscriptions.boost, perks: adSubscriptions.perks })
    .from(adSubscriptions)
    .where(and(eq(column, target.id), eq(adSubscriptions.status, 'active')));
  const ends = running.flatMap((r) => (r.endsAt ? [r.endsAt.getTime()] : []));
  const values = {
    promotedUntil: ends.length ? new Date(Math.max(...ends)) : null,
    promotionBoost: running.length ? Math.max(...running.map((r) => r.boost)) : 0,
    promotionPerks: [...new Set(running.flatMap((r) => r.perks))].sort(),
  };
  if (target.kind === 'ad') await tx.update(ads).set(values).where(eq(ads.id, target.id));
  else await tx.update(products).set(values).where(eq(products.id, target.id));
}
