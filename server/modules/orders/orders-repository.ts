import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../shared/orders/order-machine';
import type { Db } from '../../db/client';
import {
  businesses,
  deliveries,
  orderItems,
  orderRatings,
  orderStatusHistory,
  orders,
  users,
  type Delivery,
  type Order,
  type OrderHistoryRow,
  type OrderItem,
  type OrderRating,
} from '../../db/schema';

/** An order with the two parties' names, as lists and the detail show them. */
export interface OrderRow {
  order: Order;
  business: { id: number; name: string; nameEn: string | null; ownerId: number };
  buyer: { id: number; name: string; locale: string };
}

const rowColumns = {
  order: orders,
  business: { id: businesses.id, name: businesses.name, nameEn: businesses.nameEn, ownerId: businesses.ownerId },
  buyer: { id: users.id, name: users.name, locale: users.locale },
};

/** Reads of orders; every read is scoped to the buyer or the selling business's owner. */
export function ordersRepository(db: Db) {
  const base = () => db.select(rowColumns).from(orders).innerJoin(businesses, eq(businesses.id, orders.businessId)).innerJoin(users, eq(users.id, orders.buyerId));

  async function page(where: SQL | undefined, pageNo: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      base().where(where).orderBy(desc(orders.id)).limit(perPage).offset((pageNo - 1) * perPage),
      db.select({ n: count() }).from(orders).innerJoin(businesses, eq(businesses.id, orders.businessId)).where(where),
    ]);
    return { rows: rows as OrderRow[], total: Number(total.n) };
  }
  const statusIn = (statuses?: OrderStatus[]) => (statuses?.length ? inArray(orders.status, statuses) : undefined);

  return {
    /** The order if the user bought it or owns the business selling it; null otherwise (a 404 either way). */
    async visibleTo(userId: number, orderId: number): Promise<(OrderRow & { viewer: 'buyer' | 'seller' }) | null> {
      const [row] = (await base().where(eq(orders.id, orderId))) as OrderRow[];
      if (!row) return null;
      if (row.order.buyerId === userId) return { ...row, viewer: 'buyer' };
      if (row.business.ownerId === userId) return { ...row, viewer: 'seller' };
      return null;
    },
    async byIds(ids: number[]): Promise<OrderRow[]> {
      if (!ids.length) return [];
      return (await base().where(inArray(orders.id, ids)).orderBy(asc(orders.id))) as OrderRow[];
    },
    forBuyer(buyerId: number, statuses: OrderStatus[] | undefined, pageNo: number, perPage: number) {
      return page(and(eq(orders.buyerId, buyerId), statusIn(statuses)), pageNo, perPage);
    },
    forSeller(ownerId: number, statuses: OrderStatus[] | undefined, businessId: number | undefined, pageNo: number, perPage: number) {
      return page(and(eq(businesses.ownerId, ownerId), businessId ? eq(orders.businessId, businessId) : undefined, statusIn(statuses)), pageNo, perPage);
    },
    async items(orderIds: number[]): Promise<OrderItem[]> {
      if (!orderIds.length) return [];
      return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
    },
    history(orderId: number): Promise<OrderHistoryRow[]> {
      return db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId)).orderBy(asc(orderStatusHistory.id));
    },
    async rating(orderId: number): Promise<OrderRating | null> {
      const [row] = await db.select().from(orderRatings).where(eq(orderRatings.orderId, orderId));
      return row ?? null;
    },
    async delivery(orderId: number): Promise<Delivery | null> {
      const [row] = await db.select().from(deliveries).where(eq(deliveries.orderId, orderId));
      return row ?? null;
    },
    /** Ids of orders in `status` whose status is older than `before`: what the sweep looks at. */
    async due(status: OrderStatus, before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.status, status), sql`${orders.statusChangedAt} <= ${before.toISOString()}::timestamptz`))
        .orderBy(asc(orders.statusChangedAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
