import { Type, type Static } from 'typebox';
import { OrderAddress } from './addresses';
import { NewCardBody } from './cards';
import { ImageResource, Nullable, PagedList, StringEnum } from './catalog-common';
import { DeliveryResource } from './deliveries';
import { Id } from './numbers';
import {
  CANCEL_REASON_MAX,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_KEY_MIN,
  IDEMPOTENCY_KEY_PATTERN,
  ORDER_COMMENT_MAX,
  PAYMENT_KINDS,
  PAYMENT_STATUSES,
  RATING_COMMENT_MAX,
  RATING_MAX,
  RATING_MIN,
} from './order-values';
import { DELIVERY_KINDS, ORDER_ACTORS, ORDER_STATUSES, SELLER_STATUS_TARGETS } from '../orders/order-machine';

/**
 * `/v1/orders*`. An order belongs to one buyer and one business; its prices,
 * totals and delivery address are copies made at checkout. Money is integer
 * minor units of `currency`. Moves follow shared/orders/order-machine.ts:
 * an illegal move is 409, a move by someone who may not make it 403, an order
 * that is neither mine nor my business's 404.
 */
export const OrderStatusSchema = StringEnum(ORDER_STATUSES);

export const OrderItemResource = Type.Object({
  id: Type.Integer(),
  /** Null once the product was deleted; the line keeps its name and price. */
  product_id: Nullable(Type.Integer()),
  name: Type.String(),
  image: Nullable(ImageResource),
  unit_price: Type.Integer(),
  quantity: Type.Integer(),
  line_total: Type.Integer(),
});
export type OrderItemResource = Static<typeof OrderItemResource>;

export const OrderTotals = Type.Object({
  currency: Type.String(),
  items: Type.Integer(),
  delivery_cost: Type.Integer(),
  delivery_discount: Type.Integer(),
  total: Type.Integer(),
});

export const OrderPayment = Type.Object({
  kind: StringEnum(PAYMENT_KINDS),
  /** Null for cash. */
  status: Nullable(StringEnum(PAYMENT_STATUSES)),
  card: Nullable(Type.Object({ brand: Type.String(), last4: Type.String() })),
  refunded: Type.Boolean(),
});

export const OrderTimelineEntry = Type.Object({
  from: Nullable(OrderStatusSchema),
  to: OrderStatusSchema,
  by: StringEnum(ORDER_ACTORS),
  reason: Nullable(Type.String()),
  at: Type.String(),
});
export type OrderTimelineEntry = Static<typeof OrderTimelineEntry>;

/** An order in lists: `/v1/orders/user`, `/v1/orders/business`. */
export const OrderSummary = Type.Object({
  id: Type.Integer(),
  status: OrderStatusSchema,
  business: Type.Object({ id: Type.Integer(), name: Type.String(), owner_id: Type.Integer() }),
  buyer: Type.Object({ id: Type.Integer(), name: Type.String() }),
  delivery_kind: StringEnum(DELIVERY_KINDS),
  payment_kind: StringEnum(PAYMENT_KINDS),
  totals: OrderTotals,
  items_count: Type.Integer(),
  /** The first few lines' names, for a one-line preview. */
  preview: Type.Array(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type OrderSummary = Static<typeof OrderSummary>;

/** `GET /v1/orders/{id}` (the buyer, or the selling business). `viewer` tells which side is looking; `moves` what they may do now. */
export const OrderResource = Type.Object({
  ...OrderSummary.properties,
  viewer: StringEnum(['buyer', 'seller'] as const),
  items: Type.Array(OrderItemResource),
  address: Nullable(OrderAddress),
  comment: Nullable(Type.String()),
  payment: OrderPayment,
  delivery: Nullable(DeliveryResource),
  cancel_reason: Nullable(Type.String()),
  timeline: Type.Array(OrderTimelineEntry),
  rating: Nullable(Type.Object({ stars: Type.Integer(), comment: Nullable(Type.String()), created_at: Type.String() })),
  /** Statuses the viewer may move the order to now (`cancelled` included when they may cancel). */
  moves: Type.Array(OrderStatusSchema),
  can_rate: Type.Boolean(),
  /** When the sweep moves the order on by itself if nobody acts (payment or acceptance deadline, auto-completion); null when final. */
  deadline_at: Nullable(Type.String()),
});
export type OrderResource = Static<typeof OrderResource>;

export const OrderPage = PagedList(OrderSummary);
export type OrderPage = Static<typeof OrderPage>;

const PageFields = {
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
};
/** `GET /v1/orders/user?status=placed&status=accepted&page=1`: newest first; no `status` means every state. */
export const UserOrdersQuery = Type.Object({
  status: Type.Optional(Type.Array(OrderStatusSchema, { maxItems: ORDER_STATUSES.length })),
  ...PageFields,
});
export type UserOrdersQuery = Static<typeof UserOrdersQuery>;
/** `GET /v1/orders/business?business_id=3&status=placed`: orders of every business I own, or of one. */
export const BusinessOrdersQuery = Type.Object({ ...UserOrdersQuery.properties, business_id: Type.Optional(Id()) });
export type BusinessOrdersQuery = Static<typeof BusinessOrdersQuery>;

/**
 * `POST /v1/orders/from-cart`: one order per business in the cart, in one
 * transaction. `idempotency_key` is made once per checkout attempt by the
 * client: a repeat with the same key returns the orders of the first (200
 * instead of 201) and never creates more. `address_id` is required for
 * courier delivery; `card_id` for `saved_card`; `card` for `new_card`
 * (`save_card` keeps it for next time).
 */
export const CheckoutBody = Type.Object({
  idempotency_key: Type.String({ minLength: IDEMPOTENCY_KEY_MIN, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN }),
  delivery_kind: StringEnum(DELIVERY_KINDS),
  address_id: Type.Optional(Nullable(Id())),
  payment_kind: StringEnum(PAYMENT_KINDS),
  card_id: Type.Optional(Nullable(Id())),
  card: Type.Optional(NewCardBody),
  save_card: Type.Optional(Type.Boolean()),
  /** Only these businesses' groups (default: the whole cart). */
  business_ids: Type.Optional(Type.Array(Id(), { maxItems: 100 })),
  comment: Type.Optional(Nullable(Type.String({ maxLength: ORDER_COMMENT_MAX }))),
});
export type CheckoutBody = Static<typeof CheckoutBody>;

/**
 * What checkout answers. `payment.status`: `succeeded` (card charged, orders
 * `placed`), `none` (cash, orders `placed`), `requires_confirmation` (orders
 * stay `pending_payment` until `POST /v1/orders/{id}/confirm-payment` for
 * each of `payment.pending_order_ids`). A declined card is a 422 (field
 * `card` or `card_id`); its orders are kept as `payment_failed`, their lines
 * go back into the cart and their stock is released.
 */
export const CheckoutResult = Type.Object({
  orders: Type.Array(OrderSummary),
  payment: Type.Object({
    status: StringEnum(['none', 'succeeded', 'requires_confirmation'] as const),
    pending_order_ids: Type.Array(Type.Integer()),
  }),
});
export type CheckoutResult = Static<typeof CheckoutResult>;

/** `PUT /v1/orders/{id}/status` (the selling business). */
export const OrderStatusBody = Type.Object({ status: StringEnum(SELLER_STATUS_TARGETS) });
export type OrderStatusBody = Static<typeof OrderStatusBody>;

/** `POST /v1/orders/{id}/cancel`: the buyer before acceptance (reason optional); the business before delivery (reason required). */
export const CancelOrderBody = Type.Object({ reason: Type.Optional(Nullable(Type.String({ maxLength: CANCEL_REASON_MAX }))) });
export type CancelOrderBody = Static<typeof CancelOrderBody>;

/** `POST /v1/orders/{id}/rate`: once, by the buyer, after delivery. */
export const RateOrderBody = Type.Object({
  stars: Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX }),
  comment: Type.Optional(Nullable(Type.String({ maxLength: RATING_COMMENT_MAX }))),
});
export type RateOrderBody = Static<typeof RateOrderBody>;

/**
 * `POST /v1/orders/{id}/confirm-payment`: the buyer completes a charge that
 * needs confirmation. With the test provider the confirmation always passes
 * (as Stripe's "complete authentication" test page); a real provider checks
 * its own result. Answers the order (now `placed`); a repeat is harmless.
 */
export const ConfirmPaymentBody = Type.Object({});
