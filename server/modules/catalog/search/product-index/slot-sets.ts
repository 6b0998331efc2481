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

/**
 * The candidates a posting list holds: writes each one's index in `candidates` and the posting's index in
 * `list` to `found`, in slot order, and returns how many. The shorter side is walked and the longer one
 * galloped, so a rare lexeme costs its few postings and a common one at most a step per candidate.
 */
export function common(candidates: Int32Array, list: PostingList): number {
  const most = Math.min(candidates.length, list.length);
  if (found.candidates.length < most) {
    found.candidates = new Int32Array(most * 2);
    found.postings = new Int32Array(most * 2);
  }
  const at = found.candidates;
  const postings = found.postings;
  const slots = list.slots;
  let n = 0;
  if (candidates.length <= list.length) {
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

/** The candidates whose flag is set, in order. */
export function kept(candidates: Int32Array, flags: Uint8Array): Int32Array {
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let k = 0; k < candidates.length; k++) if (flags[k]) out[n++] = candidates[k];
  return out.subarray(0, n);
}
