import * as yup from 'yup';
import {
  ACCEPTED_ANSWERS_MAX,
  CATEGORY_MAX,
  gapKeys,
  MAX_OPTIONS,
  MIN_OPTIONS,
  OPEN_TEXT_MAX_CHARS,
  OPTION_TEXT_MAX,
  QUESTION_NAME_MAX,
  QUESTION_POINTS_MAX,
  QUESTION_TEXT_MAX,
  QUESTION_TYPES,
  type QuestionType,
} from './olympiad-tests';
import { msg } from './message';
import { requiredText, translation } from './olympiad-test-texts';

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
