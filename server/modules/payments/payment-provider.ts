import type { CardBrand } from '../../../shared/api/order-values';

/**
 * What the shop needs from a card payment provider. A real provider plugs in
 * behind this by `PAYMENT_PROVIDER` (see provider-registry.ts); the built-in
 * `test` provider runs on one machine.
 *
 * Every charge and refund carries an idempotency key: the provider answers a
 * repeated key with the first outcome, so a retry after a timeout or a crash
 * never charges twice.
 */
export interface CardDetails {
  /** Digits only. Goes to the provider and nowhere else: never stored, never logged. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  holder: string | null;
}

export interface TokenisedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type TokeniseResult = { ok: true; card: TokenisedCard } | { ok: false; code: string };

export type ChargeStatus = 'succeeded' | 'requires_confirmation' | 'failed';

export interface ChargeOutcome {
  status: ChargeStatus;
  chargeId: string;
  /** Why it failed (`card_declined`, …), for the log and the payment row. */
  failureCode?: string;
}

export interface ChargeRequest {
  token: string;
  amount: number;
  currency: string;
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: string;
  tokenise(card: CardDetails): Promise<TokeniseResult>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /**
   * Completes a charge that answered `requires_confirmation` once the buyer
   * passed the bank's step (3-D Secure). A real provider reports the bank's
   * verdict; confirming a finished charge returns its outcome again.
   */
  confirm(chargeId: string): Promise<ChargeOutcome>;
  refund(request: { chargeId: string; amount: number; idempotencyKey: string }): Promise<{ refundId: string }>;
}
