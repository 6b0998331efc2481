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
 * The one way an order changes state: the row is locked, the shared machine
 * decides, the move is stored with its history row, and stock goes back when
 * an order is cancelled or its payment fails. Effects outside the database
 * (events, notifications, refunds) are the caller's, after the commit.
 */
export async function moveOrder(db: Db, orderId: number, request: MoveRequest): Promise<MoveResult> {
  const result = await db.transaction(async (tx): Promise<MoveResult> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return { ok: false, refusal: 'missing', order: null };
    if (request.onlyFrom && !request.onlyFrom.includes(order.status)) return { ok: false, refusal: 'state', order };
    const check = checkMove(order.status, request.to, request.actor, order.deliveryKind, request.reason);
    if (!check.ok) return { ok: false, refusal: check.refusal, order };
    const reason = request.reason?.trim() || null;
    const now = new Date();
    const [moved] = await tx
      .update(orders)
      .set({ status: request.to, statusChangedAt: now, ...(request.to === 'cancelled' ? { cancelReason: reason } : {}) })
      .where(eq(orders.id, orderId))
      .returning();
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: order.status, toStatus: request.to, actor: request.actor, actorUserId: request.actorUserId, reason, createdAt: now });
    if (request.to === 'cancelled' || request.to === 'payment_failed') await releaseStock(tx, orderId);
    if (request.to === 'delivered') await countSale(tx, moved);
    return { ok: true, order: moved, from: order.status };
  });
  if (result.ok && (result.order.status === 'delivered' || result.order.status === 'cancelled' || result.order.status === 'payment_failed')) catalogChanged(db);
  return result;
}
