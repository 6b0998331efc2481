import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import type { Payment } from '../../db/schema';
import { paymentsRepository, type NewPayment } from './payments-repository';

export interface ChargeTarget {
  orderId: number;
  amount: number;
  currency: string;
  token: string;
  cardId: number | null;
}

/**
 * Charges, confirmations and refunds of orders, each recorded in `payments`.
 * Runs outside any database transaction (a provider call may take seconds and
 * must not hold row locks); the order's status follows in its own transaction.
 */
export function paymentsService(db: Db, provider: PaymentProvider, log: FastifyBaseLogger) {
  const repository = paymentsRepository(db);

  return {
    provider,
    repository,

    /** The payment row of a new order's charge: the checkout writes it with the order, in one transaction. */
    newPayment(target: Omit<ChargeTarget, 'token'>): NewPayment {
      return { orderId: target.orderId, cardId: target.cardId, provider: provider.name, idempotencyKey: `order-${target.orderId}-charge`, amount: target.amount, currency: target.currency };
    },

    /**
     * Charges the orders of one checkout, each once (its own idempotency key):
     * an order already charged answers its first outcome without asking again.
     * `claimed` are the orders' payment rows when the caller has them. The
     * outcomes come in the order of `targets`; `settle` records them, in the
     * caller's transaction (with the orders' moves) or on its own.
     */
    async chargeMany(targets: ChargeTarget[], claimed?: Payment[]): Promise<{ outcomes: ChargeOutcome[]; settle(executor?: Db): Promise<void> }> {
      const rows = claimed ?? (await repository.claimMany(targets.map((t) => this.newPayment(t))));
      const settled: Array<{ id: number; status: ChargeOutcome['status']; chargeId: string; failureCode: string | null }> = [];
      const outcomes: ChargeOutcome[] = [];
      for (const target of targets) {
        const row = rows.find((r) => r.orderId === target.orderId)!;
        if (row.status !== 'pending' && row.providerChargeId) {
          outcomes.push({ status: row.status === 'refunded' ? 'succeeded' : (row.status as ChargeOutcome['status']), chargeId: row.providerChargeId, failureCode: row.failureCode ?? undefined });
          continue;
        }
        const outcome = await provider.charge({ token: target.token, amount: row.amount, currency: row.currency, idempotencyKey: row.idempotencyKey });
        settled.push({ id: row.id, status: outcome.status, chargeId: outcome.chargeId, failureCode: outcome.failureCode ?? null });
        if (outcome.status === 'failed') log.info({ orderId: target.orderId, failureCode: outcome.failureCode }, 'charge declined');
        outcomes.push(outcome);
      }
      return { outcomes, settle: (executor = db) => repository.settleMany(settled, executor) };
    },

    /** Completes a charge waiting for the buyer's confirmation; null when the order has none waiting. */
    async confirm(orderId: number): Promise<ChargeOutcome | null> {
      const row = await repository.latestFor(orderId, ['requires_confirmation']);
      if (!row?.providerChargeId) return null;
      const outcome = await provider.confirm(row.providerChargeId);
      await repository.settle(row.id, outcome.status, outcome.chargeId, outcome.failureCode ?? null);
      return outcome;
    },

    /** Gives back what an order was charged; false when nothing was charged (cash, declined, already refunded). */
    async refund(orderId: number): Promise<boolean> {
      const row = await repository.latestFor(orderId, ['succeeded']);
      if (!row?.providerChargeId) return false;
      const { refundId } = await provider.refund({ chargeId: row.providerChargeId, amount: row.amount, idempotencyKey: `${row.idempotencyKey}-refund` });
      await repository.markRefunded(row.id, refundId);
      return true;
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
