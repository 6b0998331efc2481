import { PostingList } from '../../../server/modules/catalog/search/product-index/posting-list';
import { CandidateLookup, common, found, kept, union } from '../../../server/modules/catalog/search/product-index/slot-sets';

const listOf = (slots: number[]) => {
  const list = new PostingList();
  for (const slot of slots) list.append(slot, [1]);
  return list;
};

/** The pairs `common` wrote, as [candidate index, posting index]; `lookup`: through a CandidateLookup of the candidates. */
const pairs = (candidates: number[], slots: number[], lookup = false) => {
  const sorted = Int32Array.from(candidates);
  const n = common(sorted, listOf(slots), lookup ? new CandidateLookup(sorted) : null);
  return Array.from({ length: n }, (_, h) => [found.candidates[h], found.postings[h]]);
};

test('common finds every candidate a list holds, with both indexes, whichever side is longer', () => {
  // Fewer candidates than postings: the candidates are walked, the list galloped.
  expect(pairs([3, 50, 51, 900], [1, 2, 3, 4, 5, 50, 52, 100, 200, 900, 901])).toEqual([[0, 2], [1, 5], [3, 9]]);
  // Fewer postings than candidates: the list is walked, the candidates galloped.
  expect(pairs([1, 2, 3, 4, 5, 50, 52, 100, 200, 900, 901], [3, 50, 51, 900])).toEqual([[2, 0], [5, 1], [9, 3]]);
  expect(pairs([], [1, 2])).toEqual([]);
  expect(pairs([7, 8], [])).toEqual([]);
});

test('common agrees with a plain membership test over random sets of every proportion', () => {
  let seed = 11;
  const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const sortedSet = (size: number, range: number) => [...new Set(Array.from({ length: size }, () => next(range)))].sort((a, b) => a - b);
  for (const [a, b] of [[5, 5000], [5000, 5], [300, 300], [1, 1], [2000, 40]]) {
    const candidates = sortedSet(a, 10_000);
    const slots = sortedSet(b, 10_000);
    const expected = candidates.flatMap((slot, k) => (slots.includes(slot) ? [[k, slots.indexOf(slot)]] : []));
    expect(pairs(candidates, slots)).toEqual(expected);
    expect(pairs(candidates, slots, true)).toEqual(expected);
  }
});

test('a lookup gives each candidate its index, and -1 for any other slot, at every bit of a word', () => {
  // The sign bit (slot 31, 63) and word edges are where bit arithmetic goes wrong.
  const candidates = [0, 1, 30, 31, 32, 62, 63, 64, 95, 1000, 4095];
  const lookup = new CandidateLookup(Int32Array.from(candidates));
  for (let slot = 0; slot < 5000; slot++) expect(lookup.indexOf(slot)).toBe(candidates.indexOf(slot));
  expect(new CandidateLookup(new Int32Array(0)).indexOf(3)).toBe(-1);
});

test('kept keeps the flagged candidates in order; union gives each slot once, in order, by merging or by bits', () => {
  expect([...kept(Int32Array.from([4, 8, 15, 16]), Uint8Array.from([1, 0, 0, 1]))]).toEqual([4, 16]);
  const parts = [Int32Array.from([1, 5, 9]), Int32Array.from([2, 5, 10]), Int32Array.from([9, 11])];
  // Many slots against the count (bits) and few (merging) give the same set.
  expect([...union(parts, 16)]).toEqual([1, 2, 5, 9, 10, 11]);
  expect([...union(parts, 1_000_000)]).toEqual([1, 2, 5, 9, 10, 11]);
});
