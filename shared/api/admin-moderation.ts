import { Type, type Static } from 'typebox';
import { MODERATED_KINDS, MODERATION_FILTERS, MODERATION_REASON_MAX, MODERATION_SORTS, MODERATION_STATUSES } from '../moderation/moderation-values';
import { MODERATION_BULK_MAX } from '../validation/admin-moderation';
import { Nullable, PageQueryFields, PagedList, StringEnum } from './catalog-common';
import { AdSummary } from './catalog-ads';
import { BusinessSummary } from './catalog-businesses';
import { ProductSummary } from './catalog-products';

/**
 * Moderation of businesses, ads and products (issue 17 item 3). `{kind}` is businesses|ads|products.
 *
 * Moderators and admins:
 * - `GET  /v1/admin/moderation/{kind}?page&per_page&filter&sort`  ModerationQueuePage: waiting items
 *   (filter all|pending|review|resubmitted; sort oldest (default)|newest), each as a buyer sees its
 *   card, with its texts, owner, state, the previous rejection's reason and who holds it
 * - `POST /v1/admin/moderation/{kind}/{id}/claim`    { data: ModerationItem } (409 when another holds it or it is decided)
 * - `POST /v1/admin/moderation/{kind}/{id}/approve`  { data: ModerationItem } (409 likewise)
 * - `POST /v1/admin/moderation/{kind}/{id}/reject`   ModerationRejectBody → { data: ModerationItem } (422 without a reason; 409 likewise)
 * - `POST /v1/admin/moderation/{kind}/approve`       ModerationBulkBody → { data: ModerationBulkResult } each claimable one approved
 *
 * Admins:
 * - `GET  /v1/admin/moderation-settings`             { data: ModerationSettingResource[] }
 * - `PUT  /v1/admin/moderation-settings/{kind}`      ModerationSettingBody → { data: ModerationSettingResource } (audit `moderation.setting`)
 *
 * The owner is told of each decision live: `NotificationSent` (type `moderation`, data
 * `{ kind, id, status, link }`) in their language. The owner's own cards carry `moderation`.
 */

export const ModerationStatus = StringEnum(MODERATION_STATUSES);
export const ModeratedKind = StringEnum(MODERATED_KINDS);


export const ModerationKindParams = Type.Object({ kind: ModeratedKind });
export const ModerationItemParams = Type.Object({ kind: ModeratedKind, id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export const ModerationQueueQuery = Type.Object({
  ...PageQueryFields,
  filter: Type.Optional(StringEnum(MODERATION_FILTERS)),
  sort: Type.Optional(StringEnum(MODERATION_SORTS)),
});
export type ModerationQueueQuery = Static<typeof ModerationQueueQuery>;

/** The words the buyer reads on the item's own page (the card shows only the name). */
export const ModerationTexts = Type.Object({
  name: Type.String(),
  name_en: Nullable(Type.String()),
  description: Type.String(),
  description_en: Nullable(Type.String()),
});

export const ModerationItem = Type.Object({
  kind: ModeratedKind,
  id: Type.Integer(),
  /** The card exactly as a buyer would see it in a list (one of the three, by `kind`). */
  business: Type.Optional(BusinessSummary),
  ad: Type.Optional(AdSummary),
  product: Type.Optional(ProductSummary),
  texts: ModerationTexts,
  /** Every picture of the item (logo and cover, or the gallery), 600 px. */
  images: Type.Array(Type.String()),
  owner: Type.Object({ id: Type.Integer(), name: Type.String() }),
  status: ModerationStatus,
  /** The reason of the rejection this item was sent back after (null: a first submission). */
  previous_reason: Nullable(Type.String()),
  submitted_at: Nullable(Type.String()),
  /** Who holds it now (a claim lapses), and whether that is me. */
  claimed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  claimed_by_me: Type.Boolean(),
  moderated_at: Nullable(Type.String()),
});
export type ModerationItem = Static<typeof ModerationItem>;

export const ModerationQueuePage = PagedList(ModerationItem);
export type ModerationQueuePage = Static<typeof ModerationQueuePage>;

export const ModerationRejectBody = Type.Object({ reason: Type.String({ maxLength: MODERATION_REASON_MAX * 4 }) });
export type ModerationRejectBody = Static<typeof ModerationRejectBody>;

export const ModerationBulkBody = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { minItems: 1, maxItems: MODERATION_BULK_MAX, uniqueItems: true }),
});
export type ModerationBulkBody = Static<typeof ModerationBulkBody>;

/** Which of the chosen items were approved, and which another moderator holds or someone decided first. */
export const ModerationBulkResult = Type.Object({ approved: Type.Array(Type.Integer()), refused: Type.Array(Type.Integer()) });
export type ModerationBulkResult = Static<typeof ModerationBulkResult>;

export const ModerationSettingResource = Type.Object({
  kind: ModeratedKind,
  /** True: new and changed items wait for a moderator before anyone sees them; false: public at once, reviewed after. */
  approval_before_public: Type.Boolean(),
  updated_at: Type.String(),
});
export type ModerationSettingResource = Static<typeof ModerationSettingResource>;

export const ModerationSettingBody = Type.Object({ approval_before_public: Type.Boolean() });
export type ModerationSettingBody = Static<typeof ModerationSettingBody>;
