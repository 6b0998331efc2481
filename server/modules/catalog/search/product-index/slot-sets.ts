import type { PostingList } from './posting-list';

/** Sorted sets of slots (Int32Array, ascending, no repeats): what the index's candidates are made of. */

/** A bit per slot, shared by every union and left cleared. */
let bits = new Int32Array(0);

export function union(parts: Int32Array[], slotCount: number): Int32Array {
  const nonEmpty = parts.filter((part) => part.length);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? new Int32Array(0);
  const total = nonEmpty.reduce((sum, part) => sum + part.length, 0);
  // Many slots: set their bits and read the set words in order; few: merge them.
  if (total * 8 > slotCount) {
    const words = (slotCount >>> 5) + 1;
    if (bits.length < words) bits = new Int32Array(Math.max(words, bits.length * 2));
    for (const part of nonEmpty) for (let i = 0; i < part.length; i++) bits[part[i] >>> 5] |= 1 << (part[i] & 31);
    const out = new Int32Array(total);
    let n = 0;
    for (let w = 0; w < words; w++) {
      let word = bits[w];
      if (!word) continue;
      bits[w] = 0;
      while (word) {
        const low = word & -word;
        out[n++] = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
    return out.subarray(0, n);
  }
  // Few: merge them two by two (each is sorted).
  let merged = nonEmpty;
  while (merged.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < merged.length; i += 2) next.push(i + 1 < merged.length ? mergeTwo(merged[i], merged[i + 1]) : merged[i]);
    merged = next;
  }
  return merged[0];
}

/** The slots in either (each sorted), once each. */
function mergeTwo(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x < y) {
      out[n++] = x;
      i++;
    } else if (y < x) {
      out[n++] = y;
      j++;
    } else {
      out[n++] = x;
      i++;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++];
  while (j < b.length) out[n++] = b[j++];
  return out.subarray(0, n);
}

/** The first index at or after `from` whose value is at least `value` (galloping forward over a sorted array). */
function gallop(sorted: Int32Array, end: number, value: number, from: number): number {
  if (from >= end || sorted[from] >= value) return from;
  let step = 1;
  let low = from;
  let high = from + 1;
  while (high < end && sorted[high] < value) {
    low = high;
    step *= 2;
    high = low + step;
  }
  if (high > end) high = end;
  while (low + 1 < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle;
    else high = middle;
  }
  return high;
}

/** Pairs found by `common`: the candidate's index and the posting's, reused from call to call. */
export const found = { candidates: new Int32Array(1024), postings: new Int32Array(1024) };

/** The set bits of a 32-bit word. */
function bitCount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Where each slot stands among many candidates, in a few operations: a bit per slot, and how many candidates come
 * before each word of bits. A short posting list is then checked against the candidates posting by posting, where
 * galloping through 90,000 candidates for each posting cost a dozen comparisons (a prefix such as «сер*» brings
 * hundreds of short lists: a quarter of the index's time went there).
 */
export class CandidateLookup {
  private readonly bits: Int32Array;
  private readonly before: Int32Array;

  constructor(candidates: Int32Array) {
    const words = candidates.length ? (candidates[candidates.length - 1] >>> 5) + 1 : 0;
    this.bits = new Int32Array(words);
    this.before = new Int32Array(words);
    for (let k = 0; k < candidates.length; k++) this.bits[candidates[k] >>> 5] |= 1 << (candidates[k] & 31);
    let count = 0;
    for (let w = 0; w < words; w++) {
      this.before[w] = count;
      count += bitCount(this.bits[w]);
    }
  }

  /** The slot's index among the candidates; -1 when it is none of them. */
  indexOf(slot: number): number {
    const w = slot >>> 5;
    if (w >= this.bits.length) return -1;
    const word = this.bits[w];
    const bit = 1 << (slot & 31);
    if (!(word & bit)) return -1;
    return this.before[w] + bitCount(word & (bit - 1));
  }
}

/** Candidates this many and more are worth a lookup (CandidateLookup). */
const LOOKUP_MIN = 4096;

/**
 * The candidates a posting list holds: writes each one's index in `candidates` and the posting's index in
 * `list` to `found`, in slot order, and returns how many. A list shorter than the candidates is walked
 * and each posting looked up (`lookup`, of these candidates, when given); otherwise the shorter side is walked
 * and the longer one galloped, so a rare lexeme costs its few postings and a common one at most a step per candidate.
 */
export function common(candidates: Int32Array, list: PostingList, lookup: CandidateLookup | null = null): number {
  const most = Math.min(candidates.length, list.length);
  if (found.candidates.length < most) {
    found.candidates = new Int32Array(most * 2);
    found.postings = new Int32Array(most * 2);
  }
  const at = found.candidates;
  const postings = found.postings;
  const slots = list.slots;
  let n = 0;
  if (lookup && list.length < candidates.length) {
    for (let i = 0; i < list.length; i++) {
      const k = lookup.indexOf(slots[i]);
      if (k >= 0) {
        at[n] = k;
        postings[n++] = i;
      }
    }
  } else if (candidates.length <= list.length) {
    let i = 0;
    for (let k = 0; k < candidates.length && i < list.length; k++) {
      i = gallop(slots, list.length, candidates[k], i);
      if (i < list.length && slots[i] === candidates[k]) {
        at[n] = k;
        postings[n++] = i;
      }
    }
  } else {
    let k = 0;
    for (let i = 0; i < list.length && k < candidates.length; i++) {
      k = gallop(candidates, candidates.length, slots[i], k);
      if (k < candidates.length && candidates[k] === slots[i]) {
        at[n] = k;
        postings[n++] = i;
      }
    }
  }
  return n;
}

/** A lookup of `candidates` when there are enough of them to be worth one. */
export const lookupOf = (candidates: Int32Array): CandidateLookup | null => (candidates.length >= LOOKUP_MIN ? new CandidateLookup(candidates) : null);

/** The candidates whose flag is set, in order. */
export function kept(candidates: Int32Array, flags: Uint8Array): Int32Array {
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let k = 0; k < candidates.length; k++) if (flags[k]) out[n++] = candidates[k];
  return out.subarray(0, n);
}
