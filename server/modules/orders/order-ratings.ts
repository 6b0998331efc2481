import { eq, inArray, sql } from 'drizzle-orm';
import { RATEABLE_STATUSES } from '../../../shared/orders/order-machine';
import type { Db } from '../../db/client';
import { businesses, orderItems, orderRatings, orders, products } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { catalogChanged } from '../catalog/common/catalog-changes';

/**
 * The buyer rates a delivered order, once: the stars join the business's and
 * each ordered product's rating (sum and count, which the catalogue's mean
 * and "best rated" sort read). The order row lock and the rating's primary
 * key make a double submit count once.
 */
export async function rateOrder(db: Db, buyerId: number, orderId: number, stars: number, comment: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.buyerId !== buyerId) throw notFound();
    if (!RATEABLE_STATUSES.includes(order.status)) throw conflict('orders.errors.notRateable');
    const inserted = await tx.insert(orderRatings).values({ orderId, buyerId, businessId: order.businessId, stars, comment }).onConflictDoNothing().returning();
    if (!inserted.length) throw conflict('orders.errors.alreadyRated');
    await tx
      .update(businesses)
      .set({ ratingSum: sql`${businesses.ratingSum} + ${stars}`, ratingCount: sql`${businesses.ratingCount} + 1` })
      .where(eq(businesses.id, order.businessId));
    const lines = await tx.select({ productId: orderItems.productId }).from(orderItems).where(eq(orderItems.orderId, orderId));
    const ids = [...new Set(lines.map((l) => l.productId).filter((id): id is number => id !== null))].sort((a, b) => a - b);
    if (ids.length) {
      await tx
        .update(products)
        .set({ ratingSum: sql`${products.ratingSum} + ${stars}`, ratingCount: sql`${products.ratingCount} + 1` })
        .where(inArray(products.id, ids));
    }
  });
  catalogChanged(db);
}

