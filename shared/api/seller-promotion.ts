import { Type, type Static } from 'typebox';
import { AdSummary } from './catalog-ads';
import { NewCardBody } from './cards';
import { ProductSummary } from './catalog-products';
import { Nullable, PagedList, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, IDEMPOTENCY_KEY_PATTERN } from './order-values';
import { PROMOTION_PERKS, PROMOTION_TARGETS, SUBSCRIPTION_ACTORS, SUBSCRIPTION_STATUSES } from '../promotion/subscription-machine';

/**
 * Promotion plans and ad subscriptions (issue 16, items 1–2):
 *
 *   GET  /v1/ads/plans                          active plans, in the reader's language
 *   POST /v1/ads/purchase-plan                  buy a plan for one of my ads or products (once per idempotency key)
 *   GET  /v1/ads/user-subscriptions             my subscriptions, newest first, `?status=` (repeatable), paged
 *   POST /v1/ads/subscriptions/{id}/archive     active, paused or expired → archived
 *   POST /v1/ads/subscriptions/{id}/toggle-pause active ⇄ paused (paused time is not consumed)
 *   GET  /v1/ads/subscriptions/status/{id}      one subscription: status, perks, dates, history, my moves
 *   GET  /v1/ads/home-promoted                  what the `home_carousel` perk puts on the home page now (public)
 *
 * Moves follow shared/promotion/subscription-machine.ts: an illegal one is 409 with a
 * translated reason, a subscription that is not mine is 404. Money is integer minor units.
 * A declined card is a 422 on the card field used (`card_id` or `card.number`); the
 * subscription stays `pending_payment` and the same key may be sent again with another card.
 */
export const SubscriptionStatusSchema = StringEnum(SUBSCRIPTION_STATUSES);
export const PromotionPerkSchema = StringEnum(PROMOTION_PERKS);

/** `GET /v1/ads/plans`. */
export const PromotionPlanResource = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Type.String(),
  perks: Type.Array(PromotionPerkSchema),
  /** Items of a higher boost come first among promoted ones. */
  boost: Type.Integer(),
  duration_days: Type.Integer(),
  price: Type.Integer(),
  currency: Type.String(),
});
export type PromotionPlanResource = Static<typeof PromotionPlanResource>;

export const PromotionTargetRef = Type.Object({ kind: StringEnum(PROMOTION_TARGETS), id: Id() });
export type PromotionTargetRef = Static<typeof PromotionTargetRef>;

/**
 * How a purchase pays: a saved card of mine (`card_id`), or a card typed in now (`card`, the
 * checkout's shape and rules; `save_card` keeps it). Exactly one of the two.
 */
export const PromotionPayment = Type.Object({
  card_id: Type.Optional(Nullable(Id())),
  card: Type.Optional(NewCardBody),
  save_card: Type.Optional(Type.Boolean()),
});
export type PromotionPayment = Static<typeof PromotionPayment>;

/**
 * `POST /v1/ads/purchase-plan`. `idempotency_key` is made once per purchase form: a repeat with
 * the same key answers the first outcome (200 instead of 201) and never charges twice.
 */
export const PurchasePlanBody = Type.Object({
  plan_id: Id(),
  target: PromotionTargetRef,
  idempotency_key: Type.String({ minLength: IDEMPOTENCY_KEY_MIN, maxLength: IDEMPOTENCY_KEY_MAX, pattern: IDEMPOTENCY_KEY_PATTERN }),
  payment: PromotionPayment,
});
export type PurchasePlanBody = Static<typeof PurchasePlanBody>;

export const SubscriptionHistoryEntry = Type.Object({
  from: Nullable(SubscriptionStatusSchema),
  to: SubscriptionStatusSchema,
  by: StringEnum(SUBSCRIPTION_ACTORS),
  at: Type.String(),
});
export type SubscriptionHistoryEntry = Static<typeof SubscriptionHistoryEntry>;

/** One subscription, as its seller sees it (lists, the status page and every move's answer). */
export const SubscriptionResource = Type.Object({
  id: Type.Integer(),
  plan: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** `title` in the reader's language; `link` the item's page. */
  target: Type.Object({ kind: StringEnum(PROMOTION_TARGETS), id: Type.Integer(), title: Type.String(), link: Type.String() }),
  status: SubscriptionStatusSchema,
  perks: Type.Array(PromotionPerkSchema),
  boost: Type.Integer(),
  duration_days: Type.Integer(),
  price: Type.Integer(),
  currency: Type.String(),
  started_at: Nullable(Type.String()),
  ends_at: Nullable(Type.String()),
  paused_at: Nullable(Type.String()),
  /** Promotion time still to run: frozen while paused, 0 once over, null before payment. */
  remaining_seconds: Nullable(Type.Integer()),
  remaining_days: Nullable(Type.Integer()),
  /** The last charge's outcome: `failed` means the card was declined and nothing was bought. */
  payment_status: Nullable(Type.String()),
  /** Statuses the seller may move it to now (`sellerMovesFrom`): the buttons. */
  moves: Type.Array(SubscriptionStatusSchema),
  history: Type.Array(SubscriptionHistoryEntry),
  created_at: Type.String(),
});
export type SubscriptionResource = Static<typeof SubscriptionResource>;

export const SubscriptionPage = PagedList(SubscriptionResource);
export type SubscriptionPage = Static<typeof SubscriptionPage>;

/** `GET /v1/ads/user-subscriptions?status=active&status=paused&page=1`: no `status` means every state. */
export const UserSubscriptionsQuery = Type.Object({
  status: Type.Optional(Type.Array(SubscriptionStatusSchema, { maxItems: SUBSCRIPTION_STATUSES.length })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type UserSubscriptionsQuery = Static<typeof UserSubscriptionsQuery>;

/** The purchase's answer: the subscription as it stands (`active` when paid). */
export const PurchaseResult = SubscriptionResource;
export type PurchaseResult = Static<typeof PurchaseResult>;

/** `GET /v1/ads/home-promoted`: published items promoted now with the `home_carousel` perk, a higher boost first (at most 8 of each). */
export const HomePromoted = Type.Object({ products: Type.Array(ProductSummary), ads: Type.Array(AdSummary) });
export type HomePromoted = Static<typeof HomePromoted>;
