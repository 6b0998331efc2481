import * as yup from 'yup';
import { msg } from './message';
import { searchWordsOf } from './search-text';

export const SYNONYM_TERM_MAX = 60;
/** Search looks for synonym phrases of at most three words (server/modules/catalog/search/search-query.ts uses this). */
export const SYNONYM_PHRASE_WORDS = 3;
export const SYNONYM_TERMS_MAX = 30;

/** One term: a word or a phrase of up to three words, stored lower-case with single spaces. */
const term = yup
  .string()
  .typeError(msg('validation.type'))
  .transform((value: unknown) => (typeof value === 'string' ? value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase() : value))
  .required(msg('validation.blank'))
  .max(SYNONYM_TERM_MAX, msg('validation.maxLength', { max: SYNONYM_TERM_MAX }))
  .test('words', msg('catalog.validation.synonymTerm', { max: SYNONYM_PHRASE_WORDS }), (value) => {
    const words = searchWordsOf(value ?? '').length;
    return words >= 1 && words <= SYNONYM_PHRASE_WORDS;
  });

const terms = () =>
  yup
    .array()
    .typeError(msg('validation.type'))
    .of(term)
    .max(SYNONYM_TERMS_MAX, msg('validation.maximum', { max: SYNONYM_TERMS_MAX }))
    .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value.map((item) => (typeof item === 'string' ? item.trim().replace(/\s+/g, ' ').toLowerCase() : item)))] : value));

/**
 * A row of the synonym list: `terms` mean the same (each finds the others);
 * `expansions` are what the terms also find, one way (a brand's product lines).
 */
export const searchSynonymSchema = yup.object({
  terms: terms()
    .required(msg('validation.required'))
    .min(1, msg('validation.required'))
    .test('something-to-find', msg('catalog.validation.synonymAlone'), function enough(value) {
      const expansions = (this.parent as { expansions?: unknown[] }).expansions ?? [];
      return (value?.length ?? 0) + expansions.length >= 2;
    }),
  expansions: terms().default([]),
});

export type SearchSynonymInput = yup.InferType<typeof searchSynonymSchema>;
