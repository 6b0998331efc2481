import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adSubscriptions } from '../../db/schema';
import { noticeToSeller } from './promotion-notices';
import { moveSubscription } from './subscription-moves';

/** Subscriptions per pass and rule: a backlog drains over a few passes. */
const SWEEP_BATCH = 100;
/** The "ends soon" notice goes out this long before the end. */
export const EXPIRY_WARNING_MS = 24 * 3600_000;

/**
 * Expires active subscriptions whose end has come (paused ones do not run out: their time is
 * frozen) and tells their sellers; warns once, a day before, of the ones about to end
 * (`expiry_warned_at` makes it once, even with several processes sweeping: the row is claimed by
 * an update). Each expiry goes through `moveSubscription` (row lock + the machine's check), so a
 * seller pausing at the same moment wins or loses cleanly.
 */
export function subscriptionSweeper(app: FastifyInstance) {
  return async function sweep(now = new Date()): Promise<number> {
    const due = await app.db
      .select({ id: adSubscriptions.id })
      .from(adSubscriptions)
      .where(and(eq(adSubscriptions.status, 'active'), lte(adSubscriptions.endsAt, now)))
      .orderBy(asc(adSubscriptions.endsAt))
      .limit(SWEEP_BATCH);
    let expired = 0;
    for (const { id } of due) {
      const result = await moveSubscription(app.db, id, { to: 'expired', actor: 'system', actorUserId: null, onlyFrom: ['active'], now });
      if (!result.ok) continue;
      expired++;
      await noticeToSeller(app, result.subscription, 'expired');
    }
    const warned = await app.db
      .update(adSubscriptions)
      .set({ expiryWarnedAt: now })
      .where(
        sql`${adSubscriptions.id} in (select id from ad_subscriptions where status = 'active' and expiry_warned_at is null
              and ends_at > ${now.toISOString()}::timestamptz and ends_at <= ${new Date(now.getTime() + EXPIRY_WARNING_MS).toISOString()}::timestamptz
              order by ends_at limit ${SWEEP_BATCH} for update skip locked)`,
      )
      .returning();
    for (const s of warned) await noticeToSeller(app, s, 'ending');
    return expired;
  };
}

