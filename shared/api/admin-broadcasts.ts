import { Type, type Static } from 'typebox';
import { ROLES } from '../roles';
import { CATEGORIES } from '../validation/olympiad-options';
import { AUDIENCE_KINDS, AUDIENCE_USERS_MAX, BROADCAST_STATUSES, type BroadcastAudience } from './admin-broadcasts-values';
import { StringEnum } from './catalog-common';
import { PageMeta } from './envelope';
import { Id } from './numbers';

/**
 * Notifications to many (issue 17), admins only (moderators, support and users get 403):
 * - `POST /v1/admin/broadcasts/preview` BroadcastBody → BroadcastPreview: how many it reaches and
 *   how it reads in each language (422 as for sending, no recipients included).
 * - `POST /v1/admin/broadcasts` BroadcastBody → 201 BroadcastResource: sent now (`send_at` null)
 *   or at `send_at`; 422 on no text, no recipients, an unknown user, a moment in the past.
 * - `GET /v1/admin/broadcasts?page&per_page` → BroadcastPage, newest first, with progress.
 * - `GET /v1/admin/broadcasts/{id}` → BroadcastResource (poll it while `status` is `sending`).
 * - `POST /v1/admin/broadcasts/{id}/cancel` → BroadcastResource; 409 once done or cancelled.
 * Each recipient gets a `announcement` notification in their language (users.locale), live as
 * `NotificationSent` and in `/v1/notifications`, exactly once.
 */

/** Loose at the edge on purpose: the shared rule (shared/validation/admin-broadcasts.ts) says what is wrong, translated. */
const Text = Type.String({ maxLength: 10_000 });
export const BroadcastAudienceBody = Type.Object({
  kind: StringEnum(AUDIENCE_KINDS),
  user_id: Type.Optional(Type.Union([Id(), Type.Null()])),
  user_ids: Type.Optional(Type.Array(Id(), { maxItems: AUDIENCE_USERS_MAX * 4 })),
  role: Type.Optional(Type.Union([StringEnum(ROLES), Type.Null()])),
  business_category_id: Type.Optional(Type.Union([Id(), Type.Null()])),
  category: Type.Optional(Type.Union([StringEnum(CATEGORIES), Type.Null()])),
});

export const BroadcastBody = Type.Object({
  title_ru: Text,
  body_ru: Text,
  title_en: Text,
  body_en: Text,
  audience: BroadcastAudienceBody,
  send_at: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
});
export type BroadcastBody = Static<typeof BroadcastBody>;

const Letter = Type.Object({ title: Type.String(), body: Type.String() });
export const BroadcastPreview = Type.Object({
  recipients: Type.Integer(),
  /** Of them, how many read Russian and English (users.locale). */
  by_locale: Type.Object({ ru: Type.Integer(), en: Type.Integer() }),
  ru: Letter,
  en: Letter,
});
export type BroadcastPreview = Static<typeof BroadcastPreview>;

export const BroadcastResource = Type.Object({
  id: Type.Integer(),
  title_ru: Type.String(),
  body_ru: Type.String(),
  title_en: Type.String(),
  body_en: Type.String(),
  audience: Type.Unsafe<BroadcastAudience>(Type.Record(Type.String(), Type.Unknown())),
  status: StringEnum(BROADCAST_STATUSES),
  send_at: Type.String(),
  /** Recipients (counted when delivery began; the preview's count before). */
  total: Type.Integer(),
  delivered: Type.Integer(),
  created_by: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  created_at: Type.String(),
  started_at: Type.Union([Type.String(), Type.Null()]),
  finished_at: Type.Union([Type.String(), Type.Null()]),
  cancelled_at: Type.Union([Type.String(), Type.Null()]),
});
export type BroadcastResource = Static<typeof BroadcastResource>;

export const BroadcastListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

export const BroadcastPage = Type.Object({ data: Type.Array(BroadcastResource), meta: PageMeta });
export type BroadcastPage = Static<typeof BroadcastPage>;
