import { Type, type Static } from 'typebox';
import { Nullable } from './catalog-common';
import { Id } from './numbers';
import { StageKind } from './olympiad-stages';
import { TestAvailability, TestFormat, Text, TextEn } from './olympiad-test-common';

/** The tests themselves: the list participants start from, and a test as staff edit it. */

/** The caller's standing with a test (absent for guests). */
export const MyTestState = Type.Object({
  attempts_used: Type.Integer(),
  /** Null: unlimited. */
  attempts_left: Nullable(Type.Integer()),
  in_progress_attempt_id: Nullable(Type.Integer()),
  last_attempt_id: Nullable(Type.Integer()),
  /** True when `POST start` would begin (or resume) an attempt now. */
  can_start: Type.Boolean(),
  /** Why not, translated (not a participant, e-mail not verified, no attempts left, not open); null when `can_start`. */
  reason: Nullable(Type.String()),
  /** False for a signed-in person not registered for the olympiad: the page offers to join instead of a start. */
  participant: Type.Boolean(),
});
export type MyTestState = Static<typeof MyTestState>;

export const TestSummary = Type.Object({
  id: Type.Integer(),
  stage_id: Type.Integer(),
  stage_kind: StageKind,
  format: TestFormat,
  title: Type.String(),
  description: Type.String(),
  /** Questions in one attempt. */
  question_count: Type.Integer(),
  time_limit_minutes: Nullable(Type.Integer()),
  attempts_allowed: Nullable(Type.Integer()),
  /** The window a start must fall in (the test's own dates inside its stage's); null on training. */
  opens_at: Nullable(Type.String()),
  closes_at: Nullable(Type.String()),
  availability: TestAvailability,
  my: Type.Optional(MyTestState),
});
export type TestSummary = Static<typeof TestSummary>;

export const TestsQuery = Type.Object({ stage_id: Type.Optional(Id()) });
export type TestsQuery = Static<typeof TestsQuery>;
export const TestsResponse = Type.Object({ data: Type.Array(TestSummary), server_time: Type.String() });
export type TestsResponse = Static<typeof TestsResponse>;
export const TestResponse = Type.Object({ data: TestSummary, server_time: Type.String() });
export type TestResponse = Static<typeof TestResponse>;

/** A test as staff edit it: `attempts_allowed` / `time_limit_minutes` left out take the stage's rule. */
export const TestBody = Type.Object({
  stage_id: Id(),
  format: Type.Optional(TestFormat),
  title: Text(1000),
  title_en: TextEn(1000),
  description: Type.Optional(Type.String({ maxLength: 20_000 })),
  description_en: TextEn(20_000),
  attempts_allowed: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  time_limit_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  /** Null: every question of the pool; N: N drawn at random from it per attempt. */
  question_count: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  /** Bank categories whose questions join the pool. */
  categories: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 100 })),
  /** Questions listed explicitly (always in the pool). */
  question_ids: Type.Optional(Type.Array(Id(), { maxItems: 5000 })),
  opens_at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  closes_at: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  published: Type.Optional(Type.Boolean()),
});
export type TestBody = Static<typeof TestBody>;

export const StaffTestResource = Type.Object({
  id: Type.Integer(),
  stage_id: Type.Integer(),
  stage_kind: StageKind,
  format: TestFormat,
  title: Type.String(),
  title_en: Nullable(Type.String()),
  description: Type.String(),
  description_en: Nullable(Type.String()),
  attempts_allowed: Nullable(Type.Integer()),
  time_limit_minutes: Nullable(Type.Integer()),
  question_count: Nullable(Type.Integer()),
  categories: Type.Array(Type.String()),
  question_ids: Type.Array(Type.Integer()),
  /** Questions an attempt can be drawn from (listed + the categories'). */
  pool_size: Type.Integer(),
  opens_at: Nullable(Type.String()),
  closes_at: Nullable(Type.String()),
  published: Type.Boolean(),
  availability: TestAvailability,
  attempts_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type StaffTestResource = Static<typeof StaffTestResource>;
