/**
 * Limits and rules of the olympiad's tests, shared by the SPA (forms, the
 * test screen's counters) and the server (the same messages on a 422).
 * The schemas built on them sit beside this file: olympiad-test-answers,
 * -grading, -question and -definition (a test); points in olympiad-test-points.
 */

/** SPEC §3: answer options are lettered A to J, so at most ten. */
export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'] as const;
export type Letter = (typeof LETTERS)[number];
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = LETTERS.length;

export const QUESTION_TYPES = ['single_choice', 'multiple_choice', 'ordering', 'matching', 'open_text', 'closed_text', 'essay'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Every type but the essay is scored by the server at the finish; essays wait for staff. */
export const AUTO_SCORED_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice', 'ordering', 'matching', 'open_text', 'closed_text'];

/** A quiz is answered question by question; an essay test (second stage) holds the essay task with its own deadline. */
export const TEST_FORMATS = ['quiz', 'essay'] as const;
export type TestFormat = (typeof TEST_FORMATS)[number];

/** SPEC §5, §9: an essay answer holds at most 5000 characters. */
export const ESSAY_MAX_CHARS = 5000;
/** A typed open answer is a word or a short phrase. */
export const OPEN_TEXT_MAX_CHARS = 200;
export const ACCEPTED_ANSWERS_MAX = 20;
export const QUESTION_TEXT_MAX = 10_000;
export const OPTION_TEXT_MAX = 1000;
export const QUESTION_NAME_MAX = 255;
export const CATEGORY_MAX = 255;
export const TEST_TITLE_MAX = 200;
export const TEST_DESCRIPTION_MAX = 5000;
export const GRADE_COMMENT_MAX = 2000;
/** Points a question is worth: 1 by default (so maximum points = number of questions), up to 100 for an essay. */
export const QUESTION_POINTS_MAX = 100;
export const QUESTION_COUNT_MAX = 200;
export const TIME_LIMIT_MAX_MINUTES = 600;
export const ATTEMPTS_MAX = 100;
export const FINAL_POINTS_MAX = 10_000;
/** Characters of an import file (a Moodle XML or GIFT text); the route accepts a body of this size. */
export const IMPORT_MAX_CHARS = 2_000_000;
/** One import saves its questions in one statement; a larger bank is split into several files. */
export const IMPORT_MAX_QUESTIONS = 1000;
/** Answers that arrive this long after the deadline still count (the network's delay); later ones are refused. */
export const GRACE_SECONDS = 3;
/** Answer versions are client counters; any safe integer (a millisecond timestamp fits). */
export const VERSION_MAX = Number.MAX_SAFE_INTEGER;
/** Closed-text gaps are written `[[1]]`, `[[2]]` … in the question text. */
export const GAP_PATTERN = /\[\[(\d{1,2})\]\]/g;

/**
 * Open answers compare after this: case, surrounding and repeated spaces,
 * and ё/е do not matter ("  Лев  Толстой" = "лев толстой").
 */
export function normalizeOpenAnswer(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** Gap numbers in the order they appear in a closed-text question ("[[2]] … [[1]]" → ['2', '1']). */
export function gapKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(GAP_PATTERN)) if (!keys.includes(match[1])) keys.push(match[1]);
  return keys;
}
