import { Type, type Static } from 'typebox';
import { ImageResource, Nullable, PagedList, StringEnum } from './catalog-common';
import { StageKind } from './olympiad-stages';
import { CATEGORIES } from '../validation/olympiad-options';
import { WORK_REJECTION_CODES } from '../validation/olympiad-works';
import { WORK_DESCRIPTION_MAX, WORK_FILE_KINDS, WORK_REJECTION_REASON_MAX, WORK_SORTS, WORK_STATUSES, WORK_TITLE_MAX } from '../validation/olympiad-works-rules';

/**
 * Creative works of the olympiad (issue 15): contests, a participant's works, moderation,
 * the gallery and likes. The calls:
 *
 * Participant (olympiad session):
 * - `GET  /v1/olympiad/contests`                       ContestsResponse (every contest, open ones first)
 * - `GET  /v1/olympiad/contests/{id}`                  { data: Contest }
 * - `GET  /v1/olympiad/works/mine`                     MyWorksResponse
 * - `POST /v1/olympiad/works` multipart: contest_id, title, description, upload_key (uuid), file
 *                                                      201 { data: MyWork } (200 with the first work when upload_key repeats)
 * - `POST /v1/olympiad/works/{id}` multipart: title, description, file optional — edit a rejected
 *   (or still on moderation) work of one's own and send it to moderation again → { data: MyWork }
 * - `DELETE /v1/olympiad/works/{id}`                   204 (own work)
 *
 * Public (anyone; `liked` only for a signed-in participant):
 * - `GET  /v1/olympiad/gallery?sort&contest_id&category&cursor&per_page`  GalleryResponse (published only; keyset pages)
 * - `GET  /v1/olympiad/gallery/{id}`                   { data: GalleryWork } (published, or one's own)
 * - `GET  /v1/olympiad/works/{id}/file`                the PDF (application/pdf, attachment) or the image
 *
 * Likes (participant):
 * - `PUT    /v1/olympiad/works/{id}/like`              { data: LikeState } (idempotent: a second like changes nothing)
 * - `DELETE /v1/olympiad/works/{id}/like`              { data: LikeState }
 *
 * Moderation (roles moderator, admin):
 * - `GET  /v1/olympiad/moderation/works?page&per_page` ModerationQueueResponse (overdue first, then oldest first)
 * - `POST /v1/olympiad/moderation/works/{id}/claim`    { data: ModerationItem } (409 when another moderator holds it)
 * - `POST /v1/olympiad/moderation/works/{id}/release`  204
 * - `POST /v1/olympiad/moderation/works/{id}/decision` DecisionBody → { data: ModerationItem } (409 when decided already)
 *
 * Contests, staff (roles moderator, admin):
 * - `POST /v1/olympiad/contests` ContestBody → 201 { data: Contest }
 * - `PUT  /v1/olympiad/contests/{id}` ContestBody → { data: Contest }
 * - `PUT  /v1/olympiad/works/{id}/score` { score: number|null } → { data: ModerationItem } (scored contests; feeds the rating)
 *
 * Realtime, on the participant's private channel: `NotificationSent` for a decision (type
 * `work_moderated`, data `{ work_id, status }`); the SPA refreshes its works on it.
 * Likes live for everyone viewing a work: public channel `olympiad-work.{id}`, event `WorkLikesChanged` `{ work_id, likes_count }`.
 */

export const WorkStatus = StringEnum(WORK_STATUSES);
export type WorkStatus = Static<typeof WorkStatus>;
export const WorkFileKind = StringEnum(WORK_FILE_KINDS);
export const WorkSort = StringEnum(WORK_SORTS);
export type WorkSort = Static<typeof WorkSort>;
export const ParticipantCategory = StringEnum(CATEGORIES);

/** Texts in the caller's language; `*_ru`/`*_en` only in the staff form's copy. */
export const Contest = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  starts_at: Type.String(),
  ends_at: Type.String(),
  /** `upcoming`, `open` (works accepted now) or `closed`. */
  state: StringEnum(['upcoming', 'open', 'closed'] as const),
  stage_kinds: Type.Array(StageKind),
  categories: Type.Array(ParticipantCategory),
  works_per_participant: Type.Integer(),
  /** For a signed-in participant: how many works they have entered, and whether they may enter one now. */
  my_works: Nullable(Type.Integer()),
  may_enter: Nullable(Type.Boolean()),
  published_works: Type.Integer(),
  /** Both languages, for staff (moderator, admin) only: what the edit form starts from. */
  title_ru: Type.Optional(Type.String()),
  title_en: Type.Optional(Type.String()),
  description_ru: Type.Optional(Type.String()),
  description_en: Type.Optional(Type.String()),
});
export type Contest = Static<typeof Contest>;
export const ContestsResponse = Type.Object({ data: Type.Array(Contest) });
export type ContestsResponse = Static<typeof ContestsResponse>;

export const ContestBody = Type.Object({
  title_ru: Type.String({ minLength: 1, maxLength: 200 }),
  title_en: Type.String({ minLength: 1, maxLength: 200 }),
  description_ru: Type.String({ minLength: 1, maxLength: 20_000 }),
  description_en: Type.String({ minLength: 1, maxLength: 20_000 }),
  starts_at: Type.String({ maxLength: 40 }),
  ends_at: Type.String({ maxLength: 40 }),
  stage_kinds: Type.Array(StageKind, { maxItems: 4, uniqueItems: true }),
  categories: Type.Array(ParticipantCategory, { maxItems: 3, uniqueItems: true }),
  works_per_participant: Type.Integer({ minimum: 1, maximum: 50 }),
});
export type ContestBody = Static<typeof ContestBody>;

/** The work's picture, or the PDF's first-page preview; `file_url` serves the file itself. */
export const WorkMedia = Type.Object({
  file_kind: WorkFileKind,
  image: Nullable(ImageResource),
  file_url: Type.String(),
  file_bytes: Type.Integer(),
});

/** A participant's own work, with its state and the moderator's reason when not published. */
export const MyWork = Type.Object({
  id: Type.Integer(),
  contest: Type.Object({ id: Type.Integer(), title: Type.String() }),
  title: Type.String({ maxLength: WORK_TITLE_MAX }),
  description: Type.String({ maxLength: WORK_DESCRIPTION_MAX }),
  status: WorkStatus,
  rejection_reason: Nullable(Type.String()),
  likes_count: Type.Integer(),
  submitted_at: Type.String(),
  published_at: Nullable(Type.String()),
  ...WorkMedia.properties,
});
export type MyWork = Static<typeof MyWork>;
export const MyWorksResponse = Type.Object({ data: Type.Array(MyWork) });
export type MyWorksResponse = Static<typeof MyWorksResponse>;

/** The author as the public sees them: never an e-mail, a full name or a birth date. */
export const WorkAuthor = Type.Object({ id: Type.Integer(), public_name: Type.String(), category: ParticipantCategory });

export const GalleryWork = Type.Object({
  id: Type.Integer(),
  contest: Type.Object({ id: Type.Integer(), title: Type.String() }),
  title: Type.String(),
  description: Type.String(),
  author: WorkAuthor,
  likes_count: Type.Integer(),
  /** Null for a guest; for a participant whether they like it; `mine` disables the like button. */
  liked: Nullable(Type.Boolean()),
  mine: Type.Boolean(),
  published_at: Type.String(),
  ...WorkMedia.properties,
});
export type GalleryWork = Static<typeof GalleryWork>;

export const GalleryQuery = Type.Object({
  sort: Type.Optional(WorkSort),
  contest_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  category: Type.Optional(ParticipantCategory),
  /** Opaque: the `next_cursor` of the page before (it carries the last work's sort key, a title of up to 200 letters included). */
  cursor: Type.Optional(Type.String({ maxLength: 1000 })),
  per_page: Type.Integer({ minimum: 1, maximum: 60, default: 24 }),
});
export type GalleryQuery = Static<typeof GalleryQuery>;
export const GalleryResponse = Type.Object({
  data: Type.Array(GalleryWork),
  meta: Type.Object({ next_cursor: Nullable(Type.String()), total: Type.Integer() }),
});
export type GalleryResponse = Static<typeof GalleryResponse>;

export const LikeState = Type.Object({ work_id: Type.Integer(), liked: Type.Boolean(), likes_count: Type.Integer() });
export type LikeState = Static<typeof LikeState>;

/** A work in the moderation queue, as a visitor would see it, plus what the moderator needs. */
export const ModerationItem = Type.Object({
  ...GalleryWork.properties,
  status: WorkStatus,
  /** Null until it is approved (the queue holds works not yet published). */
  published_at: Nullable(Type.String()),
  submitted_at: Type.String(),
  /** Hours since it was sent; `due` is `ok`, `soon` (past 20 h) or `overdue` (past 24 h). */
  age_hours: Type.Number(),
  due: StringEnum(['ok', 'soon', 'overdue'] as const),
  claimed_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  claimed_by_me: Type.Boolean(),
  score: Nullable(Type.Number()),
  decisions: Type.Array(
    Type.Object({ decision: WorkStatus, reason: Nullable(Type.String()), moderator: Nullable(Type.String()), decided_at: Type.String() }),
  ),
});
export type ModerationItem = Static<typeof ModerationItem>;
export const ModerationQueueResponse = PagedList(ModerationItem);
export type ModerationQueueResponse = Static<typeof ModerationQueueResponse>;

/** Reasons a moderator can pick (keys of the `olympiadWorks.reasons` messages), or `other` with a written one. */
export const REJECTION_REASONS = WORK_REJECTION_CODES;
export const DecisionBody = Type.Object({
  decision: StringEnum(['approved', 'rejected'] as const),
  reason_code: Type.Optional(StringEnum(REJECTION_REASONS)),
  reason: Type.Optional(Type.String({ maxLength: WORK_REJECTION_REASON_MAX })),
});
export type DecisionBody = Static<typeof DecisionBody>;

/** `PUT /v1/olympiad/works/{id}/score`: points for a published work, or null to take them back. */
export const ScoreBody = Type.Object({ score: Nullable(Type.Number({ minimum: 0, maximum: 1000 })) });
export type ScoreBody = Static<typeof ScoreBody>;

/** `GET /v1/olympiad/moderation/works`: pages of the queue. */
export const ModerationQueueQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type ModerationQueueQuery = Static<typeof ModerationQueueQuery>;
