import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { OrderAddress } from '../../../shared/api/addresses';
import type { PaymentKind } from '../../../shared/api/order-values';
import type { DeliveryKind, OrderStatus } from '../../../shared/orders/order-machine';
import { deliveryPrice, orderTotal } from '../../../shared/orders/order-totals';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { oncePerDatabase } from '../../db/once-per-database';
import { cartItems, checkouts, orderItems, orderStatusHistory, orders, payments, stockHolds, stockReservations, users, type Order, type Payment } from '../../db/schema';
import { conflict, HttpError, validationFailed } from '../../lib/http-error';
import { isAvailable, lineProblems } from '../cart/cart-lines';
import { orderStatsCte } from '../statistics/order-stats';
import type { CartLine } from '../cart/cart-repository';
import type { NewPayment } from '../payments/payments-repository';
import type { SummaryLine } from './order-resource';
import type { Hold } from './stock-holds';

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
  /** The payment row of each new card order, written with it (server/modules/payments). */
  paymentFor?: (order: Order) => NewPayment;
  /** The stock this checkout took before its transaction (stock-holds.ts), turned into reservations here. */
  holds: Hold[];
  /** The cart lines bought, as read and checked just before (checkoutLines), at their prices then. */
  lines: CartLine[];
}

/** Thrown when the checkout row exists already: the request is a repeat, answered from what the first stored. */
export class RepeatedCheckout extends Error {}

export const outOfStock = (line: CartLine, stock: number) => new HttpError(409, 'orders.errors.outOfStock', { name: line.product!.name, stock });

/**
 * The cart lines a checkout buys (those of `businessIds`, or all), refused as
 * a whole when one cannot be bought as the buyer saw it: empty (422), sold
 * out or too few left, gone, or changed since seen (409).
 */
export function checkoutLines(all: CartLine[], businessIds?: number[]): CartLine[] {
  const wanted = businessIds?.length ? new Set(businessIds) : null;
  const lines = wanted ? all.filter((l) => wanted.has(l.business.id)) : all;
  if (!lines.length) throw validationFailed({ cart: [msg('orders.errors.cartEmpty')] });
  for (const line of lines) {
    const problems = lineProblems(line);
    if (!isAvailable(problems)) {
      if (problems.includes('not_enough_stock') || problems.includes('out_of_stock')) throw outOfStock(line, line.product?.stock ?? 0);
      throw new HttpError(409, 'orders.errors.unavailable', { name: line.product?.name ?? line.item.seenName });
    }
    if (problems.length) throw conflict('orders.errors.cartChanged');
  }
  return lines;
}

/**
 * Turns the buyer's cart into orders, one per business, in one transaction:
 * prices as the buyer accepted them, the stock held for it (taken just before,
 * stock-holds.ts) turned into reservations, address and card copied, the
 * lines removed from the cart. Anything wrong rolls it all back.
 * The lines are those read just before the transaction, not read again in it: removing them from
 * the cart checks they are still there with the same quantities (another tab may have changed
 * them), and a line added meanwhile stays in the cart for later.
 */
export async function writeCheckout(
  db: Db,
  plan: CheckoutPlan,
  /** More writes in the checkout's transaction (the orders' notifications); what it returns runs after the commit. */
  alongside?: (tx: Db, created: Order[]) => Promise<() => void>,
): Promise<{ checkoutId: number; orders: Order[]; items: SummaryLine[]; businesses: Map<number, CartLine['business']>; payments: Payment[]; publish(): void }> {
  return db.transaction(async (tx) => {
    // One checkout per buyer at a time: a second one (another key, another tab) waits on the buyer's row and
    // then sees the emptied cart. The lock is taken by the checkout row's own insert (one round trip).
    // The holds become this checkout's in the same statement: if the sweep gave one back meanwhile, it is refused.
    const buyerLocked = sql`(select ${users.id} from ${users} where ${users.id} = ${plan.buyerId} for no key update)`;
    const converted = tx.$with('converted_holds').as(tx.delete(stockHolds).where(heldIds(plan.holds)).returning({ id: stockHolds.id }));
    const [checkout] = await tx
      .with(converted)
      .insert(checkouts)
      .values({ buyerId: buyerLocked, idempotencyKey: plan.idempotencyKey })
      .onConflictDoNothing()
      .returning({ id: checkouts.id, converted: sql<number>`(select count(*) from converted_holds)::int` });
    if (!checkout) throw new RepeatedCheckout();
    if (checkout.converted !== plan.holds.length) throw conflict('orders.errors.cartChanged');

    const { lines } = plan;
    // The holds were taken for these very lines (same products, same quantities).
    if (!sameAsHeld(lines, plan.holds)) throw conflict('orders.errors.cartChanged');
    const byBusiness = new Map<number, CartLine[]>();
    for (const line of lines) byBusiness.set(line.business.id, [...(byBusiness.get(line.business.id) ?? []), line]);
    const status: OrderStatus = plan.paymentKind === 'cash' ? 'placed' : 'pending_payment';
    const values = [...byBusiness].map(([businessId, group]) => {
      const currency = group[0].product!.currency;
      if (group.some((l) => l.product!.currency !== currency)) throw validationFailed({ cart: [msg('orders.errors.mixedCurrency')] });
      const itemsTotal = group.reduce((sum, l) => sum + l.product!.finalPrice * l.item.quantity, 0);
      const delivery = deliveryPrice(plan.deliveryKind, group[0].business.deliveryDiscountPercent);
      return {
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
      } as const;
    });
    // The orders first (their ids), then everything else in one statement: lines, reservations, history,
    // payments and the bought cart lines, as data-modifying CTEs (each a table's one insert or delete).
    const created = await tx.insert(orders).values(values).returning();
    const orderOf = new Map(created.map((o) => [o.businessId, o.id]));
    const limited = limitedLines(lines);
    const items = lines.map((l) => ({ orderId: orderOf.get(l.business.id)!, productId: l.product!.id, name: l.product!.name, nameEn: l.product!.nameEn, imageId: l.product!.imageIds[0] ?? null, unitPrice: l.product!.finalPrice, quantity: l.item.quantity }));
    const writes = [
      tx.$with('new_items').as(tx.insert(orderItems).values(items)),
      tx.$with('new_history').as(
        tx.insert(orderStatusHistory).values(created.map((o) => ({ orderId: o.id, fromStatus: null, toStatus: status, actor: 'buyer' as const, actorUserId: plan.buyerId }))),
      ),
      // Only lines still as they were read go; the main statement counts them (below).
      tx.$with('bought_lines').as(
        tx
          .delete(cartItems)
          .where(and(eq(cartItems.userId, plan.buyerId), sql`(${cartItems.id}, ${cartItems.quantity}) in (${sql.join(lines.map((l) => sql`(${l.item.id}::integer, ${l.item.quantity}::integer)`), sql`, `)})`))
          .returning({ id: cartItems.id }),
      ),
      // The sellers' statistics (orders and revenue per product and business), appended for the statistics loop: a CTE, not a statement of its own.
      orderStatsCte(tx, lines.map((l) => ({ orderId: orderOf.get(l.business.id)!, businessId: l.business.id, productId: l.product!.id, total: l.product!.finalPrice * l.item.quantity }))),
      ...(limited.length
        ? [tx.$with('new_reservations').as(tx.insert(stockReservations).values(limited.map((l) => ({ orderId: orderOf.get(l.business.id)!, productId: l.product!.id, quantity: l.item.quantity }))))]
        : []),
    ];
    // PostgreSQL runs every data-modifying CTE whether or not the main statement reads it; this one also
    // says how many lines the cart gave up, which must be all of them.
    const bought = sql<number>`(select count(*) from bought_lines)::int`;
    const written = plan.paymentFor
      ? await tx.with(...writes).insert(payments).values(created.map(plan.paymentFor)).returning({ ...getTableColumns(payments), bought })
      : await tx.with(...writes).select({ bought }).from(sql`(values (1)) as one`);
    if ((written[0]?.bought ?? 0) !== lines.length) throw conflict('orders.errors.cartChanged');
    const paymentRows: Payment[] = plan.paymentFor ? written.map(({ bought: _bought, ...payment }) => payment as Payment) : [];
    const afterCommit = (await alongside?.(tx, created)) ?? (() => undefined);
    const sellers = new Map(lines.map((l) => [l.business.id, l.business]));
    return { checkoutId: checkout.id, orders: created, items, businesses: sellers, payments: paymentRows, publish: afterCommit };
  });
}

/** The lines whose stock a checkout takes: products with a stock limit. */
export const limitedLines = (lines: CartLine[]) => lines.filter((l) => l.product!.stock !== null);

const heldIds = (holds: Hold[]) => (holds.length ? inArray(stockHolds.id, holds.map((h) => h.id)) : sql`false`);

/** The limited lines are exactly the held ones: same products, same quantities. */
function sameAsHeld(lines: CartLine[], holds: Hold[]): boolean {
  const limited = limitedLines(lines);
  const held = new Map(holds.map((h) => [h.productId, h.quantity]));
  return limited.length === holds.length && limited.every((l) => held.get(l.product!.id) === l.item.quantity);
}

// Every checkout asks it first: built once per database and sent by name.
const checkoutByKey = oncePerDatabase((db: Db) =>
  db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.buyerId, sql.placeholder('buyerId')), eq(checkouts.idempotencyKey, sql.placeholder('key'))))
    .prepare('checkout_by_key'),
);

/** The orders an earlier request with this key created (empty while that request is still running, or if it failed). */
export async function ordersOfCheckout(db: Db, buyerId: number, idempotencyKey: string): Promise<Order[] | null> {
  const [checkout] = await checkoutByKey(db).execute({ buyerId, key: idempotencyKey });
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
