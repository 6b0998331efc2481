import * as yup from 'yup';
import {
  ATTEMPTS_MAX,
  CATEGORY_MAX,
  QUESTION_COUNT_MAX,
  TEST_DESCRIPTION_MAX,
  TEST_FORMATS,
  TEST_TITLE_MAX,
  type TestFormat,
  TIME_LIMIT_MAX_MINUTES,
} from './olympiad-tests';
import { msg } from './message';
import { requiredText, translation } from './olympiad-test-texts';

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
