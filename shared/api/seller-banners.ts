import { Type, type Static } from 'typebox';
import { BANNER_STATUSES } from '../promotion/subscription-machine';
import { BANNER_LINK_KINDS, BANNER_REJECTION_REASON_MAX, BANNER_SUBTITLE_MAX, BANNER_TITLE_MAX } from '../validation/seller-banners';
import { ImageResource, Nullable, PageQueryFields, PagedList, StringEnum } from './catalog-common';
import { BANNER_PLACEMENTS } from './catalog-values';

/**
 * Banners made by sellers (issue 16 item 3): created by a paying seller, decided by a moderator,
 * then served by the existing `GET /v1/ads/home-banners` and `GET /v1/ads/regular-banners`
 * (shapes in `catalog-ads.ts`, fair rotation between sellers). The calls:
 *
 * Seller (signed in; creating needs an active ad subscription — 403 otherwise):
 * - `POST /v1/ads/create-banner` multipart: image (png/jpeg/webp by content, ≤ 10 MB), title,
 *   title_en?, subtitle?, link (one of the seller's own pages), placement (home|regular),
 *   starts_at, ends_at (ISO 8601)                    201 { data: SellerBanner } (status `moderation`)
 * - `GET  /v1/ads/my-banners`                        { data: SellerBanner[], meta: { can_create } } newest first, with status and reason
 * - `GET  /v1/ads/banner-links`                      { data: BannerLinkOption[] } the pages a banner of mine may lead to
 *
 * Moderation (roles moderator, admin):
 * - `GET  /v1/moderation/banners?page&per_page`      BannerQueueResponse (on moderation, oldest first)
 * - `POST /v1/moderation/banners/{id}/claim`         { data: ModerationBanner } (409 when another moderator holds it or it is decided)
 * - `POST /v1/moderation/banners/{id}/approve`       { data: ModerationBanner } (409 likewise)
 * - `POST /v1/moderation/banners/{id}/reject`        BannerRejectBody → { data: ModerationBanner } (409 likewise; 422 without a reason)
 *
 * Realtime, on the owner's private channel: `NotificationSent` (type `banner_moderated`,
 * data `{ banner_id, status }`); the SPA reads the seller's banners again on it.
 */

export const BannerStatus = StringEnum(BANNER_STATUSES);

export const SellerBanner = Type.Object({
  id: Type.Integer(),
  placement: StringEnum(BANNER_PLACEMENTS),
  title: Type.String(),
  title_en: Nullable(Type.String()),
  subtitle: Type.String(),
  image: Nullable(ImageResource),
  link: Type.String(),
  background: Type.String(),
  starts_at: Nullable(Type.String()),
  ends_at: Nullable(Type.String()),
  status: BannerStatus,
  /** The moderator's words when rejected, as written. */
  rejection_reason: Nullable(Type.String()),
  /** Approved, within its dates and switched on: buyers see it now. */
  live: Type.Boolean(),
  created_at: Type.String(),
  moderated_at: Nullable(Type.String()),
});
export type SellerBanner = Static<typeof SellerBanner>;
/** `can_create`: the seller has an active ad subscription, so a new banner will be accepted. */
export const SellerBannerList = Type.Object({ data: Type.Array(SellerBanner), meta: Type.Object({ can_create: Type.Boolean() }) });
export type SellerBannerList = Static<typeof SellerBannerList>;

/** The text fields of `POST /v1/ads/create-banner` (read as form text). */
export const CreateBannerFields = Type.Object({
  title: Type.Optional(Type.String({ maxLength: BANNER_TITLE_MAX * 4 })),
  title_en: Type.Optional(Type.String({ maxLength: BANNER_TITLE_MAX * 4 })),
  subtitle: Type.Optional(Type.String({ maxLength: BANNER_SUBTITLE_MAX * 4 })),
  link: Type.Optional(Type.String({ maxLength: 255 })),
  placement: Type.Optional(Type.String({ maxLength: 20 })),
  starts_at: Type.Optional(Type.String({ maxLength: 40 })),
  ends_at: Type.Optional(Type.String({ maxLength: 40 })),
});

/** One of the seller's own pages, for the form's list of links. */
export const BannerLinkOption = Type.Object({
  kind: StringEnum(BANNER_LINK_KINDS),
  link: Type.String(),
  /** The thing's name in the reader's language (the seller's own name for `user`). */
  label: Type.String(),
});
export type BannerLinkOption = Static<typeof BannerLinkOption>;
export const BannerLinkList = Type.Object({ data: Type.Array(BannerLinkOption) });
export type BannerLinkList = Static<typeof BannerLinkList>;

export const ModerationBanner = Type.Object({
  ...SellerBanner.properties,
  owner: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Who is deciding it now (a claim lapses after 15 minutes), and whether that is me. */
  claimed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  claimed_by_me: Type.Boolean(),
});
export type ModerationBanner = Static<typeof ModerationBanner>;

export const BannerQueueQuery = Type.Object({ ...PageQueryFields });
export type BannerQueueQuery = Static<typeof BannerQueueQuery>;
export const BannerQueueResponse = PagedList(ModerationBanner);
export type BannerQueueResponse = Static<typeof BannerQueueResponse>;

export const BannerRejectBody = Type.Object({ reason: Type.String({ maxLength: BANNER_REJECTION_REASON_MAX * 4 }) });
export type BannerRejectBody = Static<typeof BannerRejectBody>;
