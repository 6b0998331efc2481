import * as yup from 'yup';
import { msg } from './message';

/**
 * Limits and rules of the olympiad's tests, shared by the SPA (forms, the
 * test screen's counters) and the server (the same messages on a 422).
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

/** Whole hundredths, rounding halves up; all arithmetic on points goes through integers. */
export function roundedHundredths(numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * DESIGN: speed points = round(10 × correct/total × (1 − spent/limit), 2)
 * for timed stages, 0 for training (no limit). In hundredths.
 */
export function speedPointsHundredths(correct: number, total: number, spentMs: number, limitMs: number | null): number {
  if (!limitMs || total <= 0 || correct <= 0) return 0;
  const left = Math.max(0, limitMs - Math.min(Math.max(spentMs, 0), limitMs));
  return roundedHundredths(1000 * correct * left, total * limitMs);
}

/** Hundredths to the API's two-decimal number (735 → 7.35). */
export const fromHundredths = (value: number) => value / 100;
/** A two-decimal number to hundredths (7.35 → 735), immune to float noise. */
export const toHundredths = (value: number) => Math.round(value * 100);

const text = (max: number) => yup.string().typeError(msg('validation.type')).max(max, msg('validation.maxLength', { max }));

/** What a participant types: open text and essays. The SPA counts against the same limits. */
export const essayAnswerSchema = yup.object({
  text: text(ESSAY_MAX_CHARS).defined(msg('validation.required')),
});
export const openAnswerSchema = yup.object({
  text: text(OPEN_TEXT_MAX_CHARS).defined(msg('validation.required')),
});

const twoDecimals = (value: number | undefined) => value === undefined || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Staff grade an essay: points from 0 to the question's maximum, in hundredths at most, and a comment. */
export const gradeSchema = (maxPoints: number) =>
  yup.object({
    points: yup
      .number()
      .typeError(msg('validation.type'))
      .required(msg('validation.blank'))
      .min(0, msg('validation.minimum', { min: 0 }))
      .max(maxPoints, msg('validation.maximum', { max: maxPoints }))
      .test('two-decimals', msg('olympiadTests.validation.twoDecimals'), twoDecimals),
    comment: text(GRADE_COMMENT_MAX).default(''),
  });

/** Staff enter a participant's result of the in-person final. */
export const finalResultSchema = yup.object({
  points: yup
    .number()
    .typeError(msg('validation.type'))
    .required(msg('validation.blank'))
    .min(0, msg('validation.minimum', { min: 0 }))
    .max(FINAL_POINTS_MAX, msg('validation.maximum', { max: FINAL_POINTS_MAX }))
    .test('two-decimals', msg('olympiadTests.validation.twoDecimals'), twoDecimals),
  place: yup
    .number()
    .typeError(msg('validation.type'))
    .integer(msg('validation.type'))
    .min(1, msg('validation.minimum', { min: 1 }))
    .max(100_000, msg('validation.maximum', { max: 100_000 }))
    .nullable()
    .default(null),
  comment: text(GRADE_COMMENT_MAX).default(''),
});
export type FinalResultInput = yup.InferType<typeof finalResultSchema>;

const requiredText = (max: number) =>
  yup.string().typeError(msg('validation.type')).trim().max(max, msg('validation.maxLength', { max })).required(msg('validation.blank'));
/** An optional English translation: blank or left out is null (the Russian text is shown). */
const translation = (max: number) =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .max(max, msg('validation.maxLength', { max }))
    .nullable()
    .default(null)
    .transform((value: string | null) => (value && value.trim() ? value : null));

const optionSchema = yup.object({
  text: requiredText(OPTION_TEXT_MAX),
  text_en: translation(OPTION_TEXT_MAX),
  correct: yup.boolean().typeError(msg('validation.type')).default(false),
});

const itemSchema = yup.object({ text: requiredText(OPTION_TEXT_MAX), text_en: translation(OPTION_TEXT_MAX) });

const pairSchema = yup.object({
  prompt: requiredText(OPTION_TEXT_MAX),
  prompt_en: translation(OPTION_TEXT_MAX),
  answer: requiredText(OPTION_TEXT_MAX),
  answer_en: translation(OPTION_TEXT_MAX),
});

const letteredList = <T extends yup.AnyObject>(item: yup.ObjectSchema<T>, min = MIN_OPTIONS) =>
  yup
    .array()
    .typeError(msg('validation.type'))
    .of(item)
    .min(min, msg('olympiadTests.validation.minOptions', { min }))
    .max(MAX_OPTIONS, msg('olympiadTests.validation.maxOptions', { max: MAX_OPTIONS }));

/**
 * A question as staff write it. Which fields matter depends on the type:
 * - single_choice: `options` (2–10), exactly one `correct`;
 * - multiple_choice: `options` (2–10), at least one `correct`;
 * - ordering: `items` (2–10) in the right order;
 * - matching: `pairs` (2–10, prompt → answer) and optional `distractors`
 *   (extra answers), at most 10 distinct answers in all;
 * - open_text: `accepted` answers (1–20), compared by `normalizeOpenAnswer`;
 * - closed_text: `text` with gaps `[[1]]`, `[[2]]`… (at most 10), `options`
 *   (2–10, the words offered for every gap) and `gaps`: for gap k the index
 *   (0-based) of its right option, `gaps[k - 1]`;
 * - essay: the task in `text`; graded by staff up to `max_points`.
 */
export const questionSchema = yup.object({
  type: yup.mixed<QuestionType>().oneOf([...QUESTION_TYPES], msg('validation.enum')).required(msg('validation.blank')),
  category: yup.string().typeError(msg('validation.type')).trim().max(CATEGORY_MAX, msg('validation.maxLength', { max: CATEGORY_MAX })).default(''),
  name: yup.string().typeError(msg('validation.type')).trim().max(QUESTION_NAME_MAX, msg('validation.maxLength', { max: QUESTION_NAME_MAX })).default(''),
  text: requiredText(QUESTION_TEXT_MAX),
  text_en: translation(QUESTION_TEXT_MAX),
  max_points: yup
    .number()
    .typeError(msg('validation.type'))
    .integer(msg('validation.type'))
    .min(1, msg('validation.minimum', { min: 1 }))
    .max(QUESTION_POINTS_MAX, msg('validation.maximum', { max: QUESTION_POINTS_MAX }))
    .default(1),
  options: yup.array().when('type', {
    is: (type: QuestionType) => type === 'single_choice' || type === 'multiple_choice' || type === 'closed_text',
    then: () =>
      letteredList(optionSchema)
        .required(msg('validation.blank'))
        .test('one-correct', msg('olympiadTests.validation.oneCorrect'), function oneCorrect(list) {
          return this.parent.type !== 'single_choice' || (list ?? []).filter((o) => o?.correct).length === 1;
        })
        .test('some-correct', msg('olympiadTests.validation.someCorrect'), function someCorrect(list) {
          return this.parent.type !== 'multiple_choice' || (list ?? []).some((o) => o?.correct);
        }),
    otherwise: (s) => s.strip(),
  }),
  items: yup.array().when('type', {
    is: 'ordering',
    then: () => letteredList(itemSchema).required(msg('validation.blank')),
    otherwise: (s) => s.strip(),
  }),
  pairs: yup.array().when('type', {
    is: 'matching',
    then: () => letteredList(pairSchema).required(msg('validation.blank')),
    otherwise: (s) => s.strip(),
  }),
  distractors: yup.array().when('type', {
    is: 'matching',
    then: () =>
      yup
        .array()
        .typeError(msg('validation.type'))
        .of(itemSchema)
        .default([])
        .test('answers-fit', msg('olympiadTests.validation.maxOptions', { max: MAX_OPTIONS }), function fits(list) {
          const answers = new Set([...(this.parent.pairs ?? []), ...(list ?? [])].map((x: { answer?: string; text?: string }) => x.answer ?? x.text));
          return answers.size <= MAX_OPTIONS;
        }),
    otherwise: (s) => s.strip(),
  }),
  accepted: yup.array().when('type', {
    is: 'open_text',
    then: () =>
      yup
        .array()
        .typeError(msg('validation.type'))
        .of(yup.string().typeError(msg('validation.type')).trim().required(msg('validation.blank')).max(OPEN_TEXT_MAX_CHARS, msg('validation.maxLength', { max: OPEN_TEXT_MAX_CHARS })))
        .min(1, msg('olympiadTests.validation.acceptedRequired'))
        .max(ACCEPTED_ANSWERS_MAX, msg('olympiadTests.validation.acceptedMax', { max: ACCEPTED_ANSWERS_MAX }))
        .required(msg('olympiadTests.validation.acceptedRequired')),
    otherwise: (s) => s.strip(),
  }),
  gaps: yup.array().when('type', {
    is: 'closed_text',
    then: () =>
      yup
        .array()
        .typeError(msg('validation.type'))
        .of(yup.number().typeError(msg('validation.type')).integer(msg('validation.type')).min(0).required())
        .required(msg('validation.blank'))
        .test('gaps-match-text', msg('olympiadTests.validation.gapsMatchText'), function matches(list) {
          const keys = gapKeys(String(this.parent.text ?? ''));
          const count = (list ?? []).length;
          const numbered = keys.map(Number).sort((a, b) => a - b);
          return count >= 1 && count <= MAX_OPTIONS && numbered.length === count && numbered.every((n, i) => n === i + 1);
        })
        .test('gaps-in-options', msg('olympiadTests.validation.gapOption'), function inOptions(list) {
          const options = (this.parent.options ?? []).length;
          return (list ?? []).every((index) => typeof index === 'number' && index < options);
        })
        .test('gaps-in-english', msg('olympiadTests.validation.gapsMatchText'), function english() {
          const en = this.parent.text_en;
          if (!en) return true;
          return gapKeys(String(en)).sort().join() === gapKeys(String(this.parent.text ?? '')).sort().join();
        }),
    otherwise: (s) => s.strip(),
  }),
});
export type QuestionInput = yup.InferType<typeof questionSchema>;

const moment = () =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .nullable()
    .default(null)
    .test('date-time', msg('olympiad.validation.dateTime'), (v) => v === null || v === undefined || !Number.isNaN(Date.parse(v)));

/** A positive whole number, or null for "no limit"; left out (undefined) it stays undefined. */
const optionalCount = (max: number) =>
  yup
    .number()
    .typeError(msg('validation.type'))
    .integer(msg('validation.type'))
    .min(1, msg('validation.minimum', { min: 1 }))
    .max(max, msg('validation.maximum', { max }))
    .nullable();

/**
 * A test as staff write it. Limits left out (undefined) take the stage's
 * rule (SPEC §9); null means none (no time limit, unlimited attempts, every
 * question of the pool).
 */
export const testSchema = yup.object({
  stage_id: yup.number().typeError(msg('validation.type')).integer(msg('validation.type')).min(1).required(msg('validation.blank')),
  format: yup.mixed<TestFormat>().oneOf([...TEST_FORMATS], msg('validation.enum')).default('quiz'),
  title: requiredText(TEST_TITLE_MAX),
  title_en: translation(TEST_TITLE_MAX),
  description: yup.string().typeError(msg('validation.type')).trim().max(TEST_DESCRIPTION_MAX, msg('validation.maxLength', { max: TEST_DESCRIPTION_MAX })).default(''),
  description_en: translation(TEST_DESCRIPTION_MAX),
  attempts_allowed: optionalCount(ATTEMPTS_MAX).optional(),
  time_limit_minutes: optionalCount(TIME_LIMIT_MAX_MINUTES).optional(),
  question_count: optionalCount(QUESTION_COUNT_MAX).default(null),
  categories: yup
    .array()
    .typeError(msg('validation.type'))
    .of(yup.string().typeError(msg('validation.type')).trim().required(msg('validation.blank')).max(CATEGORY_MAX, msg('validation.maxLength', { max: CATEGORY_MAX })))
    .max(50, msg('validation.maximum', { max: 50 }))
    .default([]),
  question_ids: yup
    .array()
    .typeError(msg('validation.type'))
    .of(yup.number().typeError(msg('validation.type')).integer().min(1).required())
    .max(QUESTION_COUNT_MAX * 5, msg('validation.maximum', { max: QUESTION_COUNT_MAX * 5 }))
    .default([]),
  opens_at: moment(),
  closes_at: moment().test('after-open', msg('olympiad.validation.endsBeforeStart'), function after(value) {
    const open = this.parent?.opens_at ? Date.parse(this.parent.opens_at) : NaN;
    return !value || Number.isNaN(open) || Date.parse(value) > open;
  }),
  published: yup.boolean().typeError(msg('validation.type')).default(false),
});
export type TestInput = yup.InferType<typeof testSchema>;
