import { Type, type Static } from 'typebox';
import { ImageResource, Nullable, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { CART_ITEM_PROBLEMS, CART_ITEMS_MAX, CART_QUANTITY_MAX } from './order-values';

/**
 * `/v1/cart`: the signed-in buyer's cart. Every write answers the whole cart,
 * so one response updates the badge, the groups and the totals. Money is in
 * minor units of `currency`.
 *
 * A line remembers the price and availability seen when it was added; when
 * either changed, the line lists the `problems` and checkout refuses (409)
 * until the buyer accepts the changes (`POST /v1/cart/accept-changes`) or
 * edits the line: a change is never applied silently.
 */
export const CartItemResource = Type.Object({
  id: Type.Integer(),
  /** Null once the product was deleted (the line stays, so the buyer sees what went). */
  product_id: Nullable(Type.Integer()),
  business_id: Type.Integer(),
  name: Type.String(),
  image: Nullable(ImageResource),
  quantity: Type.Integer(),
  /** Price per unit now (after the product's discount). */
  unit_price: Type.Integer(),
  /** Price per unit when the line was added (or last accepted). */
  seen_price: Type.Integer(),
  currency: Type.String(),
  /** Units left; null when the product has no stock limit. */
  stock: Nullable(Type.Integer()),
  line_total: Type.Integer(),
  /** False when the line cannot be bought now (deleted, unpublished, out of stock, too few left). */
  available: Type.Boolean(),
  problems: Type.Array(StringEnum(CART_ITEM_PROBLEMS)),
});
export type CartItemResource = Static<typeof CartItemResource>;

/** The lines of one business: they become one order at checkout. */
export const CartGroupResource = Type.Object({
  business: Type.Object({ id: Type.Integer(), name: Type.String(), delivery_discount_percent: Type.Integer() }),
  items: Type.Array(CartItemResource),
  currency: Type.String(),
  /** Available lines only. */
  subtotal: Type.Integer(),
  /** Courier delivery before the discount (pickup is free). */
  delivery_cost: Type.Integer(),
  /** What the business's delivery discount takes off courier delivery. */
  delivery_discount: Type.Integer(),
  /** Subtotal plus courier delivery after the discount. */
  total_courier: Type.Integer(),
  total_pickup: Type.Integer(),
});
export type CartGroupResource = Static<typeof CartGroupResource>;

export const CartResource = Type.Object({
  groups: Type.Array(CartGroupResource),
  /** Units in the cart (the header badge). */
  items_count: Type.Integer(),
  /** True when any line lists a problem: checkout is refused until it is resolved. */
  has_problems: Type.Boolean(),
});
export type CartResource = Static<typeof CartResource>;

export const CartQuantity = Type.Integer({ minimum: 0, maximum: CART_QUANTITY_MAX });

/** `POST /v1/cart/items`: adds `quantity` (default 1) to the product's line, creating it if needed. */
export const AddCartItemBody = Type.Object({
  product_id: Id(),
  quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: CART_QUANTITY_MAX })),
});
export type AddCartItemBody = Static<typeof AddCartItemBody>;

/** `PUT /v1/cart/items/{id}`: sets the line's quantity; 0 removes the line. Also accepts the line's current price. */
export const UpdateCartItemBody = Type.Object({ quantity: CartQuantity });
export type UpdateCartItemBody = Static<typeof UpdateCartItemBody>;

/**
 * `POST /v1/cart/merge`: a guest's local cart, sent once after sign-in. Each
 * line sets the account's line to the larger of the two quantities (so
 * merging twice changes nothing); products that cannot be bought are skipped
 * and listed in `skipped`.
 */
export const MergeCartBody = Type.Object({
  items: Type.Array(Type.Object({ product_id: Id(), quantity: Type.Integer({ minimum: 1, maximum: CART_QUANTITY_MAX }) }), { maxItems: CART_ITEMS_MAX }),
});
export type MergeCartBody = Static<typeof MergeCartBody>;

export const MergeCartResult = Type.Object({
  data: CartResource,
  /** Product ids of the local cart that were not added (deleted, unpublished, sold out). */
  skipped: Type.Array(Type.Integer()),
});
export type MergeCartResult = Static<typeof MergeCartResult>;
