import { topIsAnd, type QueryNode, type QueryTrees } from '../search-query';
import { IndexMatches } from './index-matches';
import type { Lexicon } from './lexicon';
import { grow, type PostingList } from './posting-list';
import { codePoints, textHead, type ProductSlots, type TextHead } from './product-slots';
import type { NameWords } from './name-words';
import { entryShare, OR_SCALE, tsRank, type RankOperand } from './ts-rank';
import { common, found, kept, lookupOf, union, type CandidateLookup } from './slot-sets';
import { trigramsOf, wordSimilarity } from './word-similarity';
import { runInSlices, runToEnd, SLICE_MS, type Steps } from '../../../../lib/slice-turns';
import { WORD_SIMILARITY_THRESHOLD } from '../../../../db/session-settings';

/** The words of a search as the index takes them: the text and the trees its tsqueries are rendered from. */
export interface IndexQuery {
  text: string;
  trees: QueryTrees;
}

// Weights as levels (levelOf), the bit each is in a posting's mask: A 3 (8), B 2 (4), C 1 (2), D 0 (1).
const A = 3;
const B = 2;
const C = 1;
const D = 0;
/** ts_rank's weights for D, C, B, A, as the search statement passes them ('{0.05,0.1,0.4,1}'). */
const RANK_WEIGHTS = new Float32Array([0.05, 0.1, 0.4, 1]);

/** One tsquery operand with the posting lists of the lexemes it matches, and where each list stands at the current slot. */
interface Term {
  /** The operand as compile keys it: `*` a prefix, `=` a whole word, then the text. */
  key: string;
  text: string;
  lists: PostingList[];
  cursors: Int32Array;
  /** The weights the operand has in the current product (0: absent). */
  mask: number;
  /** The current product's entries under the operand, with their positions, for ts_rank. */
  entries: RankOperand;
  /** After `gather`: the weights the operand has in each candidate, and the first of its hits there (-1: none). */
  masks: Uint8Array;
  heads: Int32Array;
}

type Compiled = { term: Term } | { all: Compiled[] } | { any: Compiled[] };
/** A compiled tree's level in the current product (levelOf). */
type Level = () => number;

class Terms {
  private readonly byKey = new Map<string, Term>();
  private readonly all: Term[] = [];
  /** The hits `gather` found, as linked lists per operand and candidate: the list, the posting, the next hit. */
  private hitList = new Int32Array(1024);
  private hitAt = new Int32Array(1024);
  private hitNext = new Int32Array(1024);
  private hits = 0;

  constructor(private readonly lexicon: Lexicon) {}

  compile(node: QueryNode): Compiled {
    if ('all' in node) return { all: node.all.map((child) => this.compile(child)) };
    if ('any' in node) return { any: node.any.map((child) => this.compile(child)) };
    const key = `${node.prefix ? '*' : '='}${node.term}`;
    let term = this.byKey.get(key);
    if (!term) {
      const lists = this.lexicon.matching(node.term, node.prefix).map((id) => this.lexicon.postings[id]);
      const entries: RankOperand = { count: 0, weps: new Array<Uint16Array>(lists.length), starts: new Int32Array(lists.length), ends: new Int32Array(lists.length) };
      term = { key, text: node.term, lists, cursors: new Int32Array(lists.length), mask: 0, entries, masks: NO_MASKS, heads: NO_HEADS };
      this.byKey.set(key, term);
      this.all.push(term);
    }
    return { term };
  }

  /** Lets the next `moveTo` go back to an earlier slot (each walk must go forward). */
  rewind(): void {
    for (const term of this.all) term.cursors.fill(0);
  }

  /** Moves every operand to `slot`: which of its lexemes the product holds, with what weights (slots in any increasing order). */
  moveTo(slot: number): void {
    for (const term of this.all) {
      let mask = 0;
      const entries = term.entries;
      entries.count = 0;
      for (let j = 0; j < term.lists.length; j++) {
        const list = term.lists[j];
        const i = list.seek(slot, term.cursors[j]);
        term.cursors[j] = i;
        if (i < list.length && list.slots[i] === slot) {
          mask |= list.masks[i];
          const n = entries.count++;
          entries.weps[n] = list.weps;
          entries.starts[n] = i === 0 ? 0 : list.ends[i - 1];
          entries.ends[n] = list.ends[i];
        }
      }
      term.mask = mask;
    }
  }

  /**
   * Finds every operand's weights among `candidates` (sorted slots; `lookup` theirs) list by list, for `masksAt`,
   * and with `linked` their entries too, for `at`: a list is walked once against all the candidates, where
   * `moveTo` would seek in every list for every candidate (a prefix or a word with many forms brings dozens of
   * lists, most of them short).
   */
  *gather(candidates: Int32Array, lookup: CandidateLookup | null, linked: boolean): Steps<void> {
    this.hits = 0;
    for (const term of this.all) {
      const masks = (term.masks = new Uint8Array(candidates.length));
      const heads = (term.heads = linked ? new Int32Array(candidates.length).fill(-1) : NO_HEADS);
      yield;
      // Hits are put in front of those found before: walking the lists backwards leaves them in lexeme order.
      for (let j = term.lists.length - 1; j >= 0; j--) {
        yield;
        const list = term.lists[j];
        const count = common(candidates, list, lookup);
        const { candidates: at, postings } = found;
        if (!linked) {
          for (let h = 0; h < count; h++) masks[at[h]] |= list.masks[postings[h]];
          continue;
        }
        this.reserve(count);
        for (let h = 0; h < count; h++) {
          const k = at[h];
          const i = postings[h];
          masks[k] |= list.masks[i];
          const hit = this.hits++;
          this.hitList[hit] = j;
          this.hitAt[hit] = i;
          this.hitNext[hit] = heads[k];
          heads[k] = hit;
        }
      }
    }
  }

  /** Sets every operand's weights to those of the `k`-th candidate `gather` was given. */
  masksAt(k: number): void {
    for (const term of this.all) term.mask = term.masks[k];
  }

  /** Moves every operand to the `k`-th candidate `gather` was given, with its entries (`gather` linked). */
  at(k: number): void {
    for (const term of this.all) {
      term.mask = term.masks[k];
      const entries = term.entries;
      let n = 0;
      for (let hit = term.heads[k]; hit >= 0; hit = this.hitNext[hit]) {
        const list = term.lists[this.hitList[hit]];
        const i = this.hitAt[hit];
        entries.weps[n] = list.weps;
        entries.starts[n] = i === 0 ? 0 : list.ends[i - 1];
        entries.ends[n] = list.ends[i];
        n++;
      }
      entries.count = n;
    }
  }

  private reserve(more: number): void {
    const needed = this.hits + more;
    if (needed <= this.hitList.length) return;
    const capacity = Math.max(needed, this.hitList.length * 2);
    this.hitList = grow(this.hitList, capacity);
    this.hitAt = grow(this.hitAt, capacity);
    this.hitNext = grow(this.hitNext, capacity);
  }
}

const NO_MASKS = new Uint8Array(0);
const NO_HEADS = new Int32Array(0);

/**
 * The level of `node` in the current product: the best weight every operand reaches (an AND its weakest side,
 * an OR its strongest), A 3, B 2, C 1, D 0, -1 when it does not match. A tsquery restricted to weights from A
 * down to some weight (`:AB`) matches exactly when the level reaches that weight, so one walk of the tree
 * answers every weight the rank asks about.
 */
function levelOf(node: Compiled): Level {
  if ('term' in node) {
    const term = node.term;
    return () => 31 - Math.clz32(term.mask);
  }
  // A repeated child changes neither the weakest nor the strongest.
  const children = distinct('all' in node ? node.all : node.any).map(levelOf);
  if (children.length === 1) return children[0];
  const all = 'all' in node;
  if (children.length === 2) {
    const [first, second] = children;
    return all ? () => Math.min(first(), second()) : () => Math.max(first(), second());
  }
  return all
    ? () => {
        let level = 3;
        for (const child of children) if ((level = Math.min(level, child())) < 0) break;
        return level;
      }
    : () => {
        let level = -1;
        for (const child of children) if ((level = Math.max(level, child())) === 3) break;
        return level;
      };
}

/** About how many slots `node` may match (lists' lengths; an AND its smallest side), to start an AND with. */
function sizeOf(node: Compiled): number {
  if ('term' in node) return node.term.lists.reduce((sum, list) => sum + list.length, 0);
  const sizes = ('all' in node ? node.all : node.any).map(sizeOf);
  return 'all' in node ? Math.min(...sizes) : sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * The sorted slots that may match `node` (operands' weights aside); dead slots are left for the caller. An AND
 * starts from its smallest side and keeps those the other sides hold, so the lists of a common word are walked
 * against a few candidates instead of merged whole.
 */
function* candidatesOf(node: Compiled, slotCount: number): Steps<Int32Array> {
  if ('term' in node) {
    const lists = node.term.lists;
    if (lists.length === 1) return lists[0].slots.subarray(0, lists[0].length);
    return union(
      lists.map((list) => list.slots.subarray(0, list.length)),
      slotCount,
    );
  }
  if ('any' in node) {
    const parts: Int32Array[] = [];
    for (const child of distinct(node.any)) parts.push(yield* candidatesOf(child, slotCount));
    return union(parts, slotCount);
  }
  const sides = distinct(node.all)
    .map((child) => ({ child, size: sizeOf(child) }))
    .sort((a, b) => a.size - b.size);
  let result = yield* candidatesOf(sides[0].child, slotCount);
  for (let i = 1; i < sides.length && result.length; i++) {
    yield;
    result = kept(result, yield* heldBy(sides[i].child, result, lookupOf(result)));
  }
  return result;
}

/** A compiled tree spelt out: equal for trees that match the same (their operands are one Term per text). */
function keyOf(node: Compiled): string {
  if ('term' in node) return node.term.key;
  const children = ('all' in node ? node.all : node.any).map(keyOf).sort();
  return `${'all' in node ? '&' : '|'}(${children.join(',')})`;
}

/** Children once each: a text that repeats a word («подарочная подарочный») gives an AND of equal sides. */
function distinct(children: Compiled[]): Compiled[] {
  const seen = new Set<string>();
  return children.filter((child) => {
    const key = keyOf(child);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A flag per candidate: whether `node` may match it (operands' weights aside). */
function* heldBy(node: Compiled, candidates: Int32Array, lookup: CandidateLookup | null): Steps<Uint8Array> {
  const flags = new Uint8Array(candidates.length);
  yield* markHeld(node, candidates, lookup, flags);
  return flags;
}

/**
 * Sets the flag of each candidate `node` may match, leaving the others as they are: an OR's children and a
 * term's lists mark one array in place (a word's forms and a prefix's lexemes are dozens of them, and an array
 * per child, merged after, cost more than the walks); only an AND needs one array per side. It pauses between
 * lists: a short prefix («сер*», hundreds of lexemes) over 90,000 candidates is 7 ms of walks.
 */
function* markHeld(node: Compiled, candidates: Int32Array, lookup: CandidateLookup | null, flags: Uint8Array): Steps<void> {
  if ('term' in node) {
    for (const list of node.term.lists) {
      const count = common(candidates, list, lookup);
      const at = found.candidates;
      for (let h = 0; h < count; h++) flags[at[h]] = 1;
      yield;
    }
  } else if ('any' in node) {
    for (const child of node.any) yield* markHeld(child, candidates, lookup, flags);
  } else {
    const sides: Uint8Array[] = [];
    for (const child of node.all) sides.push(yield* heldBy(child, candidates, lookup));
    const [first, ...rest] = sides;
    for (let k = 0; k < flags.length; k++) {
      let held = first[k];
      for (let r = 0; r < rest.length && held; r++) held = rest[r][k];
      if (held) flags[k] = 1;
    }
  }
}

/** What one tree ranks by: its operands in ts_rank's order (their entries, and the terms they are), and whether its top operator is AND. */
interface RankPlan {
  operands: RankOperand[];
  terms: Term[];
  and: boolean;
}

/** ts_rank takes calc_rank_or for the plan: its top is not an AND of two operands or more. */
const ranksAsOr = (plan: RankPlan) => !(plan.and && plan.operands.length >= 2);

/**
 * ts_rank of an OR plan (ranksAsOr) for every candidate at once: each list is walked once, forward, where `at`
 * gathered each candidate's entries from every list in turn («три серия», 200,000 matches: the index's search 45 ms
 * before, 24 after).
 * The shares go into float4 in calc_rank_or's order: the operands in the plan's order, a document's entries in
 * lexeme order (its lists' order).
 */
function* ranksOr(plan: RankPlan, candidates: Int32Array, lookup: CandidateLookup | null): Steps<Float32Array> {
  const sums = new Float32Array(candidates.length);
  if (!plan.terms.length) return sums;
  for (const term of plan.terms) {
    for (const list of term.lists) {
      yield;
      const count = common(candidates, list, lookup);
      const { candidates: at, postings } = found;
      const { weps, ends } = list;
      for (let h = 0; h < count; h++) {
        const i = postings[h];
        sums[at[h]] += entryShare(RANK_WEIGHTS, weps, i === 0 ? 0 : ends[i - 1], ends[i]) / OR_SCALE;
      }
    }
  }
  const operands = plan.terms.length;
  for (let k = 0; k < sums.length; k++) sums[k] /= operands;
  return sums;
}

function rankPlan(tree: QueryNode, terms: Terms): RankPlan {
  // SortAndUniqItems: every operand once by its text (a prefix and a whole word of one text are one), sorted by text.
  const byText = new Map<string, QueryNode>();
  const collect = (node: QueryNode) => {
    if ('term' in node) {
      if (!byText.has(node.term)) byText.set(node.term, node);
    } else for (const child of 'all' in node ? node.all : node.any) collect(child);
  };
  collect(tree);
  const texts = [...byText.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const planTerms = texts.map((text) => (terms.compile(byText.get(text) as QueryNode) as { term: Term }).term);
  return { operands: planTerms.map((term) => term.entries), terms: planTerms, and: topIsAnd(tree) };
}


/** One side of the search (the words, or the corrected words) compiled against the index. */
interface Side {
  text: string;
  textLength: number;
  /** What a name must begin with to be read at all (ProductSlots.mayStartWith). */
  head: TextHead;
  /** Candidates come from the compiled tree, the checks from its test. */
  tree: Compiled;
  match: Level;
  typed: Level;
  rank: RankPlan;
}

function sideOf(query: IndexQuery, terms: Terms): Side {
  const tree = terms.compile(query.trees.match);
  return {
    text: query.text,
    textLength: codePoints(query.text, 0).length,
    head: textHead(query.text),
    tree,
    match: levelOf(tree),
    typed: levelOf(terms.compile(query.trees.typed)),
    rank: rankPlan(query.trees.rank, terms),
  };
}

/**
 * The search statement's rank of the current product (search-matching.ts, rankOf and startOf): exact name 8, a
 * name starting with the text 4, less 0.0002 a letter of the name, plus the tier of where the words matched, plus
 * half of ts_rank. The database adds the first parts as exact decimals and the rest in double precision; so here.
 */
function rankOf(side: Side, slots: ProductSlots, slot: number, level: number, ts = tsRank(RANK_WEIGHTS, side.rank.operands, side.rank.and)): number {
  const tier = (level >= A ? 6 : level === B ? 4 : level === C ? 2 : 0) + (side.typed() >= A ? 1 : 0);
  return startOf(side, slots, slot, tier) + ts * 0.5;
}

/**
 * startOf of the search statement plus `tier`: exact name 8, a name starting with the text 4, less 0.0002 a
 * letter of the stored name; the database adds these as exact decimals, and so does the division here.
 */
function startOf(side: Side, slots: ProductSlots, slot: number, tier = 0): number {
  const text = side.text;
  let exact = 0;
  let starts = 0;
  // Most matches' names begin otherwise than the text: their name is not read at all.
  if (slots.mayStartWith(slot, side.head)) {
    // The English name is the rest of the search name from its start: compared in place, not cut out.
    const englishStart = slots.englishStart(slot);
    const englishStarts = slots.searchNameStartsWith(slot, text, englishStart);
    const english = englishStarts && slots.searchNameUnits(slot) - englishStart === text.length;
    const nameStarts = slots.searchNameStartsWith(slot, text);
    const nameLength = slots.nameLength(slot);
    exact = (nameStarts && slots.searchNameUnitAt(slot, text.length) === SPACE && nameLength === side.textLength) || english ? 8 : 0;
    starts = (nameStarts && nameLength >= side.textLength) || englishStarts ? 4 : 0;
  }
  return (10_000 * (exact + starts + tier) - 2 * slots.searchNameLength(slot)) / 10_000;
}

const SPACE = 32;

/**
 * The rows the search statement's products CTEs give (search-matching.ts): every visible product matching the
 * words, ranked; and with `corrected`, the products the corrected words find in names, categories and business
 * names that the words did not, ranked between the categories' tier and the business's.
 */
export function searchIndex(slots: ProductSlots, lexicon: Lexicon, words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, now: number): IndexMatches {
  return runToEnd(searchSteps(slots, lexicon, words, corrected, now));
}

/**
 * searchIndex in slices of about SLICE_MS, letting the event loop run other work between them: the few searches
 * that match a large share of the catalogue («доставка», «same day»: 50,000–200,000 products, 30–50 ms) would
 * otherwise hold up every request that arrives meanwhile. The index must not be compacted until it resolves
 * (ProductIndex holds compaction back); products added meanwhile are not found, and one changed meanwhile is
 * found with the columns its old slot keeps.
 */
export function searchIndexInSlices(
  slots: ProductSlots,
  lexicon: Lexicon,
  words: IndexQuery,
  corrected: (IndexQuery & { fixed: string[] }) | null,
  now: number,
  sliceMs = SLICE_MS,
): Promise<IndexMatches> {
  return runInSlices(searchSteps(slots, lexicon, words, corrected, now), sliceMs);
}

/**
 * The ranking loop offers a pause every this many candidates (a power of two, less one): a candidate holding a
 * prefix's many lexemes takes microseconds to rank, and 1,024 of them had been a step of 6 ms.
 */
const CANDIDATES_A_STEP = 127;
/** Plain walks over candidates (which are alive) pause every this many. Steps were up to 8 ms before; now up to 3. */
const SLOTS_A_STEP = 16_383;

/** searchIndex's work, pausing between lists, sides and runs of candidates. */
function* searchSteps(slots: ProductSlots, lexicon: Lexicon, words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, now: number): Steps<IndexMatches> {
  const terms = new Terms(lexicon);
  const main = sideOf(words, terms);
  const fixed = corrected && sideOf(corrected, terms);
  const wordSlots = yield* candidatesOf(main.tree, slots.length);
  const fixedSlots = fixed ? yield* candidatesOf(fixed.tree, slots.length) : null;
  yield;
  const candidates = yield* alive(slots, fixedSlots ? union([wordSlots, fixedSlots], slots.length) : wordSlots);
  const lookup = lookupOf(candidates);
  // An OR plan's ts_rank is summed list by list; an AND's, and the corrected words', from each candidate's entries.
  const shares = ranksAsOr(main.rank) ? yield* ranksOr(main.rank, candidates, lookup) : null;
  const linked = !shares || fixed !== null;
  yield* terms.gather(candidates, lookup, linked);
  const rows = new IndexMatches(slots, now, candidates.length);
  for (let k = 0; k < candidates.length; k++) {
    if ((k & CANDIDATES_A_STEP) === CANDIDATES_A_STEP) yield;
    const slot = candidates[k];
    if (linked) terms.at(k);
    else terms.masksAt(k);
    const level = main.match();
    if (level >= D) {
      rows.add(slot, rankOf(main, slots, slot, level, shares?.[k]));
    } else if (fixed && corrected && fixed.match() >= C) {
      const name = slots.searchName(slot);
      const exact = corrected.fixed.reduce((sum, word) => sum + (name.includes(word) ? 1 : 0), 0);
      rows.add(slot, 3 + rankOf(fixed, slots, slot, fixed.match()) / 40 + (0.5 * exact) / corrected.fixed.length);
    }
  }
  return rows;
}

/** The live slots of `candidates`. */
function* alive(slots: ProductSlots, candidates: Int32Array): Steps<Int32Array> {
  const out = new Int32Array(candidates.length);
  let n = 0;
  for (let k = 0; k < candidates.length; k++) {
    if ((k & SLOTS_A_STEP) === SLOTS_A_STEP) yield;
    if (slots.alive(candidates[k])) out[n++] = candidates[k];
  }
  return out.subarray(0, n);
}

/**
 * The trigram branch of the products (search-matching.ts, `products_near`): visible products whose name is
 * near the whole text (`text <% search_name`) that neither the words nor the corrected words match, ranked by
 * where the name starts plus 3 plus the word similarity; at most `limit` (the statement takes any `limit` rows
 * without an order; here the first in slot order).
 */
export function searchNearIndex(
  slots: ProductSlots,
  lexicon: Lexicon,
  names: NameWords,
  words: IndexQuery,
  corrected: (IndexQuery & { fixed: string[] }) | null,
  limit: number,
  now: number,
): IndexMatches {
  const rows = new IndexMatches(slots, now, limit);
  const queryTrigrams = new Set(trigramsOf(words.text));
  if (!queryTrigrams.size) return rows;
  const trigrams = [...queryTrigrams];
  const terms = new Terms(lexicon);
  const main = sideOf(words, terms);
  const fixed = corrected && sideOf(corrected, terms);
  const checked = new Set<number>();
  const check = (slot: number) => {
    checked.add(slot);
    if (!slots.alive(slot)) return;
    const similarity = wordSimilarity(queryTrigrams, slots.searchName(slot));
    if (similarity < WORD_SIMILARITY_THRESHOLD) return;
    terms.moveTo(slot);
    if (main.match() >= D || (fixed && fixed.match() >= C)) return;
    // The statement adds 3 to the start as decimals, then the similarity (float4) in double precision.
    rows.add(slot, startOf(main, slots, slot, 3) + similarity);
  };
  // The statement takes any `limit` near names: first those of names holding a word near the text on its own
  // («кроссовки» for «кроссовки tenipal»), found without counting a thing.
  for (const word of names.nearWords(queryTrigrams, WORD_SIMILARITY_THRESHOLD)) {
    terms.rewind();
    for (const slot of names.slotsOf(word)) {
      if (!checked.has(slot)) check(slot);
      if (rows.length >= limit) return rows;
    }
  }
  // Then every other name that may hold half of them, in slot order.
  terms.rewind();
  for (const slot of names.candidates(trigrams, slots.length)) {
    if (!checked.has(slot)) check(slot);
    if (rows.length >= limit) return rows;
  }
  return rows;
}
