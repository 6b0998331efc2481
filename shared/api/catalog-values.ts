/**
 * Plain values of the catalogue (no schema library), so the database schema,
 * the seed, the SPA and the TypeBox contract all read them from one place.
 */
export const BUSINESS_KINDS = ['store', 'restaurant', 'service'] as const;
export type BusinessKind = (typeof BUSINESS_KINDS)[number];

/** A product row is either a good (with stock) or a service (with a duration). */
export const PRODUCT_KINDS = ['product', 'service'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Products and ads: `draft` is seen by the owner only; `archived` is withdrawn but kept. */
export const CATALOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type CatalogStatus = (typeof CATALOG_STATUSES)[number];

export const CURRENCIES = ['RUB', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'RUB';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Widths (px) every uploaded image is resized to, as WebP; the screens pick from these. */
export const IMAGE_WIDTHS = [200, 600, 1200] as const;

export const FAVORITE_TYPES = ['product', 'ad', 'business', 'user'] as const;
export type FavoriteType = (typeof FAVORITE_TYPES)[number];

export const BANNER_PLACEMENTS = ['home', 'regular'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];

export const AD_CONDITIONS = ['new', 'used'] as const;

export const BUSINESS_SORTS = ['popular', 'rating', 'newest', 'name'] as const;
export type BusinessSort = (typeof BUSINESS_SORTS)[number];

export const SEARCH_TYPES = ['product', 'service', 'business', 'ad'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'popular'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
