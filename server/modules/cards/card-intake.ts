import type { NewCardBody } from '../../../shared/api/cards';
import { cardDigits, cardSchema, parseExpiry } from '../../../shared/validation/cards';
import { msg } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import type { PaymentProvider, TokenisedCard } from '../payments/payment-provider';

/**
 * A typed-in card, checked by the shared rules and handed to the provider:
 * what comes back is a token. The number and CVC live only in this call's
 * memory; field errors never echo them. `field` prefixes error paths (`card.`
 * at checkout).
 */
export async function tokeniseCard(provider: PaymentProvider, body: NewCardBody, field = ''): Promise<{ card: TokenisedCard; holder: string | null }> {
  let input;
  try {
    input = await validateShared(cardSchema, body);
  } catch (error) {
    const fieldErrors = (error as { fieldErrors?: Record<string, unknown> }).fieldErrors;
    if (field && fieldErrors) {
      throw validationFailed(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [`${field}${k}`, v as never])));
    }
    throw error;
  }
  const expiry = parseExpiry(input.expiry)!;
  const result = await provider.tokenise({ number: cardDigits(input.number), expMonth: expiry.month, expYear: expiry.year, cvc: input.cvc, holder: input.holder });
  if (!result.ok) throw validationFailed({ [`${field}number`]: [msg('cards.errors.rejected')] });
  return { card: result.card, holder: input.holder };
}
