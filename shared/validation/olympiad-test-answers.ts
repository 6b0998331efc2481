import * as yup from 'yup';
import { ESSAY_MAX_CHARS, OPEN_TEXT_MAX_CHARS } from './olympiad-tests';
import { msg } from './message';
import { boundedText } from './olympiad-test-texts';

/** What a participant types: open text and essays. The SPA counts against the same limits. */
export const essayAnswerSchema = yup.object({
  text: boundedText(ESSAY_MAX_CHARS).defined(msg('validation.required')),
});
export const openAnswerSchema = yup.object({
  text: boundedText(OPEN_TEXT_MAX_CHARS).defined(msg('validation.required')),
});
