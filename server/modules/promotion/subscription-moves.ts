import { eq } from 'drizzle-orm';
import { subscriptionMove, type SubscriptionActor, type SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import type { Db } from '../../db/client';
import { adSubscriptionHistory, adSubscriptions, type AdSubscription } from '../../db/schema';
import { catalogChanged } from '../catalog/common/catalog-changes';
import { refreshPromotion, targetOf } from './promotion-targets';

export interface SubscriptionMoveRequest {
  to: SubscriptionStatus;
  actor: SubscriptionActor;
  actorUserId: number | null;
  /** The seller's own moves: a subscription of someone else is "missing". */
  ownerId?: number;
  /** Refuse unless it is in one of these states (the sweep's and the payment's guard against a race). */
  onlyFrom?: SubscriptionStatus[];
  now?: Date;
}

export type SubscriptionMoveResult =
  | { ok: true; subscription: AdSubscription; from: SubscriptionStatus }
  /** `over`: an active subscription whose time ran out before the sweep marked it expired. */
  | { ok: false; refusal: 'missing' | 'state' | 'over'; subscription: AdSubscription | null };

const DAY_MS = 24 * 3600_000;

/** The columns a move changes besides the status: dates start, pause and resume here. */
function datesFor(s: AdSubscription, to: SubscriptionStatus, now: Date): Partial<AdSubscription> {
  if (s.status === 'pending_payment' && to === 'active') return { startedAt: now, endsAt: new Date(now.getTime() + s.durationDays * DAY_MS), pausedAt: null };
  if (to === 'paused') return { pausedAt: now };
  // Resumed: the paused time is added to the end, so it is not consumed.
  if (s.status === 'paused' && to === 'active') return { pausedAt: null, endsAt: new Date(s.endsAt!.getTime() + (now.getTime() - s.pausedAt!.getTime())) };
  return {};
}

/**
 * The one way a subscription changes state: the row is locked, the shared machine decides, the
 * move is stored with its history row, and the target's promotion columns are rewritten in the
 * same transaction (so a pause takes an item out of the promoted ones at the moment it commits).
 * `alongside` runs in the transaction too (a payment's outcome commits with the activation).
 */
export async function moveSubscription(
  db: Db,
  id: number,
  request: SubscriptionMoveRequest,
  alongside?: (tx: Db, result: SubscriptionMoveResult) => Promise<void>,
): Promise<SubscriptionMoveResult> {
  const now = request.now ?? new Date();
  const result = await db.transaction(async (tx): Promise<SubscriptionMoveResult> => {
    const [s] = await tx.select().from(adSubscriptions).where(eq(adSubscriptions.id, id)).for('update');
    let outcome: SubscriptionMoveResult;
    if (!s || (request.ownerId !== undefined && s.userId !== request.ownerId)) outcome = { ok: false, refusal: 'missing', subscription: null };
    else if ((request.onlyFrom && !request.onlyFrom.includes(s.status)) || !subscriptionMove(s.status, request.to, request.actor)) outcome = { ok: false, refusal: 'state', subscription: s };
    else if (request.actor === 'seller' && s.status === 'active' && request.to === 'paused' && s.endsAt && s.endsAt <= now) outcome = { ok: false, refusal: 'over', subscription: s };
    else {
      const [moved] = await tx
        .update(adSubscriptions)
        .set({ status: request.to, ...datesFor(s, request.to, now), updatedAt: now })
        .where(eq(adSubscriptions.id, id))
        .returning();
      await tx.insert(adSubscriptionHistory).values({ subscriptionId: id, fromStatus: s.status, toStatus: request.to, actor: request.actor, actorUserId: request.actorUserId, at: now });
      await refreshPromotion(tx, targetOf(moved));
      outcome = { ok: true, subscription: moved, from: s.status };
    }
    await alongside?.(tx, outcome);
    return outcome;
  });
  // Search and list caches rank by the promotion columns: drop them now, not at their time to live.
  if (result.ok) catalogChanged(db);
  return result;
}
