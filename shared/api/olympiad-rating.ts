import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './catalog-common';
import { PageMeta } from './envelope';
import { CATEGORIES, STAGE_KINDS } from '../validation/olympiad-options';

/**
 * The olympiad rating (issue 15 §6), computed from the results that exist when it is read:
 * - `GET /v1/olympiad/rating?category&stage&page&per_page` RatingResponse (public; `me` filled for a signed-in participant)
 * - `GET /v1/olympiad/rating/me`                             MyRatingResponse: my row with my place overall and in my
 *   category, or null before any result (the account's "place in ranking")
 * Ties: by total points, then speed points, then less time spent, then the earlier finish (DESIGN.md).
 */
export const RatingQuery = Type.Object({
  category: Type.Optional(StringEnum(CATEGORIES)),
  stage: Type.Optional(StringEnum(STAGE_KINDS)),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type RatingQuery = Static<typeof RatingQuery>;

export const RatingRow = Type.Object({
  place: Type.Integer(),
  participant: Type.Object({ id: Type.Integer(), public_name: Type.String(), category: StringEnum(CATEGORIES) }),
  total_points: Type.Number(),
  test_points: Type.Number(),
  speed_points: Type.Number(),
  essay_points: Type.Number(),
  final_points: Type.Number(),
  creative_points: Type.Number(),
  time_spent_seconds: Type.Integer(),
  finished_at: Nullable(Type.String()),
});
export type RatingRow = Static<typeof RatingRow>;

export const RatingResponse = Type.Object({
  data: Type.Array(RatingRow),
  /** The API's usual page meta (the SPA's pager reads it). */
  meta: PageMeta,
  /** The signed-in participant's own row (highlighted, and shown even when on another page). */
  me: Nullable(RatingRow),
  /** The published tie rule, in the caller's language. */
  tie_rule: Type.String(),
});
export type RatingResponse = Static<typeof RatingResponse>;

/** The account's "place in ranking": the overall row plus the place among the participant's own category. */
export const MyRatingRow = Type.Object({ ...RatingRow.properties, category_place: Type.Integer() });
export type MyRatingRow = Static<typeof MyRatingRow>;

export const MyRatingResponse = Type.Object({
  data: Nullable(MyRatingRow),
  /** The published tie rule, in the caller's language. */
  tie_rule: Type.String(),
});
export type MyRatingResponse = Static<typeof MyRatingResponse>;
