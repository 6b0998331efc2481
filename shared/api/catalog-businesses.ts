import { Type, type Static } from 'typebox';
import { ModerationMark } from './moderation-mark';
import {
  CategoryRef,
  EditableTexts,
  ImageResource,
  Nullable,
  PageQueryFields,
  PagedList,
  RatingFields,
  StringEnum,
  UserRef,
} from './catalog-common';
import { BUSINESS_KINDS, BUSINESS_SORTS } from './catalog-values';
import { Id, Int4 } from './numbers';

/** `GET /v1/business-categories`: the global sections of stores, restaurants and services. */
export const BusinessCategoryResource = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  kind: StringEnum(BUSINESS_KINDS),
  name: Type.String(),
  icon: Type.String(),
  /** Businesses in the category. */
  businesses_count: Type.Integer(),
});
export type BusinessCategoryResource = Static<typeof BusinessCategoryResource>;

export const BusinessCategoryListQuery = Type.Object({ kind: Type.Optional(StringEnum(BUSINESS_KINDS)) });

/** Opening time of one day, `HH:MM` in the business's local time; `close` earlier than `open` runs past midnight. */
export const DayHours = Type.Object({ open: Type.String(), close: Type.String() });
/** Every weekday `mon`…`sun`; null means closed that day. */
export const WorkingHours = Type.Object({
  mon: Nullable(DayHours),
  tue: Nullable(DayHours),
  wed: Nullable(DayHours),
  thu: Nullable(DayHours),
  fri: Nullable(DayHours),
  sat: Nullable(DayHours),
  sun: Nullable(DayHours),
});
export type WorkingHours = Static<typeof WorkingHours>;

/** A business in lists (cards). `is_favorite` / `is_subscribed` are false for guests. */
export const BusinessSummary = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(BUSINESS_KINDS),
  name: Type.String(),
  category: Nullable(CategoryRef),
  address: Type.String(),
  logo: Nullable(ImageResource),
  cover: Nullable(ImageResource),
  ...RatingFields,
  /** Percent off delivery (0 when none); `/v1/businesses/delivery-discounts` lists those above 0. */
  delivery_discount_percent: Type.Integer(),
  subscribers_count: Type.Integer(),
  is_favorite: Type.Boolean(),
  is_subscribed: Type.Boolean(),
  owner_id: Type.Integer(),
  created_at: Type.String(),
  /** The owner's own cards only: the moderation state (issue 17). */
  moderation: Type.Optional(ModerationMark),
});
export type BusinessSummary = Static<typeof BusinessSummary>;

/** A product category of a business (its menu sections / shelves). */
export const ProductCategoryResource = Type.Object({
  id: Type.Integer(),
  business_id: Type.Integer(),
  name: Type.String(),
  name_en: Nullable(Type.String()),
  /** Russian name, for the edit form. */
  name_ru: Type.String(),
  position: Type.Integer(),
  /** Published products in it (every product for the owner). */
  products_count: Type.Integer(),
});
export type ProductCategoryResource = Static<typeof ProductCategoryResource>;

/** `GET /v1/business/{id}`: the store page. */
export const BusinessResource = Type.Object({
  ...BusinessSummary.properties,
  description: Type.String(),
  phone: Type.String(),
  working_hours: WorkingHours,
  owner: UserRef,
  categories: Type.Array(ProductCategoryResource),
  /** Published goods and services (the owner's counts include drafts). */
  products_count: Type.Integer(),
  services_count: Type.Integer(),
  /** True for the owner: the page shows edit/delete and drafts. */
  can_edit: Type.Boolean(),
  /** What the owner wrote, for the edit form: the address and its English version beside the names. */
  texts: Type.Object({ ...EditableTexts.properties, address: Type.String(), address_en: Nullable(Type.String()) }),
  logo_image_id: Nullable(Type.String()),
  cover_image_id: Nullable(Type.String()),
  updated_at: Type.String(),
});
export type BusinessResource = Static<typeof BusinessResource>;

export { BUSINESS_SORTS, type BusinessSort } from './catalog-values';

/**
 * `GET /v1/get-business` (every business) and `GET /v1/businesses/ordered`
 * (the same list, ordered by `sort`, default `popular`).
 */
export const BusinessListQuery = Type.Object({
  ...PageQueryFields,
  kind: Type.Optional(StringEnum(BUSINESS_KINDS)),
  category_id: Type.Optional(Id()),
  /** Name contains (case-insensitive); full search is `/v1/search`. */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  owner_id: Type.Optional(Id()),
  sort: Type.Optional(StringEnum(BUSINESS_SORTS)),
});
export type BusinessListQuery = Static<typeof BusinessListQuery>;

export const MyBusinessesQuery = Type.Object({ ...PageQueryFields });
export const DeliveryDiscountQuery = Type.Object({ ...PageQueryFields, kind: Type.Optional(StringEnum(BUSINESS_KINDS)) });

export const BusinessPage = PagedList(BusinessSummary);
export type BusinessPage = Static<typeof BusinessPage>;

/**
 * `POST /v1/business` (create) and `POST /v1/business/{id}` (update, every field
 * sent again). Rules and messages: `shared/validation/catalog-business.ts`.
 */
export const BusinessBody = Type.Object({
  kind: Type.String(),
  category_id: Int4(),
  name: Type.String({ maxLength: 1000 }),
  name_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  description_en: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  address: Type.String({ maxLength: 1000 }),
  address_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  phone: Type.Optional(Type.String({ maxLength: 64 })),
  working_hours: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  logo_image_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  cover_image_id: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  delivery_discount_percent: Type.Optional(Int4()),
});
export type BusinessBody = Static<typeof BusinessBody>;
