import { Type, type Static } from 'typebox';
import { ModerationMark } from './moderation-mark';
import { BusinessSummary } from './catalog-businesses';
import {
  CategoryRef,
  EditableTexts,
  ImageResource,
  Nullable,
  PageQueryFields,
  PagedList,
  StringEnum,
  UserRef,
} from './catalog-common';
import { AD_CONDITIONS, BANNER_PLACEMENTS, CATALOG_STATUSES, CURRENCIES } from './catalog-values';
import { Id, Int4, MinorUnits } from './numbers';

/** `GET /v1/ad-categories`. */
export const AdCategoryResource = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  icon: Type.String(),
  ads_count: Type.Integer(),
});
export type AdCategoryResource = Static<typeof AdCategoryResource>;

/** An ad (classified listing by a user) in lists. `price` null means "price on request". */
export const AdSummary = Type.Object({
  id: Type.Integer(),
  status: StringEnum(CATALOG_STATUSES),
  title: Type.String(),
  price: Nullable(Type.Integer()),
  currency: StringEnum(CURRENCIES),
  location: Type.String(),
  condition: Nullable(StringEnum(AD_CONDITIONS)),
  category: CategoryRef,
  image: Nullable(ImageResource),
  user: UserRef,
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
export type AdSummary = Static<typeof AdSummary>;

/** `GET /v1/ads/{id}`: the offer page. Drafts and archived ads answer only their author (404 for others). */
export const AdResource = Type.Object({
  ...AdSummary.properties,
  description: Type.String(),
  images: Type.Array(ImageResource),
  image_ids: Type.Array(Type.String()),
  can_edit: Type.Boolean(),
  /** `name` / `name_en` here are the title and its translation; `location` / `location_en` the place and its English version. */
  texts: Type.Object({ ...EditableTexts.properties, location: Type.String(), location_en: Nullable(Type.String()) }),
  updated_at: Type.String(),
});
export type AdResource = Static<typeof AdResource>;

export const AD_SORTS = ['newest', 'price_asc', 'price_desc', 'popular'] as const;

/** `GET /v1/ads` (published ads) and `GET /v1/ads/users/{id}` (one author's; the author also sees drafts and may filter by `status`). */
export const AdListQuery = Type.Object({
  ...PageQueryFields,
  category_id: Type.Optional(Id()),
  price_min: Type.Optional(MinorUnits({ minimum: 0 })),
  price_max: Type.Optional(MinorUnits({ minimum: 0 })),
  sort: Type.Optional(StringEnum(AD_SORTS)),
  status: Type.Optional(StringEnum(CATALOG_STATUSES)),
});
export type AdListQuery = Static<typeof AdListQuery>;

export const AdPage = PagedList(AdSummary);
export type AdPage = Static<typeof AdPage>;

/** `POST /v1/ads` and `POST /v1/ads/{id}` (update). Rules: `shared/validation/catalog-ad.ts`. */
export const AdBody = Type.Object({
  category_id: Int4(),
  title: Type.String({ maxLength: 1000 }),
  title_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  description_en: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  price: Type.Optional(Nullable(MinorUnits())),
  currency: Type.Optional(Type.String()),
  location: Type.Optional(Type.String({ maxLength: 1000 })),
  location_en: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  condition: Type.Optional(Nullable(Type.String())),
  image_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  status: Type.Optional(Type.String()),
});
export type AdBody = Static<typeof AdBody>;

/** `GET /v1/ads/home-banners` (the home carousel) and `GET /v1/ads/regular-banners` (strips between lists). */
export const BannerResource = Type.Object({
  id: Type.Integer(),
  placement: StringEnum(BANNER_PLACEMENTS),
  title: Type.String(),
  subtitle: Type.String(),
  image: Nullable(ImageResource),
  /** A path inside the site (`/stores/3`, `/page/restaurants`). */
  link: Type.String(),
  background: Type.String(),
});
export type BannerResource = Static<typeof BannerResource>;
export const BannerList = Type.Object({ data: Type.Array(BannerResource) });

/** `GET /v1/users/{id}`: the public page of a user (`/user/:id`). */
export const PublicUserPage = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Nullable(Type.String()),
  about: Type.String(),
  created_at: Type.String(),
  is_favorite: Type.Boolean(),
  /** Published ads, newest first (the first 12; `GET /v1/ads/users/{id}` pages through all). */
  ads: Type.Array(AdSummary),
  ads_count: Type.Integer(),
  businesses: Type.Array(BusinessSummary),
});
export type PublicUserPage = Static<typeof PublicUserPage>;
