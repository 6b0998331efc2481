import { Type, type Static } from 'typebox';
import { ModerationMark } from './moderation-mark';
import { BusinessSummary, ProductCategoryResource } from './catalog-businesses';
import {
  CategoryRef,
  EditableTexts,
  ImageResource,
  Nullable,
  PageQueryFields,
  PagedList,
  QueryFlag,
  RatingFields,
  StringEnum,
} from './catalog-common';
import { BUSINESS_KINDS, CATALOG_STATUSES, CURRENCIES } from './catalog-values';
import { Id, Int4, MinorUnits } from './numbers';

/** The business a product card names. */
export const ProductBusinessRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: StringEnum(BUSINESS_KINDS),
  logo: Nullable(ImageResource),
});

/**
 * A product or service in lists. Prices are integer minor units:
 * `price` is the regular price, `final_price` what the buyer pays
 * (`price` less `discount_percent`, rounded in the buyer's favour to the minor unit).
 */
export const ProductSummary = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['product', 'service'] as const),
  status: StringEnum(CATALOG_STATUSES),
  name: Type.String(),
  price: Type.Integer(),
  final_price: Type.Integer(),
  discount_percent: Type.Integer(),
  currency: StringEnum(CURRENCIES),
  /** Units in stock; null for services and for goods whose stock is not tracked. */
  stock: Nullable(Type.Integer()),
  image: Nullable(ImageResource),
  business: ProductBusinessRef,
  category: Nullable(CategoryRef),
  ...RatingFields,
  favorites_count: Type.Integer(),
  is_favorite: Type.Boolean(),
  /** Promoted by an active subscription now (a "Promoted" mark); `highlighted` when its plan highlights the card. */
  promoted: Type.Boolean(),
  highlighted: Type.Boolean(),
  published_at: Nullable(Type.String()),
  created_at: Type.String(),
  /** The owner's own cards only: the moderation state (issue 17). */
  moderation: Type.Optional(ModerationMark),
});
export type ProductSummary = Static<typeof ProductSummary>;

/** `GET /v1/products/{id}`: the product page. Drafts and archived items answer only their owner (404 for others). */
export const ProductResource = Type.Object({
  ...ProductSummary.properties,
  description: Type.String(),
  /** Every image in the owner's order. */
  images: Type.Array(ImageResource),
  image_ids: Type.Array(Type.String()),
  /** Services only: how long one takes, in minutes. */
  duration_minutes: Nullable(Type.Integer()),
  /** The full business card (the list's `business` is a smaller reference). */
  business: BusinessSummary,
  can_edit: Type.Boolean(),
  texts: EditableTexts,
  updated_at: Type.String(),
});
export type ProductResource = Static<typeof ProductResource>;

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'popular', 'rating', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * Query of every product list: `GET /v1/get-products`, `GET /v1/products`,
 * `/v1/products/discounted` (only discounted, default sort `discount`) and
 * `/v1/products/popular` (default sort `popular`). Prices in minor units.
 */
export const ProductListQuery = Type.Object({
  ...PageQueryFields,
  kind: Type.Optional(StringEnum(['product', 'service'] as const)),
  business_id: Type.Optional(Id()),
  /** A product category of a business. */
  category_id: Type.Optional(Id()),
  /** A global business category: products of businesses in it. */
  business_category_id: Type.Optional(Id()),
  business_kind: Type.Optional(StringEnum(BUSINESS_KINDS)),
  price_min: Type.Optional(MinorUnits({ minimum: 0 })),
  price_max: Type.Optional(MinorUnits({ minimum: 0 })),
  discounted: QueryFlag,
  in_stock: QueryFlag,
  sort: Type.Optional(StringEnum(PRODUCT_SORTS)),
  /**
   * `GET /v1/products` only: `mine=1` lists the caller's own products in every
   * state (401 for guests); `status` then narrows it.
   */
  mine: QueryFlag,
  status: Type.Optional(StringEnum(CATALOG_STATUSES)),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

export const ProductPage = PagedList(ProductSummary);
export type ProductPage = Static<typeof ProductPage>;

/**
 * `POST /v1/products` (create) and `POST /v1/products/{id}` (update, every
 * field sent again). `price` is the regular price in minor units;
 * `discount_percent` 0–100. Rules and messages: `shared/validation/catalog-product.ts`.
 */
export const ProductBody = Type.Object({
  business_id: Int4(),
  kind: Type.Optional(Type.String()),
  category_id: Type.Optional(Nullable(Int4())),
  name: Type.String({ maxLength: 1000 }),
  name_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  description_en: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  price: MinorUnits(),
  discount_percent: Type.Optional(Int4()),
  currency: Type.Optional(Type.String()),
  stock: Type.Optional(Nullable(Int4())),
  duration_minutes: Type.Optional(Nullable(Int4())),
  image_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  status: Type.Optional(Type.String()),
});
export type ProductBody = Static<typeof ProductBody>;
/** On update the product stays in its business: `business_id` may be left out (and is ignored). */
export const ProductUpdateBody = Type.Object({ ...ProductBody.properties, business_id: Type.Optional(Int4()) });
export type ProductUpdateBody = Static<typeof ProductUpdateBody>;

/** `GET /v1/categories?business_id=`: a business's product categories, in their order. */
export const CategoryListQuery = Type.Object({
  business_id: Type.Optional(Id()),
  /** Every category of every business the caller owns (401 for guests). */
  mine: QueryFlag,
});

/** `POST /v1/categories` and `POST /v1/categories/{id}` (`business_id` is ignored on update). */
export const CategoryBody = Type.Object({
  business_id: Type.Optional(Int4()),
  name: Type.String({ maxLength: 1000 }),
  name_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  position: Type.Optional(Int4()),
});
export type CategoryBody = Static<typeof CategoryBody>;

export const CategoryList = Type.Object({ data: Type.Array(ProductCategoryResource) });
