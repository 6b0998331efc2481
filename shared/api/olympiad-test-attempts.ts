import { Type, type Static } from 'typebox';
import { Nullable } from './catalog-common';
import { Id } from './numbers';
import { StageKind } from './olympiad-stages';
import { AnswerValue } from './olympiad-test-answers';
import { AttemptStatus, EssayStatus, FinishedBy, Letter, QuestionType, TestFormat } from './olympiad-test-common';

/** An attempt as its participant sees it: the questions (never their answers), the review after the finish, the result. */

export const PresentedOption = Type.Object({ letter: Letter, text: Type.String() });
export type PresentedOption = Static<typeof PresentedOption>;
export const PresentedPrompt = Type.Object({ key: Type.String(), text: Type.String() });
export type PresentedPrompt = Static<typeof PresentedPrompt>;

/**
 * A question as the participant sees it: never its correct answer.
 * Options, items and matching answers come shuffled for this attempt, lettered
 * A, B, C… in the order shown. Per type:
 * - single_choice / multiple_choice: `options`;
 * - ordering: `items` (shown shuffled; the answer lists their letters in order);
 * - matching: `prompts` (left side, keys '1'…) and `options` (right side, lettered);
 * - closed_text: `text` holds gaps `[[1]]`, `[[2]]`…, `gaps` their keys in order, `options` the words offered for every gap;
 * - open_text / essay: `max_length` characters of `text`.
 */
const PresentedFields = {
  id: Type.Integer(),
  /** 0-based place in this attempt. */
  index: Type.Integer(),
  type: QuestionType,
  text: Type.String(),
  max_points: Type.Number(),
  options: Type.Optional(Type.Array(PresentedOption)),
  items: Type.Optional(Type.Array(PresentedOption)),
  prompts: Type.Optional(Type.Array(PresentedPrompt)),
  gaps: Type.Optional(Type.Array(Type.String())),
  max_length: Type.Optional(Type.Integer()),
};
export const PresentedQuestion = Type.Object(PresentedFields);
export type PresentedQuestion = Static<typeof PresentedQuestion>;

/**
 * After the finish, when review is available (training at once; other stages
 * once the test's window has closed): whether the answer was right and the
 * right answer in this attempt's letters. Essay grades show once graded.
 */
export const QuestionReview = Type.Object({
  /** Null: an essay not graded yet. */
  correct: Nullable(Type.Boolean()),
  points: Nullable(Type.Number()),
  /** The right answer in this attempt's letters (null for essays); open_text: `text` is the first accepted answer. */
  solution: Nullable(AnswerValue),
  /** open_text: every accepted answer. */
  accepted: Type.Optional(Type.Array(Type.String())),
  /** The grader's comment on an essay. */
  comment: Nullable(Type.String()),
});
export type QuestionReview = Static<typeof QuestionReview>;

export const AttemptQuestion = Type.Object({
  ...PresentedFields,
  answer: Nullable(AnswerValue),
  /** The stored version (0: never answered); the next save sends a higher one. */
  version: Type.Integer(),
  saved_at: Nullable(Type.String()),
  /** The participant has been on this question (with `answer` null and not current: skipped). */
  visited: Type.Boolean(),
  review: Nullable(QuestionReview),
});
export type AttemptQuestion = Static<typeof AttemptQuestion>;

/**
 * The result of a finished attempt (SPEC §3 stage result, DESIGN formula).
 * `max_points` is the sum of the questions' points (each is worth 1 unless
 * staff say otherwise, so it is the number of questions); ungraded essays
 * count 0 until graded. `speed_points` = round(10 × correct/auto_total ×
 * (1 − spent/limit), 2) on timed tests, 0 untimed.
 */
export const AttemptResult = Type.Object({
  correct: Type.Integer(),
  /** Questions scored by the server (all but essays). */
  auto_total: Type.Integer(),
  question_count: Type.Integer(),
  points: Type.Number(),
  max_points: Type.Number(),
  percent: Type.Number(),
  time_spent_seconds: Type.Integer(),
  speed_points: Type.Number(),
  essay_status: EssayStatus,
  /** Per-question review (right answers) is shown: training at once, other stages after the test's window. */
  review_available: Type.Boolean(),
});
export type AttemptResult = Static<typeof AttemptResult>;

/** Shared by the participant's attempts and the staff list of them. */
export const AttemptFields = {
  id: Type.Integer(),
  test_id: Type.Integer(),
  test_title: Type.String(),
  stage_id: Type.Integer(),
  stage_kind: StageKind,
  format: TestFormat,
  /** 1 for the first attempt at this test, 2 for the second… */
  number: Type.Integer(),
  status: AttemptStatus,
  started_at: Type.String(),
  /** Null: no time limit (training). */
  deadline: Nullable(Type.String()),
  time_limit_seconds: Nullable(Type.Integer()),
  finished_at: Nullable(Type.String()),
  finished_by: Nullable(FinishedBy),
  question_count: Type.Integer(),
  answered_count: Type.Integer(),
  /** Null while in progress. */
  result: Nullable(AttemptResult),
};

export const AttemptSummary = Type.Object(AttemptFields);
export type AttemptSummary = Static<typeof AttemptSummary>;

/** The whole attempt: what the test and essay screens resume from. */
export const AttemptResource = Type.Object({
  ...AttemptFields,
  /** Answers are accepted until `deadline` + this many seconds. */
  grace_seconds: Type.Integer(),
  /** The question the participant was on (0-based), as last sent to `PUT …/position`. */
  current_index: Type.Integer(),
  questions: Type.Array(AttemptQuestion),
});
export type AttemptResource = Static<typeof AttemptResource>;

export const AttemptResponse = Type.Object({ data: AttemptResource, server_time: Type.String() });
export type AttemptResponse = Static<typeof AttemptResponse>;

export const PositionBody = Type.Object({ index: Type.Integer({ minimum: 0, maximum: 1000 }) });
export type PositionBody = Static<typeof PositionBody>;
export const PositionResponse = Type.Object({ data: Type.Object({ current_index: Type.Integer() }), server_time: Type.String() });
export type PositionResponse = Static<typeof PositionResponse>;

export const MyAttemptsQuery = Type.Object({
  test_id: Type.Optional(Id()),
  stage_id: Type.Optional(Id()),
});
export type MyAttemptsQuery = Static<typeof MyAttemptsQuery>;
export const MyAttemptsResponse = Type.Object({ data: Type.Array(AttemptSummary), server_time: Type.String() });
export type MyAttemptsResponse = Static<typeof MyAttemptsResponse>;
