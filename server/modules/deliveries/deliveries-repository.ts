import type { Db } from '../../db/client';
import { deliveries, type Delivery } from '../../db/schema';

export interface NewDelivery {
  orderId: number;
  courierName: string;
  courierPhone: string | null;
  trackingCode: string | null;
  expectedAt: Date | null;
}

export function deliveriesRepository(db: Db) {
  return {
    /** Null when the order has a delivery already (one per order, by its unique key). */
    async create(input: NewDelivery): Promise<Delivery | null> {
      const [row] = await db.insert(deliveries).values(input).onConflictDoNothing({ target: deliveries.orderId }).returning();
      return row ?? null;
    },
  };
}
