/**
 * Plain values of cart, checkout, orders, cards and deliveries (no schema
 * library), read by the TypeBox contract, the server and the SPA. The state
 * machine itself lives in shared/orders/order-machine.ts.
 */

/** How the buyer pays: a saved card, a card typed in at checkout, or cash on receipt. */
export const PAYMENT_KINDS = ['saved_card', 'new_card', 'cash'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/**
 * A card payment's life. `requires_confirmation`: the bank wants the buyer to
 * confirm (3-D Secure); `POST /v1/orders/{id}/confirm-payment` completes it.
 */
export const PAYMENT_STATUSES = ['pending', 'requires_confirmation', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a cart line cannot be bought as it is now. */
export const CART_ITEM_PROBLEMS = ['deleted', 'unpublished', 'out_of_stock', 'not_enough_stock', 'price_changed'] as const;
export type CartItemProblem = (typeof CART_ITEM_PROBLEMS)[number];

/** Most of one product in one cart line (and in one order line). */
export const CART_QUANTITY_MAX = 999;
/** Distinct lines in one cart. */
export const CART_ITEMS_MAX = 100;

/** Courier delivery before the business's delivery discount, in minor units of the order's currency; pickup is free. */
export const COURIER_DELIVERY_COST = 29_900;

/** Stars of an order rating. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_COMMENT_MAX = 2000;
export const CANCEL_REASON_MAX = 500;
export const ORDER_COMMENT_MAX = 1000;
/** A courier hand-off (`POST /v1/deliveries`): the longest name, phone and tracking code. */
export const COURIER_FIELD_MAX = { courier_name: 100, courier_phone: 32, tracking_code: 64, expected_at: 40 } as const;

/** Idempotency keys: what a client generates per checkout attempt (a UUID fits). */
export const IDEMPOTENCY_KEY_MIN = 8;
export const IDEMPOTENCY_KEY_MAX = 64;
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]+$';

/**
 * The sweep's deadlines (server/modules/orders/order-sweeper.ts): a card order
 * not paid (nor confirmed) within 30 minutes fails; an order the business has
 * not accepted within 24 hours is cancelled (and refunded if paid); a
 * delivered order completes after 7 days.
 */
export const PAYMENT_DEADLINE_MINUTES = 30;
export const ACCEPT_DEADLINE_HOURS = 24;
export const COMPLETE_AFTER_DAYS = 7;
/** How often the sweep looks. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

/** Card brands the test provider recognises by the number's prefix. */
export const CARD_BRANDS = ['visa', 'mastercard', 'mir', 'amex', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * The built-in test provider's cards (any future expiry, any 3-digit CVC):
 * the first is charged, the second is declined, the third needs a confirmation step.
 */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresConfirmation: '4000000000003220',
} as const;

/** Addresses kept per user, and their field lengths. */
export const ADDRESSES_MAX = 20;
export const CARDS_MAX = 10;
export const ADDRESS_FIELD_MAX = { city: 100, street: 150, house: 20, flat: 20, entrance: 10, floor: 10, intercom: 20, comment: 500 } as const;
