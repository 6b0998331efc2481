/**
 * pg_trgm's `word_similarity(a, b)` and `a <% b` (contrib/pg_trgm/trgm_op.c: generate_trgm_only,
 * calc_word_similarity, iterate_word_similarity), computed as the database computes them, so a product's
 * near name is found and ranked in memory exactly as the search statement would. A trigram is kept as one
 * number of its three UTF-16 units; the database compares a hash for those of non-ASCII letters, so two
 * different triples with one hash (a rare collision there) would count as one there and two here.
 */
const f32 = Math.fround;
/**
 * What pg_trgm counts as a word: letters and decimal digits (t_isalnum under the database's UTF-8 ctype, where
 * «²» and other number signs are not letters or digits: «м²» is the word «м»).
 */
const WORD_CHARACTER = /[\p{L}\p{Nd}]/u;
const WORDS = new RegExp(`${WORD_CHARACTER.source}+`, 'gu');
const SPACE = 32;
const UNIT = 65536;

/** Whether each UTF-16 unit of the Basic Multilingual Plane is a word character, made on first use. */
let wordUnits: Uint8Array | null = null;
function wordUnitTable(): Uint8Array {
  if (!wordUnits) {
    wordUnits = new Uint8Array(65536);
    for (let unit = 0; unit < 65536; unit++) {
      // Surrogates are never words by themselves; texts holding them take the expression (eachWord).
      if (unit < 0xd800 || unit > 0xdfff) wordUnits[unit] = WORD_CHARACTER.test(String.fromCharCode(unit)) ? 1 : 0;
    }
  }
  return wordUnits;
}

/** Calls `onWord` with the bounds of each word of `text` in order (a text with astral letters goes through the expression). */
function eachWord(text: string, onWord: (text: string, start: number, end: number) => void): void {
  if (/[\ud800-\udfff]/.test(text)) {
    for (const match of text.matchAll(WORDS)) onWord(text, match.index, match.index + match[0].length);
    return;
  }
  const table = wordUnitTable();
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const inWord = i < text.length && table[text.charCodeAt(i)] === 1;
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      onWord(text, start, i);
      start = -1;
    }
  }
}

/** The words of a text as pg_trgm splits it (a name's words: its trigrams are theirs, name-words.ts). */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  eachWord(text, (source, start, end) => words.push(source.slice(start, end)));
  return words;
}

/**
 * The trigrams of a text in order: each word padded with two spaces before and one after, as pg_trgm pads
 * them. `lowered`: the text is lower case already (a stored `search_name`).
 */
export function trigramsOf(text: string, lowered = false): number[] {
  const trigrams: number[] = [];
  eachWord(lowered ? text : text.toLowerCase(), (source, start, end) => pushWord(trigrams, source, start, end));
  return trigrams;
}

function pushWord(trigrams: number[], text: string, start: number, end: number): void {
  let a = SPACE;
  let b = SPACE;
  for (let i = start; i <= end; i++) {
    const c = i < end ? text.charCodeAt(i) : SPACE;
    trigrams.push((a * UNIT + b) * UNIT + c);
    a = b;
    b = c;
  }
}

const similarity = (count: number, length1: number, length2: number) => f32(count / (length1 + length2 - count));

/**
 * The greatest similarity between the trigrams of the query and those of any run of trigrams of `text`
 * (pg_trgm's word_similarity), given the query's distinct trigrams.
 */
export function wordSimilarity(queryTrigrams: ReadonlySet<number>, text: string): number {
  // `text` is a stored search_name: lower case already.
  const ulen1 = queryTrigrams.size;
  const trigrams = trigramsOf(text, true);
  if (!ulen1 || !trigrams.length) return 0;
  // Each distinct trigram of the text gets a number; `found`: it is one of the query's.
  const numbers = new Map<number, number>();
  const indexes = new Int32Array(trigrams.length);
  const found: boolean[] = [];
  for (let i = 0; i < trigrams.length; i++) {
    let n = numbers.get(trigrams[i]);
    if (n === undefined) {
      n = found.length;
      numbers.set(trigrams[i], n);
      found.push(queryTrigrams.has(trigrams[i]));
    }
    indexes[i] = n;
  }
  const lastpos = new Int32Array(found.length).fill(-1);
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let max = f32(0);
  for (let i = 0; i < trigrams.length; i++) {
    const index = indexes[i];
    if (lower >= 0 || found[index]) {
      if (lastpos[index] < 0) {
        ulen2++;
        if (found[index]) count++;
      }
      lastpos[index] = i;
    }
    if (!found[index]) continue;
    upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = similarity(count, ulen1, ulen2);
    // Try a later start of the run for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const previousLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const tmp = similarity(tmpCount, ulen1, tmpUlen2);
      if (tmp > current) {
        current = tmp;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpIndex = indexes[tmpLower];
      if (lastpos[tmpIndex] === tmpLower) {
        tmpUlen2--;
        if (found[tmpIndex]) tmpCount--;
      }
    }
    max = Math.max(max, current);
    for (let tmpLower = previousLower; tmpLower < lower; tmpLower++) {
      const tmpIndex = indexes[tmpLower];
      if (lastpos[tmpIndex] === tmpLower) lastpos[tmpIndex] = -1;
    }
  }
  return max;
}
