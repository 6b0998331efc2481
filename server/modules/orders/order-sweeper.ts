import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { orders, payments } from '../../db/schema';
import type { OrderAnnouncer } from './order-announcer';
import { refundQuietly } from './order-actions';
import { SWEEP_RULES } from './order-deadlines';
import { moveOrder } from './order-moves';
import { ordersRepository } from './orders-repository';
import { restoreCart } from './checkout-writer';
import { releaseExpiredHolds } from './stock-holds';

/** Orders per rule per pass: a backlog drains over a few passes without one long burst. */
const SWEEP_BATCH = 100;

/**
 * Moves orders nobody acted on past their deadline (order-deadlines.ts):
 * unpaid → payment_failed, unaccepted → cancelled and refunded, delivered →
 * completed; retries refunds of cancelled orders whose refund failed; and gives
 * back stock a checkout took but never turned into orders (stock-holds.ts).
 * Each order moves through `moveOrder` (row lock + the machine's check), so a
 * buyer or seller acting at the same moment, or a second node sweeping, wins
 * or loses cleanly; the loser's move is simply refused.
 */
export function orderSweeper(app: FastifyInstance, announcer: OrderAnnouncer) {
  const repository = ordersRepository(app.db);

  return async function sweep(now = new Date()): Promise<number> {
    let moved = 0;
    for (const rule of SWEEP_RULES) {
      const ids = await repository.due(rule.status, new Date(now.getTime() - rule.afterMs), SWEEP_BATCH);
      for (const id of ids) {
        const result = await moveOrder(app.db, id, { to: rule.to, actor: 'system', actorUserId: null, onlyFrom: [rule.status] });
        if (!result.ok) continue;
        moved++;
        if (rule.to === 'payment_failed') await restoreCart(app.db, result.order);
        if (rule.to === 'cancelled') await refundQuietly(app, id);
        await announcer.announce({ order: result.order, from: result.from, actor: 'system' });
      }
    }
    const unrefunded = await app.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(payments, eq(payments.orderId, orders.id))
      .where(and(inArray(orders.status, ['cancelled', 'payment_failed']), eq(payments.status, 'succeeded'), sql`${orders.statusChangedAt} <= ${now.toISOString()}::timestamptz`))
      .limit(SWEEP_BATCH);
    for (const { id } of unrefunded) await refundQuietly(app, id);
    await releaseExpiredHolds(app.db, now);
    return moved;
  };
}
