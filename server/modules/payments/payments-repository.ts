import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, type Payment } from '../../db/schema';
import type { PaymentStatus } from '../../../shared/api/order-values';

export interface NewPayment {
  orderId: number;
  cardId: number | null;
  provider: string;
  idempotencyKey: string;
  amount: number;
  currency: string;
}

/** Payment rows: one per charge attempt of an order, found again by its idempotency key. */
export function paymentsRepository(db: Db) {
  return {
    /** The row for this key: the one just made, or the one an earlier attempt made. */
    async claim(input: NewPayment): Promise<Payment> {
      await db.insert(payments).values(input).onConflictDoNothing({ target: payments.idempotencyKey });
      const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
      return row;
    },
    /** `claim` for several charges: one insert, one read. */
    async claimMany(inputs: NewPayment[]): Promise<Payment[]> {
      if (!inputs.length) return [];
      await db.insert(payments).values(inputs).onConflictDoNothing({ target: payments.idempotencyKey });
      return db.select().from(payments).where(inArray(payments.idempotencyKey, inputs.map((i) => i.idempotencyKey)));
    },
    /** Records several outcomes in one statement. */
    async settleMany(rows: Array<{ id: number; status: PaymentStatus; chargeId: string; failureCode: string | null }>, executor: Db = db) {
      if (!rows.length) return;
      const values = sql.join(
        rows.map((r) => sql`(${r.id}::int, ${r.status}::payment_status, ${r.chargeId}::varchar, ${r.failureCode}::varchar)`),
        sql`, `,
      );
      await executor.execute(sql`
        update payments p set status = v.status, provider_charge_id = v.charge_id, failure_code = v.failure_code, updated_at = now()
          from (values ${values}) as v(id, status, charge_id, failure_code)
         where p.id = v.id`);
    },
    async settle(id: number, status: PaymentStatus, chargeId: string | null, failureCode: string | null = null) {
      await db.update(payments).set({ status, providerChargeId: chargeId, failureCode }).where(eq(payments.id, id));
    },
    async markRefunded(id: number, refundId: string) {
      await db.update(payments).set({ status: 'refunded', providerRefundId: refundId, refundedAt: new Date() }).where(eq(payments.id, id));
    },
    async latestFor(orderId: number, statuses?: PaymentStatus[]): Promise<Payment | null> {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), statuses ? inArray(payments.status, statuses) : undefined))
        .orderBy(payments.id);
      return rows.at(-1) ?? null;
    },
    async forOrders(orderIds: number[]): Promise<Payment[]> {
      if (!orderIds.length) return [];
      return db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(payments.id);
    },
  };
}
