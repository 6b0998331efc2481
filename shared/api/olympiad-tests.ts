import { Type, type Static } from 'typebox';
import { Nullable, PagedList, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { StageKind } from './olympiad-stages';
import {
  IMPORT_MAX_CHARS,
  LETTERS,
  QUESTION_TYPES,
  TEST_FORMATS,
  VERSION_MAX,
} from '../validation/olympiad-tests';

/**
 * The olympiad's tests (issue 7): what participants take and what staff edit.
 *
 * Points travel as numbers with at most two decimals (7.35); the server keeps
 * them as whole hundredths. Times are ISO strings; every answer about an
 * attempt carries `server_time`, so the SPA measures its clock offset and
 * counts down to the server's `deadline`.
 *
 * Texts are Russian (`text`) with an optional English translation
 * (`text_en`); participants get them already in their language.
 */

export const QuestionType = StringEnum(QUESTION_TYPES);
export type QuestionType = Static<typeof QuestionType>;
export const TestFormat = StringEnum(TEST_FORMATS);
export type TestFormat = Static<typeof TestFormat>;
export const Letter = StringEnum(LETTERS);
export type Letter = Static<typeof Letter>;

/** DESIGN state machine "test attempt": not started (no attempt) → in progress → finished. */
export const AttemptStatus = StringEnum(['in_progress', 'finished'] as const);
export type AttemptStatus = Static<typeof AttemptStatus>;
/** Who ended the attempt: the participant, the server at the deadline (sweep), or staff. */
export const FinishedBy = StringEnum(['participant', 'deadline', 'staff'] as const);
export type FinishedBy = Static<typeof FinishedBy>;
/** Whether a test can be started now: before its window, inside it, after it. Training is always `open`. */
export const TestAvailability = StringEnum(['upcoming', 'open', 'closed'] as const);
export type TestAvailability = Static<typeof TestAvailability>;
/**
 * Essays of an attempt: none in it, some not graded yet, all graded, or every
 * essay left empty (`not_submitted`: scored 0 at once, nothing for staff to grade).
 */
export const EssayStatus = StringEnum(['none', 'awaiting_grading', 'graded', 'not_submitted'] as const);
export type EssayStatus = Static<typeof EssayStatus>;

/**
 * Machine-readable reasons on 409 answers (next to the translated `message`):
 * - `attempt_closed`: the attempt is finished or its deadline (+ grace) passed; the answer was not saved;
 * - `version_conflict`: a newer (or different same-version) answer is stored; `data` holds it;
 * - `no_attempts_left`: the test's attempts are used up;
 * - `test_not_open`: the test's window (inside its stage's dates) is not open now;
 * - `attempt_in_progress`: staff tried to grade an attempt that is still running.
 */
export const ConflictCode = StringEnum(['attempt_closed', 'version_conflict', 'no_attempts_left', 'test_not_open', 'attempt_in_progress'] as const);
export type ConflictCode = Static<typeof ConflictCode>;

// ---------------------------------------------------------------- answers

const LetterList = Type.Array(Letter, { maxItems: LETTERS.length });
const KeyedLetters = Type.Record(Type.String({ pattern: '^[0-9]{1,2}$' }), Letter);

/**
 * One shape for every type; the field that counts depends on the question:
 * single_choice `choice`; multiple_choice `choices`; ordering `order` (every
 * item letter once, first to last); matching `matches` (prompt key → answer
 * letter; prompts left out are unmatched); closed_text `gaps` (gap key →
 * option letter); open_text and essay `text`.
 */
export const AnswerValue = Type.Object({
  choice: Type.Optional(Letter),
  choices: Type.Optional(LetterList),
  order: Type.Optional(LetterList),
  matches: Type.Optional(KeyedLetters),
  gaps: Type.Optional(KeyedLetters),
  /** Its length is checked by the shared rules (characters as people count them), within the 1 MB body limit. */
  text: Type.Optional(Type.String()),
});
export type AnswerValue = Static<typeof AnswerValue>;

/**
 * `PUT /v1/olympiad/attempts/{id}/answers/{questionId}`. `version` is the
 * client's counter for this question (any safe integer, e.g. stored version
 * + 1, or a timestamp): the server keeps the highest. Sending the same
 * version with the same answer again is a no-op (200); a lower version, or
 * the same one with another answer, is a 409 `version_conflict`.
 * `answer: null` clears the answer.
 */
export const SaveAnswerBody = Type.Object({
  version: Type.Integer({ minimum: 1, maximum: VERSION_MAX }),
  answer: Nullable(AnswerValue),
});
export type SaveAnswerBody = Static<typeof SaveAnswerBody>;

export const SavedAnswer = Type.Object({
  question_id: Type.Integer(),
  /** 0: never answered. */
  version: Type.Integer(),
  answer: Nullable(AnswerValue),
  saved_at: Nullable(Type.String()),
});
export type SavedAnswer = Static<typeof SavedAnswer>;

export const SavedAnswerResponse = Type.Object({ data: SavedAnswer, server_time: Type.String() });
export type SavedAnswerResponse = Static<typeof SavedAnswerResponse>;

/** Every 409 of this API: the translated message, the reason, and for `version_conflict` the stored answer. */
export const ConflictResponse = Type.Object({
  message: Type.String(),
  code: ConflictCode,
  data: Type.Optional(SavedAnswer),
  server_time: Type.String(),
});
export type ConflictResponse = Static<typeof ConflictResponse>;

// ------------------------------------------------------- what participants see

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

const AttemptFields = {
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

export const MyAttemptsQuery = Type.Object({
  test_id: Type.Optional(Id()),
  stage_id: Type.Optional(Id()),
});
export type MyAttemptsQuery = Static<typeof MyAttemptsQuery>;
export const MyAttemptsResponse = Type.Object({ data: Type.Array(AttemptSummary), server_time: Type.String() });
export type MyAttemptsResponse = Static<typeof MyAttemptsResponse>;

/** A final-stage result entered by staff. */
export const FinalResult = Type.Object({
  points: Type.Number(),
  place: Nullable(Type.Integer()),
  comment: Type.String(),
  updated_at: Type.String(),
});
export type FinalResult = Static<typeof FinalResult>;

/** The personal account's statistics: every stage with every attempt, and the final's result. */
export const StageStatistics = Type.Object({
  stage_id: Type.Integer(),
  kind: StageKind,
  attempts: Type.Array(AttemptSummary),
  final_result: Nullable(FinalResult),
});
export type StageStatistics = Static<typeof StageStatistics>;
export const StatisticsResponse = Type.Object({ data: Type.Array(StageStatistics), server_time: Type.String() });
export type StatisticsResponse = Static<typeof StatisticsResponse>;

// ------------------------------------------------------------------- staff

const Text = (maxLength: number) => Type.String({ maxLength });
const TextEn = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

export const QuestionOption = Type.Object({ text: Text(2000), text_en: TextEn(2000), correct: Type.Optional(Type.Boolean()) });
export type QuestionOption = Static<typeof QuestionOption>;
export const QuestionItem = Type.Object({ text: Text(2000), text_en: TextEn(2000) });
export type QuestionItem = Static<typeof QuestionItem>;
export const QuestionPair = Type.Object({ prompt: Text(2000), prompt_en: TextEn(2000), answer: Text(2000), answer_en: TextEn(2000) });
export type QuestionPair = Static<typeof QuestionPair>;

/** See `questionSchema` in shared/validation/olympiad-tests.ts for which fields each type uses. */
export const QuestionBody = Type.Object({
  type: QuestionType,
  category: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  text: Text(20_000),
  text_en: TextEn(20_000),
  max_points: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  options: Type.Optional(Type.Array(QuestionOption, { maxItems: 50 })),
  items: Type.Optional(Type.Array(QuestionItem, { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(QuestionPair, { maxItems: 50 })),
  distractors: Type.Optional(Type.Array(QuestionItem, { maxItems: 50 })),
  accepted: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 })),
  gaps: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { maxItems: 50 })),
});
export type QuestionBody = Static<typeof QuestionBody>;

export const QuestionResource = Type.Object({
  id: Type.Integer(),
  type: QuestionType,
  category: Type.String(),
  name: Type.String(),
  text: Type.String(),
  text_en: Nullable(Type.String()),
  max_points: Type.Integer(),
  options: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()), correct: Type.Boolean() }))),
  items: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()) }))),
  pairs: Type.Optional(
    Type.Array(Type.Object({ prompt: Type.String(), prompt_en: Nullable(Type.String()), answer: Type.String(), answer_en: Nullable(Type.String()) })),
  ),
  distractors: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()) }))),
  accepted: Type.Optional(Type.Array(Type.String())),
  gaps: Type.Optional(Type.Array(Type.Integer())),
  /** Where an imported question came from ("GIFT, line 12"); empty for questions written here. */
  source: Type.String(),
  /** Tests that list this question explicitly. */
  test_ids: Type.Array(Type.Integer()),
  /** Attempts that contain it (they keep the version they started with; edits apply to new attempts). */
  attempts_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type QuestionResource = Static<typeof QuestionResource>;

export const QuestionsQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 255 })),
  type: Type.Optional(QuestionType),
  test_id: Type.Optional(Id()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type QuestionsQuery = Static<typeof QuestionsQuery>;
export const QuestionsResponse = PagedList(QuestionResource);
export type QuestionsResponse = Static<typeof QuestionsResponse>;

export const QuestionCategory = Type.Object({ name: Type.String(), count: Type.Integer() });
export type QuestionCategory = Static<typeof QuestionCategory>;

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

export const ImportFormat = StringEnum(['moodle_xml', 'gift'] as const);
export type ImportFormat = Static<typeof ImportFormat>;

/**
 * `POST /v1/olympiad/admin/questions/import`: the file's text (the SPA reads
 * it with `File.text()`). `format` is guessed from the text when left out.
 * `category` is used for questions the file puts in no category; `test_id`
 * also lists every imported question in that test. `dry_run` reports without saving.
 */
export const ImportBody = Type.Object({
  format: Type.Optional(ImportFormat),
  filename: Type.Optional(Type.String({ maxLength: 255 })),
  content: Type.String({ maxLength: IMPORT_MAX_CHARS }),
  category: Type.Optional(Type.String({ maxLength: 255 })),
  test_id: Type.Optional(Id()),
  dry_run: Type.Optional(Type.Boolean()),
});
export type ImportBody = Static<typeof ImportBody>;

export const ImportedQuestion = Type.Object({
  /** Null on a dry run. */
  id: Nullable(Type.Integer()),
  name: Type.String(),
  type: QuestionType,
  category: Type.String(),
  /** "line 12" (GIFT) or "question 3 (line 40)" (Moodle XML). */
  source: Type.String(),
});
export type ImportedQuestion = Static<typeof ImportedQuestion>;
export const SkippedQuestion = Type.Object({
  source: Type.String(),
  name: Nullable(Type.String()),
  /** Translated reason. */
  reason: Type.String(),
  reason_key: Type.String(),
});
export type SkippedQuestion = Static<typeof SkippedQuestion>;
export const ImportReport = Type.Object({
  format: ImportFormat,
  dry_run: Type.Boolean(),
  imported: Type.Array(ImportedQuestion),
  skipped: Type.Array(SkippedQuestion),
  categories: Type.Array(Type.String()),
});
export type ImportReport = Static<typeof ImportReport>;

export const ParticipantRef = Type.Object({ id: Type.Integer(), login: Type.String(), full_name: Type.String() });
export type ParticipantRef = Static<typeof ParticipantRef>;

export const StaffAttempt = Type.Object({ ...AttemptFields, participant: ParticipantRef });
export type StaffAttempt = Static<typeof StaffAttempt>;
export const StaffAttemptsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export const StaffAttemptsResponse = PagedList(StaffAttempt);
export type StaffAttemptsResponse = Static<typeof StaffAttemptsResponse>;

/** `graded`: graded by staff; `not_submitted`: left empty (scored 0, no grade needed); `all`: every one. */
export const EssayStatusFilter = StringEnum(['awaiting', 'graded', 'not_submitted', 'all'] as const);
export const EssaysQuery = Type.Object({
  status: Type.Optional(EssayStatusFilter),
  test_id: Type.Optional(Id()),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type EssaysQuery = Static<typeof EssaysQuery>;

/** An essay answer of a finished attempt, for grading. */
export const EssaySubmission = Type.Object({
  attempt_id: Type.Integer(),
  question_id: Type.Integer(),
  test_id: Type.Integer(),
  test_title: Type.String(),
  stage_kind: StageKind,
  participant: ParticipantRef,
  question_text: Type.String(),
  /** The essay; empty when the participant wrote nothing. */
  text: Type.String(),
  /** False: the participant wrote nothing; it is scored 0 and cannot be graded. */
  submitted: Type.Boolean(),
  submitted_at: Type.String(),
  points: Nullable(Type.Number()),
  max_points: Type.Number(),
  comment: Nullable(Type.String()),
  graded_at: Nullable(Type.String()),
  graded_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
});
export type EssaySubmission = Static<typeof EssaySubmission>;
export const EssaysResponse = PagedList(EssaySubmission);
export type EssaysResponse = Static<typeof EssaysResponse>;

export const GradeBody = Type.Object({ points: Type.Number({ minimum: -1e9, maximum: 1e9 }), comment: Type.Optional(Type.String({ maxLength: 10_000 })) });
export type GradeBody = Static<typeof GradeBody>;

export const FinalResultBody = Type.Object({
  points: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  place: Type.Optional(Nullable(Type.Integer({ minimum: -1e9, maximum: 1e9 }))),
  comment: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type FinalResultBody = Static<typeof FinalResultBody>;

/** A participant in the final's results table, with the result when entered. */
export const FinalResultRow = Type.Object({ participant: ParticipantRef, result: Nullable(FinalResult) });
export type FinalResultRow = Static<typeof FinalResultRow>;
export const FinalResultsQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type FinalResultsQuery = Static<typeof FinalResultsQuery>;
export const FinalResultsResponse = PagedList(FinalResultRow);
export type FinalResultsResponse = Static<typeof FinalResultsResponse>;
