/**
 * The one ad-subscription state machine (issue 16), plain values only so the
 * server enforces it and the SPA draws its buttons from the same table.
 *
 *   pending_payment ─► active ⇄ paused
 *   active | paused ─► expired            (the sweep, at the end date; paused time is not consumed)
 *   active | paused | expired ─► archived (the seller)
 *
 * A subscription whose payment is declined stays pending_payment and is never
 * shown as bought; the seller may try again with the same request key.
 */
export const SUBSCRIPTION_STATUSES = ['pending_payment', 'active', 'paused', 'expired', 'archived'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Who makes a move: the seller who bought it, or the server itself (payment, sweep). */
export const SUBSCRIPTION_ACTORS = ['seller', 'system'] as const;
export type SubscriptionActor = (typeof SUBSCRIPTION_ACTORS)[number];

export interface SubscriptionMove {
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  by: readonly SubscriptionActor[];
}

export const SUBSCRIPTION_MOVES: readonly SubscriptionMove[] = [
  { from: 'pending_payment', to: 'active', by: ['system'] },
  { from: 'active', to: 'paused', by: ['seller'] },
  { from: 'paused', to: 'active', by: ['seller'] },
  { from: 'active', to: 'expired', by: ['system'] },
  { from: 'paused', to: 'expired', by: ['system'] },
  { from: 'active', to: 'archived', by: ['seller'] },
  { from: 'paused', to: 'archived', by: ['seller'] },
  { from: 'expired', to: 'archived', by: ['seller'] },
];

/** The move from `from` to `to` that `actor` may make, or undefined when there is none. */
export function subscriptionMove(from: SubscriptionStatus, to: SubscriptionStatus, actor: SubscriptionActor): SubscriptionMove | undefined {
  return SUBSCRIPTION_MOVES.find((m) => m.from === from && m.to === to && m.by.includes(actor));
}

/** The states a seller can move a subscription to from `from` (the buttons the SPA shows). */
export function sellerMovesFrom(from: SubscriptionStatus): SubscriptionStatus[] {
  return SUBSCRIPTION_MOVES.filter((m) => m.from === from && m.by.includes('seller')).map((m) => m.to);
}

/** What a promotion plan gives while its subscription is active. */
export const PROMOTION_PERKS = ['raise', 'highlight', 'home_carousel'] as const;
export type PromotionPerk = (typeof PROMOTION_PERKS)[number];

/** What a subscription promotes: an ad of a private seller or a product (or service) of a business. */
export const PROMOTION_TARGETS = ['ad', 'product'] as const;
export type PromotionTarget = (typeof PROMOTION_TARGETS)[number];

/** Banners (issue 16 item 3) wait for a moderator before they go live. */
export const BANNER_STATUSES = ['moderation', 'approved', 'rejected'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];

/** What statistics count per item and day (issue 16 item 4). */
export const STAT_ITEM_KINDS = ['business', 'product', 'ad'] as const;
export type StatItemKind = (typeof STAT_ITEM_KINDS)[number];
/** A view of an item's own page, or of its card in a list (search, a store, home). */
export const VIEW_KINDS = ['page', 'list'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
