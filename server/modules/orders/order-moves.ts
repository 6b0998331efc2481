import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { checkMove, type OrderActor, type OrderStatus } from '../../../shared/orders/order-machine';
import type { Db } from '../../db/client';
import { businesses, orderItems, orderStatusHistory, orders, products, stockReservations, type Order } from '../../db/schema';
import { catalogChanged } from '../catalog/common/catalog-changes';

export interface MoveRequest {
  to: OrderStatus;
  actor: OrderActor;
  actorUserId: number | null;
  reason?: string | null;
  /** Refuse unless the order is in one of these states (the sweep's and the payment's guard against a race). */
  onlyFrom?: OrderStatus[];
}

export type MoveResult =
  | { ok: true; order: Order; from: OrderStatus }
  | { ok: false; refusal: 'missing' | 'state' | 'actor' | 'reason'; order: Order | null };

/** Gives back the stock an order took, once (the reservation remembers it was released). */
async function releaseStock(tx: Db, orderId: number) {
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.releasedAt)))
    .returning({ productId: stockReservations.productId, quantity: stockReservations.quantity });
  for (const r of released.sort((a, b) => a.productId - b.productId)) {
    await tx.update(products).set({ stock: sql`${products.stock} + ${r.quantity}` }).where(and(eq(products.id, r.productId), sql`${products.stock} is not null`));
  }
}

/** A delivered order is a sale: its products and its business count one more order ("popular" sorts read these). */
async function countSale(tx: Db, order: Order) {
  const lines = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.productId));
  const ids = [...new Set(lines.map((l) => l.productId).filter((id): id is number => id !== null))];
  if (ids.length) await tx.update(products).set({ ordersCount: sql`${products.ordersCount} + 1` }).where(inArray(products.id, ids));
  await tx.update(businesses).set({ ordersCount: sql`${businesses.ordersCount} + 1` }).where(eq(businesses.id, order.businessId));
}

/**
 * The one way orders change state: the rows are locked (in id order, so two
 * callers never deadlock), the shared machine decides for each, the moves are
 * stored with their history rows, and stock goes back when an order is
 * cancelled or its payment fails. Several orders moving the same way (the
 * orders of one checkout being paid) share one transaction and one statement
 * per step. Effects outside the database (events, notifications, refunds) are
 * the caller's, after the commit.
 */
export async function moveOrders(db: Db, orderIds: number[], request: MoveRequest, alongside?: (tx: Db, results: MoveResult[]) => Promise<void>): Promise<MoveResult[]> {
  if (!orderIds.length) return [];
  const results = await db.transaction(async (tx): Promise<MoveResult[]> => {
    const locked = await tx.select().from(orders).where(inArray(orders.id, orderIds)).orderBy(asc(orders.id)).for('update');
    const reason = request.reason?.trim() || null;
    const outcome = new Map<number, MoveResult>();
    const movable: Order[] = [];
    for (const order of locked) {
      if (request.onlyFrom && !request.onlyFrom.includes(order.status)) {
        outcome.set(order.id, { ok: false, refusal: 'state', order });
        continue;
      }
      const check = checkMove(order.status, request.to, request.actor, order.deliveryKind, request.reason);
      if (!check.ok) outcome.set(order.id, { ok: false, refusal: check.refusal, order });
      else movable.push(order);
    }
    if (movable.length) {
      const now = new Date();
      // The history rows go in with the update (a data-modifying CTE): one round trip for the move.
      const history = tx
        .$with('move_history')
        .as(
          tx
            .insert(orderStatusHistory)
            .values(movable.map((o) => ({ orderId: o.id, fromStatus: o.status, toStatus: request.to, actor: request.actor, actorUserId: request.actorUserId, reason, createdAt: now }))),
        );
      const moved = await tx
        .with(history)
        .update(orders)
        .set({ status: request.to, statusChangedAt: now, ...(request.to === 'cancelled' ? { cancelReason: reason } : {}) })
        .where(inArray(orders.id, movable.map((o) => o.id)))
        .returning();
      for (const order of moved) {
        if (request.to === 'cancelled' || request.to === 'payment_failed') await releaseStock(tx, order.id);
        if (request.to === 'delivered') await countSale(tx, order);
        outcome.set(order.id, { ok: true, order, from: movable.find((o) => o.id === order.id)!.status });
      }
    }
    const list = orderIds.map((id): MoveResult => outcome.get(id) ?? { ok: false, refusal: 'missing', order: null });
    // What must commit with the moves (a payment's outcome with the order it paid, their notifications).
    await alongside?.(tx, list);
    return list;
  });
  if (results.some((r) => r.ok) && ['delivered', 'cancelled', 'payment_failed'].includes(request.to)) catalogChanged(db);
  return results;
}

/** One order's move (see moveOrders). */
export async function moveOrder(db: Db, orderId: number, request: MoveRequest): Promise<MoveResult> {
  const [result] = await moveOrders(db, [orderId], request);
  return result;
}
