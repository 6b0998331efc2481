import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './catalog-common';
import { LETTERS, QUESTION_TYPES, TEST_FORMATS } from '../validation/olympiad-tests';

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
 *
 * This file holds what the others share: the enums and the staff text fields.
 * The rest sits by seam: olympiad-tests.ts (the tests), olympiad-test-answers,
 * -attempts, -bank, -import, -grading and -results.
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

/** Staff-edited texts: Russian, with an optional English translation. */
export const Text = (maxLength: number) => Type.String({ maxLength });
export const TextEn = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));
