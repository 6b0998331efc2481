import * as yup from 'yup';
import { msg } from './message';

/** The text fields of the olympiad tests' forms: a bounded text, a required one, and an optional English translation. */

export const boundedText = (max: number) => yup.string().typeError(msg('validation.type')).max(max, msg('validation.maxLength', { max }));

export const requiredText = (max: number) =>
  yup.string().typeError(msg('validation.type')).trim().max(max, msg('validation.maxLength', { max })).required(msg('validation.blank'));
/** An optional English translation: blank or left out is null (the Russian text is shown). */
export const translation = (max: number) =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .max(max, msg('validation.maxLength', { max }))
    .nullable()
    .default(null)
    .transform((value: string | null) => (value && value.trim() ? value : null));
