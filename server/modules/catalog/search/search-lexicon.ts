import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { repeatedRows } from '../common/raw-rows';

/** How the database sees one word: its stems and its transliteration key. */
export interface WordForms {
  word: string;
  /** Stems by the database's stemmer (English for Latin words, Russian for the others); none for a stop word. */
  stems: string[];
  /** `search_translit_key` of the word (migration 0016), null when too short to be told apart (under three consonants). */
  key: string | null;
  /** Cyrillic words look for keys of Latin names and back. */
  cyrillic: boolean;
}

/**
 * Words repeat across searches far more than whole queries do, so each is
 * looked up once per process and a search of known words needs no round trip.
 */
const formsByWord = new Map<string, WordForms>();
const WORDS_KEPT = 20_000;
const KEY_MIN = 3;

export async function wordFormsOf(db: Pick<Db, 'execute'>, words: string[]): Promise<WordForms[]> {
  const unknown = [...new Set(words.filter((word) => !formsByWord.has(word)))];
  if (unknown.length) {
    // The same functions as the documents' (stemmers, `search_translit_key`), so a word meets its own forms.
    const rows = await repeatedRows<{ word: string; stems: string[] | null; key: string | null }>(
      db,
      sql`select w.word, ts_lexize((case when w.word ~ '^[a-z0-9]+$' then 'english_stem' else 'russian_stem' end)::regdictionary, w.word) as stems,
            search_translit_key(w.word) as key
          from unnest(${sql`array[${sql.join(
            unknown.map((word) => sql`${word}`),
            sql`, `,
          )}]::text[]`}) as w(word)`,
    );
    for (const row of rows) {
      if (formsByWord.size >= WORDS_KEPT) formsByWord.delete(formsByWord.keys().next().value as string);
      const letters = /^[a-zа-яё]+$/.test(row.word);
      formsByWord.set(row.word, {
        word: row.word,
        stems: row.stems ?? [],
        key: letters && row.key && [...row.key].length >= KEY_MIN ? row.key : null,
        cyrillic: /[а-яё]/.test(row.word),
      });
    }
  }
  return words.map((word) => formsByWord.get(word) ?? { word, stems: [], key: null, cyrillic: false });
}
