import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DeliveryKind, OrderStatus } from '../../../shared/orders/order-machine';
import { deliveryPrice, orderTotal } from '../../../shared/orders/order-totals';
import type { Db } from '../client';
import { addresses, businesses, cards, checkouts, orderItems, orderRatings, orderStatusHistory, orders, payments, products, users } from '../schema';
import { random } from './catalog-seed';
import { SEED_PEOPLE } from './catalog-seed-data';
import { EVERY_STATE, stepsTo, USUAL_STATES, type PaymentKind } from './orders-seed-plan';

const HOUR_MS = 3600_000;
const COMMENTS = ['Всё отлично, спасибо!', 'Быстро и вкусно', 'Свежие продукты', null, 'Курьер опоздал, но всё целое', null];

/**
 * Real orders for the demo: a few per business from the demo buyers, in every
 * state (all of them on seller@example.com's businesses), with their items,
 * timelines, card payments and ratings. Products' and businesses' order
 * counts and ratings are then counted from these orders, the way the server
 * keeps them (a delivered order counts; a rating adds its stars), so
 * "popular" and "best rated" show real figures. Stock is left as seeded: it
 * is the stock after these sales.
 */
export async function seedOrders(db: Db): Promise<void> {
  const rnd = random(20_261_124);
  const buyerRows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['buyer@example.com', ...SEED_PEOPLE.map((p) => p.email)]));
  const [seller] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'seller@example.com'));
  if (!buyerRows.length || !seller) return;
  const mainBuyer = buyerRows.find((b) => b.email === 'buyer@example.com')!;
  const addressRows = await db
    .insert(addresses)
    .values(buyerRows.map((b, i) => ({ userId: b.id, city: 'Москва', street: ['Тверская', 'Арбат', 'Ленинский проспект', 'Профсоюзная'][i % 4], house: String(3 + i), flat: String(10 + i * 3), isDefault: true })))
    .returning();
  const addressOf = new Map(addressRows.map((a) => [a.userId, a]));
  // The demo buyer's saved card: the test provider's succeeding card, as the provider would have tokenised it.
  await db.insert(cards).values({ userId: mainBuyer.id, provider: 'test', providerToken: 'tok_test_ok_demo0000000000000000', brand: 'visa', last4: '4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 5, holder: 'IRINA POKUPATELEVA' });

  const businessRows = await db.select().from(businesses).orderBy(businesses.id);
  const productRows = await db
    .select()
    .from(products)
    .where(and(eq(products.status, 'published'), or(isNull(products.stock), gt(products.stock, 0))))
    .orderBy(products.id);
  const now = Date.now();

  await db.transaction(async (tx) => {
    let n = 0;
    for (const business of businessRows) {
      const offer = productRows.filter((p) => p.businessId === business.id);
      if (!offer.length) continue;
      const states: OrderStatus[] = business.ownerId === seller.id ? EVERY_STATE : USUAL_STATES.slice(0, 3 + (business.id % 5));
      for (const target of states) {
        n++;
        const buyers = buyerRows.filter((b) => b.id !== business.ownerId);
        // The demo buyer gets a share of every kind of order, so their history is full too.
        const buyer = n % 3 === 0 ? mainBuyer : rnd.pick(buyers);
        const delivery: DeliveryKind = target === 'ready' || business.kind === 'service' ? 'pickup' : target === 'shipped' ? 'courier' : rnd.pick(['pickup', 'courier'] as const);
        const payment: PaymentKind = target === 'pending_payment' || target === 'payment_failed' ? 'new_card' : rnd.pick(['cash', 'new_card'] as const);
        const steps = stepsTo(target, delivery, payment, n % 2 ? 'buyer' : 'seller');
        const lines = [...new Set(Array.from({ length: rnd.int(1, 3) }, () => rnd.pick(offer)))].map((p) => ({ product: p, quantity: rnd.int(1, 2) }));
        const itemsTotal = lines.reduce((sum, l) => sum + l.product.finalPrice * l.quantity, 0);
        const price = deliveryPrice(delivery, business.deliveryDiscountPercent);
        const startedAt = now - rnd.int(2, 40 * 24) * HOUR_MS;
        const at = (step: number) => new Date(Math.min(now - 60_000, startedAt + step * rnd.int(1, 20) * HOUR_MS));
        const address = delivery === 'courier' ? addressOf.get(buyer.id)! : null;
        const [checkout] = await tx.insert(checkouts).values({ buyerId: buyer.id, idempotencyKey: `seed-${n}`, createdAt: new Date(startedAt) }).returning();
        const last = steps.at(-1)!;
        const [order] = await tx
          .insert(orders)
          .values({
            checkoutId: checkout.id,
            buyerId: buyer.id,
            businessId: business.id,
            status: last.to,
            currency: lines[0].product.currency,
            itemsTotal,
            deliveryCost: price.cost,
            deliveryDiscount: price.discount,
            total: orderTotal(itemsTotal, price),
            deliveryKind: delivery,
            addressId: address?.id ?? null,
            address: address ? { city: address.city, street: address.street, house: address.house, flat: address.flat, entrance: null, floor: null, intercom: null, comment: null } : null,
            paymentKind: payment,
            cardBrand: payment === 'new_card' ? 'visa' : null,
            cardLast4: payment === 'new_card' ? '4242' : null,
            cancelReason: last.to === 'cancelled' ? (last.reason ?? null) : null,
            // Open orders are fresh, so the sweep does not close the demo's open orders at the first start.
            statusChangedAt: ['pending_payment', 'placed', 'delivered'].includes(last.to) ? new Date(now - 5 * 60_000) : at(steps.length - 1),
            createdAt: new Date(startedAt),
          })
          .returning();
        await tx.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, productId: l.product.id, name: l.product.name, nameEn: l.product.nameEn, imageId: l.product.imageIds[0] ?? null, unitPrice: l.product.finalPrice, quantity: l.quantity })));
        await tx.insert(orderStatusHistory).values(
          steps.map((s, i) => ({ orderId: order.id, fromStatus: i ? steps[i - 1].to : null, toStatus: s.to, actor: s.by, actorUserId: s.by === 'buyer' ? buyer.id : s.by === 'seller' ? business.ownerId : null, reason: s.reason ?? null, createdAt: at(i) })),
        );
        if (payment === 'new_card' && target !== 'pending_payment') {
          const paid = steps.some((s) => s.to === 'placed');
          await tx.insert(payments).values({
            orderId: order.id,
            provider: 'test',
            idempotencyKey: `order-${order.id}-charge`,
            providerChargeId: `ch_seed_${order.id}`,
            status: !paid ? 'failed' : last.to === 'cancelled' ? 'refunded' : 'succeeded',
            amount: order.total,
            currency: order.currency,
            failureCode: paid ? null : 'card_declined',
          });
        }
        const sold = last.to === 'delivered' || last.to === 'completed';
        if (sold && rnd.next() < 0.75) {
          await tx.insert(orderRatings).values({ orderId: order.id, buyerId: buyer.id, businessId: business.id, stars: rnd.pick([3, 4, 4, 5, 5, 5]), comment: rnd.pick(COMMENTS) });
        }
      }
    }
    // Counters from the orders, as the server keeps them.
    await tx.execute(sql`
      update products p set orders_count = s.n
        from (select i.product_id, count(distinct i.order_id)::int as n from order_items i join orders o on o.id = i.order_id
               where o.status in ('delivered', 'completed') and i.product_id is not null group by i.product_id) s
       where p.id = s.product_id`);
    await tx.execute(sql`
      update businesses b set orders_count = s.n
        from (select business_id, count(*)::int as n from orders where status in ('delivered', 'completed') group by business_id) s
       where b.id = s.business_id`);
    await tx.execute(sql`
      update businesses b set rating_sum = s.total, rating_count = s.n
        from (select business_id, sum(stars)::int as total, count(*)::int as n from order_ratings group by business_id) s
       where b.id = s.business_id`);
    await tx.execute(sql`
      update products p set rating_sum = s.total, rating_count = s.n
        from (select i.product_id, sum(r.stars)::int as total, count(*)::int as n
                from order_ratings r join order_items i on i.order_id = r.order_id where i.product_id is not null group by i.product_id) s
       where p.id = s.product_id`);
  });
}
