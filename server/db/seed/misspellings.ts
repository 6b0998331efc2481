import { typoDistance, typosAllowed } from '../../modules/catalog/search/typo-distance';
import { random } from './catalog-seed';

/**
 * Misspellings of catalogue words as people make them, for the typo recall test (the demo catalogue) and
 * `bench:catalog` (the large one): a letter dropped, added or replaced, or two neighbours swapped; one typo
 * under nine letters, one or two from nine (the rule of typo-distance.ts), never a typo that spells a word
 * of the catalogue or that a second typo undid.
 */
export const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
export const LATIN = 'abcdefghijklmnopqrstuvwxyz';

type Random = ReturnType<typeof random>;

/** One typo of one of the four kinds, somewhere in the word. */
function oneTypo(letters: string[], rnd: Random, alphabet: string): string[] {
  const at = rnd.int(0, letters.length - 1);
  const other = (not: string) => {
    let letter = not;
    while (letter === not) letter = rnd.pick([...alphabet]);
    return letter;
  };
  switch (rnd.int(0, 3)) {
    case 0:
      return letters.filter((_, i) => i !== at);
    case 1:
      return [...letters.slice(0, at), other(''), ...letters.slice(at)];
    case 2:
      return letters.map((letter, i) => (i === at ? other(letter) : letter));
    default: {
      const i = Math.min(at, letters.length - 2);
      return [...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)];
    }
  }
}

export interface Misspelling {
  word: string;
  typed: string;
}

/**
 * `count` distinct misspellings of `words` (each of five letters or more), the same for the same seed.
 * `vocabulary` holds every word of the catalogue, whatever its length: a "typo" that spells one is no typo.
 */
export function misspellingsOf(words: Iterable<string>, vocabulary: ReadonlySet<string>, count: number, seed: number): Misspelling[] {
  const rnd = random(seed);
  const pool = [...new Set(words)].filter((word) => typosAllowed(word) > 0).sort();
  if (!pool.length) throw new Error('no word of five letters or more to misspell');
  const cases: Misspelling[] = [];
  const seen = new Set<string>();
  while (cases.length < count) {
    const word = rnd.pick(pool);
    const alphabet = /[а-яё]/.test(word) ? CYRILLIC : LATIN;
    const allowed = typosAllowed(word);
    const edits = allowed === 2 ? rnd.int(1, 2) : 1;
    let letters = [...word];
    for (let e = 0; e < edits; e++) letters = oneTypo(letters, rnd, alphabet);
    const typed = letters.join('');
    const distance = typoDistance(word, typed);
    if (distance === 0 || distance > allowed || vocabulary.has(typed) || seen.has(typed)) continue;
    seen.add(typed);
    cases.push({ word, typed });
  }
  return cases;
}
