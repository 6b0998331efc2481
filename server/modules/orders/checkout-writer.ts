import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderAddress } from '../../../shared/api/addresses';
import type { PaymentKind } from '../../../shared/api/order-values';
import type { DeliveryKind } from '../../../shared/orders/order-machine';
import { deliveryPrice, orderTotal } from '../../../shared/orders/order-totals';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { cartItems, checkouts, orderItems, orderStatusHistory, orders, products, stockReservations, users, type Order } from '../../db/schema';
import { conflict, HttpError, validationFailed } from '../../lib/http-error';
import { isAvailable, lineProblems } from '../cart/cart-lines';
import { cartRepository, type CartLine } from '../cart/cart-repository';

export interface CheckoutPlan {
  buyerId: number;
  idempotencyKey: string;
  businessIds?: number[];
  deliveryKind: DeliveryKind;
  addressId: number | null;
  address: OrderAddress | null;
  paymentKind: PaymentKind;
  card: { brand: string; last4: string } | null;
  comment: string | null;
}

/** Thrown when the checkout row exists already: the request is a repeat, answered from what the first stored. */
export class RepeatedCheckout extends Error {}

/** Takes `quantity` of a product with a stock limit, or refuses; the condition makes two buyers of the last item one winner. */
async function takeStock(tx: Db, line: CartLine): Promise<boolean> {
  const taken = await tx
    .update(products)
    .set({ stock: sql`${products.stock} - ${line.item.quantity}` })
    .where(and(eq(products.id, line.product!.id), eq(products.status, 'published'), sql`${products.stock} >= ${line.item.quantity}`))
    .returning({ id: products.id });
  return taken.length > 0;
}

const outOfStock = (line: CartLine, stock: number) => new HttpError(409, 'orders.errors.outOfStock', { name: line.product!.name, stock });

/**
 * Turns the buyer's cart into orders, one per business, in one transaction:
 * prices as the buyer accepted them, stock taken with conditional updates in
 * product order (no deadlocks between buyers), address and card copied, the
 * lines removed from the cart. Anything wrong rolls it all back.
 */
export async function writeCheckout(db: Db, plan: CheckoutPlan): Promise<{ checkoutId: number; orders: Order[] }> {
  const cart = cartRepository(db);
  return db.transaction(async (tx) => {
    // One checkout per buyer at a time: a second one (another key, another tab) waits and then sees the emptied cart.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, plan.buyerId)).for('no key update');
    const [checkout] = await tx.insert(checkouts).values({ buyerId: plan.buyerId, idempotencyKey: plan.idempotencyKey }).onConflictDoNothing().returning();
    if (!checkout) throw new RepeatedCheckout();

    let lines = await cart.lines(plan.buyerId, tx);
    if (plan.businessIds?.length) {
      const wanted = new Set(plan.businessIds);
      lines = lines.filter((l) => wanted.has(l.business.id));
    }
    if (!lines.length) throw validationFailed({ cart: [msg('orders.errors.cartEmpty')] });
    for (const line of lines) {
      const problems = lineProblems(line);
      if (!isAvailable(problems)) {
        if (problems.includes('not_enough_stock') || problems.includes('out_of_stock')) throw outOfStock(line, line.product?.stock ?? 0);
        throw new HttpError(409, 'orders.errors.unavailable', { name: line.product?.name ?? line.item.seenName });
      }
      if (problems.length) throw conflict('orders.errors.cartChanged');
    }

    for (const line of [...lines].sort((a, b) => a.product!.id - b.product!.id)) {
      if (line.product!.stock !== null && !(await takeStock(tx, line))) {
        const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.product!.id));
        throw outOfStock(line, now?.stock ?? 0);
      }
    }

    const byBusiness = new Map<number, CartLine[]>();
    for (const line of lines) byBusiness.set(line.business.id, [...(byBusiness.get(line.business.id) ?? []), line]);
    const created: Order[] = [];
    const status = plan.paymentKind === 'cash' ? 'placed' : 'pending_payment';
    for (const [businessId, group] of byBusiness) {
      const currency = group[0].product!.currency;
      if (group.some((l) => l.product!.currency !== currency)) throw validationFailed({ cart: [msg('orders.errors.mixedCurrency')] });
      const itemsTotal = group.reduce((sum, l) => sum + l.product!.finalPrice * l.item.quantity, 0);
      const delivery = deliveryPrice(plan.deliveryKind, group[0].business.deliveryDiscountPercent);
      const [order] = await tx
        .insert(orders)
        .values({
          checkoutId: checkout.id,
          buyerId: plan.buyerId,
          businessId,
          status,
          currency,
          itemsTotal,
          deliveryCost: delivery.cost,
          deliveryDiscount: delivery.discount,
          total: orderTotal(itemsTotal, delivery),
          deliveryKind: plan.deliveryKind,
          addressId: plan.addressId,
          address: plan.address,
          paymentKind: plan.paymentKind,
          cardBrand: plan.card?.brand ?? null,
          cardLast4: plan.card?.last4 ?? null,
          comment: plan.comment,
        })
        .returning();
      await tx.insert(orderItems).values(
        group.map((l) => ({ orderId: order.id, productId: l.product!.id, name: l.product!.name, nameEn: l.product!.nameEn, imageId: l.product!.imageIds[0] ?? null, unitPrice: l.product!.finalPrice, quantity: l.item.quantity })),
      );
      const limited = group.filter((l) => l.product!.stock !== null);
      if (limited.length) await tx.insert(stockReservations).values(limited.map((l) => ({ orderId: order.id, productId: l.product!.id, quantity: l.item.quantity })));
      await tx.insert(orderStatusHistory).values({ orderId: order.id, fromStatus: null, toStatus: status, actor: 'buyer', actorUserId: plan.buyerId });
      created.push(order);
    }
    await tx.delete(cartItems).where(and(eq(cartItems.userId, plan.buyerId), inArray(cartItems.id, lines.map((l) => l.item.id))));
    return { checkoutId: checkout.id, orders: created };
  });
}

/** The orders an earlier request with this key created (empty while that request is still running, or if it failed). */
export async function ordersOfCheckout(db: Db, buyerId: number, idempotencyKey: string): Promise<Order[] | null> {
  const [checkout] = await db.select().from(checkouts).where(and(eq(checkouts.buyerId, buyerId), eq(checkouts.idempotencyKey, idempotencyKey)));
  if (!checkout) return null;
  return db.select().from(orders).where(eq(orders.checkoutId, checkout.id)).orderBy(orders.id);
}

/** A declined card gives the buyer their cart back: each line of the failed order returns (the larger quantity wins). */
export async function restoreCart(db: Db, order: Order): Promise<void> {
  await db.execute(sql`
    insert into cart_items (user_id, product_id, business_id, quantity, seen_name, seen_price, seen_currency)
    select ${order.buyerId}, i.product_id, ${order.businessId}, i.quantity, i.name, i.unit_price, ${order.currency}
      from order_items i where i.order_id = ${order.id} and i.product_id is not null
    on conflict (user_id, product_id) do update set quantity = greatest(cart_items.quantity, excluded.quantity)`);
}
