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
  const count = scratchTrigramsOf(lowered ? text : text.toLowerCase());
  return Array.from(scratch.trigrams.subarray(0, count));
}

/**
 * The trigrams' and wordSimilarity's working arrays, shared by every call: the near-name search checks thousands of
 * names a search, and a list, a map and three arrays per name were a tenth of what the API allocated.
 */
const scratch = {
  trigrams: new Float64Array(256),
  indexes: new Int32Array(256),
  distinct: new Float64Array(256),
  found: new Uint8Array(256),
  lastpos: new Int32Array(256),
};

/** The trigrams of a lower-case text into `scratch.trigrams`; how many. */
function scratchTrigramsOf(text: string): number {
  // At most one trigram per UTF-16 unit and one more per word: twice the length and one is enough.
  const room = 2 * text.length + 1;
  if (scratch.trigrams.length < room) {
    const size = 2 * room;
    Object.assign(scratch, { trigrams: new Float64Array(size), indexes: new Int32Array(size), distinct: new Float64Array(size), found: new Uint8Array(size), lastpos: new Int32Array(size) });
  }
  const trigrams = scratch.trigrams;
  let n = 0;
  eachWord(text, (source, start, end) => {
    let a = SPACE;
    let b = SPACE;
    for (let i = start; i <= end; i++) {
      const c = i < end ? source.charCodeAt(i) : SPACE;
      trigrams[n++] = (a * UNIT + b) * UNIT + c;
      a = b;
      b = c;
    }
  });
  return n;
}

const similarity = (count: number, length1: number, length2: number) => f32(count / (length1 + length2 - count));

/**
 * The greatest similarity between the trigrams of the query and those of any run of trigrams of `text`
 * (pg_trgm's word_similarity), given the query's distinct trigrams.
 */
export function wordSimilarity(queryTrigrams: ReadonlySet<number>, text: string): number {
  // `text` is a stored search_name: lower case already.
  const ulen1 = queryTrigrams.size;
  const length = scratchTrigramsOf(text);
  if (!ulen1 || !length) return 0;
  const { trigrams, indexes, distinct, found, lastpos } = scratch;
  // Each distinct trigram of the text gets a number (a name has a few dozen: a look along them beats a map);
  // `found`: it is one of the query's.
  let distinctCount = 0;
  for (let i = 0; i < length; i++) {
    const trigram = trigrams[i];
    let n = 0;
    while (n < distinctCount && distinct[n] !== trigram) n++;
    if (n === distinctCount) {
      distinct[n] = trigram;
      found[n] = queryTrigrams.has(trigram) ? 1 : 0;
      lastpos[n] = -1;
      distinctCount++;
    }
    indexes[i] = n;
  }
  let ulen2 = 0;
  let count = 0;
  let upper = -1;
  let lower = -1;
  let max = f32(0);
  for (let i = 0; i < length; i++) {
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
