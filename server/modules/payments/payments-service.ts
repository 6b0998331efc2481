import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';
import { paymentsRepository } from './payments-repository';

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

    /** Charges an order once: a repeat (same order) answers the first charge's outcome without asking again. */
    async charge(target: ChargeTarget): Promise<ChargeOutcome> {
      const row = await repository.claim({
        orderId: target.orderId,
        cardId: target.cardId,
        provider: provider.name,
        idempotencyKey: `order-${target.orderId}-charge`,
        amount: target.amount,
        currency: target.currency,
      });
      if (row.status !== 'pending' && row.providerChargeId) {
        return { status: row.status === 'refunded' ? 'succeeded' : (row.status as ChargeOutcome['status']), chargeId: row.providerChargeId, failureCode: row.failureCode ?? undefined };
      }
      const outcome = await provider.charge({ token: target.token, amount: row.amount, currency: row.currency, idempotencyKey: row.idempotencyKey });
      await repository.settle(row.id, outcome.status, outcome.chargeId, outcome.failureCode ?? null);
      if (outcome.status === 'failed') log.info({ orderId: target.orderId, failureCode: outcome.failureCode }, 'charge declined');
      return outcome;
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
