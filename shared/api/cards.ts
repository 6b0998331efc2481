import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './catalog-common';
import { CARD_BRANDS } from './order-values';

/**
 * `/v1/cards`: saved cards. The number and CVC go to the payment provider and
 * are never stored or logged; the card is kept as the provider's token, the
 * brand, the last four digits and the expiry. Checks (Luhn, expiry in the
 * future, CVC of 3–4 digits) are the shared rules of shared/validation/cards.ts.
 */
export const NewCardFields = {
  /** Digits, spaces allowed (`4242 4242 4242 4242`). */
  number: Type.String({ maxLength: 32 }),
  /** `MM/YY`. */
  expiry: Type.String({ maxLength: 7 }),
  cvc: Type.String({ maxLength: 4 }),
  holder: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
};
export const NewCardBody = Type.Object(NewCardFields);
export type NewCardBody = Static<typeof NewCardBody>;

export const CardResource = Type.Object({
  id: Type.Integer(),
  brand: StringEnum(CARD_BRANDS),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  holder: Nullable(Type.String()),
  /** True once the expiry month is over: such a card is shown but cannot pay. */
  is_expired: Type.Boolean(),
  created_at: Type.String(),
});
export type CardResource = Static<typeof CardResource>;
