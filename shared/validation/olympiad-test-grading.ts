import * as yup from 'yup';
import { FINAL_POINTS_MAX, GRADE_COMMENT_MAX } from './olympiad-tests';
import { msg } from './message';
import { boundedText } from './olympiad-test-texts';

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
    comment: boundedText(GRADE_COMMENT_MAX).default(''),
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
  comment: boundedText(GRADE_COMMENT_MAX).default(''),
});
export type FinalResultInput = yup.InferType<typeof finalResultSchema>;
