/**
 * What a search is made of: runs of letters and digits. Punctuation, emoji and
 * symbols separate words and are never sought, so a query with none of these
 * runs has nothing to search for (the SPA says so instead of showing "nothing found").
 */
const WORD = /[\p{L}\p{N}]+/gu;

export const searchWordsOf = (text: string): string[] => text.normalize('NFKC').toLowerCase().match(WORD) ?? [];

export const hasSearchWords = (text: string): boolean => searchWordsOf(text).length > 0;
