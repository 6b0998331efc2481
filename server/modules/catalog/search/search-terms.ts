import { SEARCH_QUERY_MAX } from '../../../../shared/api/catalog-search';
import { searchWordsOf } from '../../../../shared/validation/search-text';

const MAX_WORDS = 8;
const MAX_WORD = 40;

export interface SearchTerms {
  /** Normalised query (lower case, single spaces): compared with names for exact, prefix and trigram matches. */
  text: string;
  /**
   * The words (letters and digits only) the full-text query is built from in
   * the database; nothing else of the input reaches the tsquery syntax, and
   * the words still travel as bound parameters.
   */
  words: string[];
}

export function searchTerms(raw: string | undefined): SearchTerms {
  const text = (raw ?? '')
    .normalize('NFKC')
    // Markup pasted into the box is not part of what is sought.
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SEARCH_QUERY_MAX);
  const words = searchWordsOf(text).slice(0, MAX_WORDS).map((word) => word.slice(0, MAX_WORD));
  return { text, words };
}
