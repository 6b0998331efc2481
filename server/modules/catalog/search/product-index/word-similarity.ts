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
export const TRIGRAM_WORD = /[\p{L}\p{Nd}]+/gu;
const SPACE = 32;
const UNIT = 65536;

/** Whether each UTF-16 unit is part of a word (TRIGRAM_WORD), for the units of the Basic Multilingual Plane. */
const WORD_UNIT = (() => {
  const table = new Uint8Array(65536);
  for (let unit = 0; unit < 0xd800; unit++) table[unit] = /^[\p{L}\p{Nd}]$/u.test(String.fromCharCode(unit)) ? 1 : 0;
  for (let unit = 0xe000; unit < 65536; unit++) table[unit] = /^[\p{L}\p{Nd}]$/u.test(String.fromCharCode(unit)) ? 1 : 0;
  return table;
})();

/**
 * The trigrams of a text in order: each word padded with two spaces before and one after, as pg_trgm pads
 * them. `lowered`: the text is lower case already (a stored `search_name`). A text with letters beyond the
 * Basic Multilingual Plane takes the slower path through the expression.
 */
export function trigramsOf(text: string, lowered = false): number[] {
  const source = lowered ? text : text.toLowerCase();
  const trigrams: number[] = [];
  if (/[\ud800-\udfff]/.test(source)) {
    for (const [word] of source.matchAll(TRIGRAM_WORD)) pushWord(trigrams, word, 0, word.length);
    return trigrams;
  }
  let start = -1;
  for (let i = 0; i <= source.length; i++) {
    const inWord = i < source.length && WORD_UNIT[source.charCodeAt(i)] === 1;
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) {
      pushWord(trigrams, source, start, i);
      start = -1;
    }
  }
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
