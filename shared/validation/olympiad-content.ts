import * as yup from 'yup';
import { msg } from './message';

/** The olympiad's staff-editable pages; each has a title and a body in both languages. */
export const CONTENT_KEYS = ['home', 'faq', 'rules', 'about', 'stages'] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
export const isContentKey = (value: string): value is ContentKey => (CONTENT_KEYS as readonly string[]).includes(value);

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_BODY_MAX = 20_000;

const translation = () =>
  yup.object({
    title: yup
      .string()
      .typeError(msg('validation.type'))
      .trim()
      .required(msg('validation.blank'))
      .max(CONTENT_TITLE_MAX, msg('validation.maxLength', { max: CONTENT_TITLE_MAX })),
    body: yup
      .string()
      .typeError(msg('validation.type'))
      .trim()
      .required(msg('validation.blank'))
      .max(CONTENT_BODY_MAX, msg('validation.maxLength', { max: CONTENT_BODY_MAX })),
  });

export const contentEditSchema = yup.object({ ru: translation(), en: translation() });
export type ContentEditInput = yup.InferType<typeof contentEditSchema>;
