import { Type, type Static } from 'typebox';
import { AdSummary } from './catalog-ads';
import { BusinessSummary } from './catalog-businesses';
import { Nullable, PageQueryFields, PagedList, StringEnum, UserRef } from './catalog-common';
import { ProductSummary } from './catalog-products';
import { FAVORITE_TYPES } from './catalog-values';

/**
 * Body of every toggle (`POST /v1/{products|ads|businesses|users}/{id}/toggle-favorite`).
 * Without a body the call flips the state; with `{ "favorite": true|false }` it
 * sets that state, so a retried or repeated call is harmless.
 */
export const ToggleFavoriteBody = Type.Object({ favorite: Type.Optional(Type.Boolean()) });
export const ToggleFavoriteResult = Type.Object({
  data: Type.Object({
    type: StringEnum(FAVORITE_TYPES),
    id: Type.Integer(),
    is_favorite: Type.Boolean(),
    /** How many users keep it (null for users). */
    favorites_count: Nullable(Type.Integer()),
  }),
});
export type ToggleFavoriteResult = Static<typeof ToggleFavoriteResult>;

/** `POST /v1/businesses/{id}/toggle-subscription`: same contract with `{ "subscribed": true|false }`. */
export const ToggleSubscriptionBody = Type.Object({ subscribed: Type.Optional(Type.Boolean()) });
export const ToggleSubscriptionResult = Type.Object({
  data: Type.Object({ business_id: Type.Integer(), is_subscribed: Type.Boolean(), subscribers_count: Type.Integer() }),
});
export type ToggleSubscriptionResult = Static<typeof ToggleSubscriptionResult>;

export const FavoriteListQuery = Type.Object({ ...PageQueryFields, type: Type.Optional(StringEnum(FAVORITE_TYPES)) });

/** One favorite: exactly the field named by `type` is filled, the others are null. */
export const FavoriteItem = Type.Object({
  type: StringEnum(FAVORITE_TYPES),
  id: Type.Integer(),
  created_at: Type.String(),
  product: Nullable(ProductSummary),
  ad: Nullable(AdSummary),
  business: Nullable(BusinessSummary),
  user: Nullable(UserRef),
});
export type FavoriteItem = Static<typeof FavoriteItem>;

/** `GET /v1/favorites`: newest first; `meta.counts` has the count of each type for the tabs. */
export const FavoritePage = Type.Object({
  data: Type.Array(FavoriteItem),
  meta: Type.Object({
    ...PagedList(Type.Null()).properties.meta.properties,
    counts: Type.Object({ product: Type.Integer(), ad: Type.Integer(), business: Type.Integer(), user: Type.Integer() }),
  }),
});
export type FavoritePage = Static<typeof FavoritePage>;

/** `GET /v1/me/subscribed-businesses`: each followed business with its newest published products and services. */
export const SubscribedBusiness = Type.Object({
  business: BusinessSummary,
  subscribed_at: Type.String(),
  /** Up to 4, newest first. */
  latest_products: Type.Array(ProductSummary),
  /** Published since the subscription began. */
  new_products_count: Type.Integer(),
});
export type SubscribedBusiness = Static<typeof SubscribedBusiness>;
export const SubscribedBusinessQuery = Type.Object({ ...PageQueryFields });
export const SubscribedBusinessPage = PagedList(SubscribedBusiness);
export type SubscribedBusinessPage = Static<typeof SubscribedBusinessPage>;
