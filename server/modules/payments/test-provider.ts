import { createHash, randomBytes } from 'node:crypto';
import { TEST_CARDS } from '../../../shared/api/order-values';
import { cardBrand } from '../../../shared/validation/cards';
import type { ChargeOutcome, PaymentProvider } from './payment-provider';

type Behaviour = 'ok' | 'decline' | 'confirm';

const BEHAVIOURS: Record<string, Behaviour> = {
  [TEST_CARDS.succeeds]: 'ok',
  [TEST_CARDS.declined]: 'decline',
  [TEST_CARDS.requiresConfirmation]: 'confirm',
};

/** The same key always gives the same id, so a retried charge is recognisably the first one. */
const idFor = (prefix: string, key: string) => `${prefix}_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;

/**
 * The built-in provider: the well-known test numbers (4242… succeeds,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 3220 needs confirmation;
 * any other number that passed the shared checks succeeds). It keeps no
 * state: the token says how the card behaves and ids derive from the
 * idempotency key, so retries, restarts and several nodes all agree.
 */
export function createTestProvider(): PaymentProvider {
  return {
    name: 'test',
    async tokenise(card) {
      const behaviour = BEHAVIOURS[card.number] ?? 'ok';
      return {
        ok: true,
        card: {
          token: `tok_test_${behaviour}_${randomBytes(12).toString('hex')}`,
          brand: cardBrand(card.number),
          last4: card.number.slice(-4),
          expMonth: card.expMonth,
          expYear: card.expYear,
        },
      };
    },
    async charge({ token, idempotencyKey }): Promise<ChargeOutcome> {
      const behaviour = /^tok_test_(ok|decline|confirm)_/.exec(token)?.[1] as Behaviour | undefined;
      if (!behaviour) return { status: 'failed', chargeId: idFor('ch_test_x', idempotencyKey), failureCode: 'invalid_token' };
      if (behaviour === 'decline') return { status: 'failed', chargeId: idFor('ch_test_d', idempotencyKey), failureCode: 'card_declined' };
      if (behaviour === 'confirm') return { status: 'requires_confirmation', chargeId: idFor('ch_test_c', idempotencyKey) };
      return { status: 'succeeded', chargeId: idFor('ch_test_s', idempotencyKey) };
    },
    async confirm(chargeId) {
      // The test bank's confirmation page always passes; a declined charge stays declined.
      if (chargeId.startsWith('ch_test_d_') || chargeId.startsWith('ch_test_x_')) return { status: 'failed', chargeId, failureCode: 'card_declined' };
      return { status: 'succeeded', chargeId };
    },
    async refund({ idempotencyKey }) {
      return { refundId: idFor('re_test', idempotencyKey) };
    },
  };
}
