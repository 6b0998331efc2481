import { SEARCH_TYPES } from '../../../../../shared/api/catalog-search';
import type { MatchRow } from '../match-set';
import { topIsAnd, type QueryNode, type QueryTrees } from '../search-query';
import type { Lexicon } from './lexicon';
import type { PostingList } from './posting-list';
import { codePoints, type ProductSlots } from './product-slots';
import type { NameWords } from './name-words';
import { tsRank, type RankOperand } from './ts-rank';
import { trigramsOf, wordSimilarity } from './word-similarity';

/** The words of a search as the index takes them: the text and the trees its tsqueries are rendered from. */
export interface IndexQuery {
  text: string;
  trees: QueryTrees;
}

// Weights as bits of a posting's mask (1 << weight): A 8, B 4, C 2, D 1.
const ANY = 15;
const A = 8;
const AB = 12;
const ABC = 14;
/** ts_rank's weights for D, C, B, A, as the search statement passes them ('{0.05,0.1,0.4,1}'). */
const RANK_WEIGHTS = new Float32Array([0.05, 0.1, 0.4, 1]);

/** One tsquery operand with the posting lists of the lexemes it matches, and where each list stands at the current slot. */
interface Term {
  text: string;
  lists: PostingList[];
  cursors: Int32Array;
  /** The weights the operand has in the current product (0: absent). */
  mask: number;
  /** The current product's entries under the operand, with their positions, for ts_rank. */
  entries: RankOperand;
}

type Compiled = { term: Term } | { all: Compiled[] } | { any: Compiled[] };
/** A compiled tree's test: whether the current product matches with every operand within the weights (bits). */
type Test = (weights: number) => boolean;

class Terms {
  private readonly byKey = new Map<string, Term>();
  constructor(private readonly lexicon: Lexicon) {}

  compile(node: QueryNode): Compiled {
    if ('all' in node) return { all: node.all.map((child) => this.compile(child)) };
    if ('any' in node) return { any: node.any.map((child) => this.compile(child)) };
    const key = `${node.prefix ? '*' : '='}${node.term}`;
    let term = this.byKey.get(key);
    if (!term) {
      const lists = this.lexicon.matching(node.term, node.prefix).map((id) => this.lexicon.postings[id]);
      const entries: RankOperand = { count: 0, weps: new Array<Uint16Array>(lists.length), starts: new Int32Array(lists.length), ends: new Int32Array(lists.length) };
      term = { text: node.term, lists, cursors: new Int32Array(lists.length), mask: 0, entries };
      this.byKey.set(key, term);
    }
    return { term };
  }

  /** Lets the next `moveTo` go back to an earlier slot (each walk must go forward). */
  rewind(): void {
    for (const term of this.byKey.values()) term.cursors.fill(0);
  }

  /** Moves every operand to `slot`: which of its lexemes the product holds, with what weights. */
  moveTo(slot: number): void {
    for (const term of this.byKey.values()) {
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
}

/** The test of `node`: whether the current product matches it with every operand within the weights (a tsquery's `:AB`). */
function testOf(node: Compiled): Test {
  if ('term' in node) {
    const term = node.term;
    return (weights) => (term.mask & weights) !== 0;
  }
  const children = ('all' in node ? node.all : node.any).map(testOf);
  if (children.length === 1) return children[0];
  if (children.length === 2) {
    const [first, second] = children;
    return 'all' in node ? (weights) => first(weights) && second(weights) : (weights) => first(weights) || second(weights);
  }
  return 'all' in node ? (weights) => children.every((child) => child(weights)) : (weights) => children.some((child) => child(weights));
}

/** The sorted slots that may match `node` (operands' weights aside); dead slots are left for the caller. */
function candidatesOf(node: Compiled, slotCount: number): Int32Array {
  if ('term' in node) {
    const lists = node.term.lists;
    if (lists.length === 1) return lists[0].slots.subarray(0, lists[0].length);
    return union(
      lists.map((list) => list.slots.subarray(0, list.length)),
      slotCount,
    );
  }
  const parts = ('all' in node ? node.all : node.any).map((child) => candidatesOf(child, slotCount));
  if ('any' in node) return union(parts, slotCount);
  parts.sort((a, b) => a.length - b.length);
  let result = parts[0];
  for (let i = 1; i < parts.length && result.length; i++) result = intersect(result, parts[i]);
  return result;
}

/** A bit per slot, shared by every union and left cleared. */
let bits = new Int32Array(0);

function union(parts: Int32Array[], slotCount: number): Int32Array {
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

/** The slots in both (each sorted), walking the longer one by galloping. */
function intersect(small: Int32Array, large: Int32Array): Int32Array {
  const out = new Int32Array(small.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < small.length && j < large.length; i++) {
    const slot = small[i];
    if (large[j] < slot) {
      let step = 1;
      let high = j + 1;
      while (high < large.length && large[high] < slot) {
        j = high;
        step *= 2;
        high = j + step;
      }
      if (high > large.length) high = large.length;
      while (j + 1 < high) {
        const middle = (j + high) >>> 1;
        if (large[middle] < slot) j = middle;
        else high = middle;
      }
      j = high;
    }
    if (j < large.length && large[j] === slot) out[n++] = slot;
  }
  return out.subarray(0, n);
}

/** What one tree ranks by: its operands in ts_rank's order, and whether its top operator is AND. */
interface RankPlan {
  operands: RankOperand[];
  and: boolean;
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
  const operands = texts.map((text) => (terms.compile(byText.get(text) as QueryNode) as { term: Term }).term.entries);
  return { operands, and: topIsAnd(tree) };
}


/** One side of the search (the words, or the corrected words) compiled against the index. */
interface Side {
  text: string;
  textLength: number;
  /** Candidates come from the compiled tree, the checks from its test. */
  tree: Compiled;
  match: Test;
  typed: Test;
  rank: RankPlan;
}

function sideOf(query: IndexQuery, terms: Terms): Side {
  const tree = terms.compile(query.trees.match);
  return {
    text: query.text,
    textLength: codePoints(query.text, 0).length,
    tree,
    match: testOf(tree),
    typed: testOf(terms.compile(query.trees.typed)),
    rank: rankPlan(query.trees.rank, terms),
  };
}

/**
 * The search statement's rank of the current product (search-matching.ts, rankOf and startOf): exact name 8, a
 * name starting with the text 4, less 0.0002 a letter of the name, plus the tier of where the words matched, plus
 * half of ts_rank. The database adds the first parts as exact decimals and the rest in double precision; so here.
 */
function rankOf(side: Side, slots: ProductSlots, slot: number): number {
  const tier = (side.match(A) ? 6 : side.match(AB) ? 4 : side.match(ABC) ? 2 : 0) + (side.typed(A) ? 1 : 0);
  return startOf(side, slots, slot, tier) + tsRank(RANK_WEIGHTS, side.rank.operands, side.rank.and) * 0.5;
}

/**
 * startOf of the search statement plus `tier`: exact name 8, a name starting with the text 4, less 0.0002 a
 * letter of the stored name; the database adds these as exact decimals, and so does the division here.
 */
function startOf(side: Side, slots: ProductSlots, slot: number, tier = 0): number {
  const text = side.text;
  let exact = 0;
  let starts = 0;
  // Most matches start with another letter than the text: their name is not read at all.
  const first = text.charCodeAt(0);
  const letters = slots.firstLetters(slot);
  if ((letters & 0xffff) === first || letters >>> 16 === first) {
    const name = slots.searchName[slot];
    const english = name.slice(slots.englishStart(slot));
    const nameLength = slots.nameLength(slot);
    exact = (name.startsWith(text) && name.charCodeAt(text.length) === SPACE && nameLength === side.textLength) || english === text ? 8 : 0;
    starts = (name.startsWith(text) && nameLength >= side.textLength) || english.startsWith(text) ? 4 : 0;
  }
  return (10_000 * (exact + starts + tier) - 2 * slots.searchNameLength(slot)) / 10_000;
}

const SPACE = 32;

function rowOf(slots: ProductSlots, slot: number, rank: number, now: number): MatchRow {
  const price = slots.price(slot);
  const raised = slots.raised(slot) && slots.promotedUntil(slot) > now;
  const category = slots.category(slot);
  return {
    type: SEARCH_TYPES[slots.type(slot)],
    id: slots.id(slot),
    category_id: category || null,
    ad_category_id: null,
    price: Number.isNaN(price) ? null : price,
    discount: slots.discount(slot),
    rating_sum: slots.ratingSum(slot),
    rating_count: slots.ratingCount(slot),
    created: slots.created(slot),
    popularity: slots.popularity(slot),
    rank,
    promo: raised ? Math.max(slots.boost(slot), 1) : 0,
  };
}

/**
 * The rows the search statement's products CTEs give (search-matching.ts): every visible product matching the
 * words, ranked; and with `corrected`, the products the corrected words find in names, categories and business
 * names that the words did not, ranked between the categories' tier and the business's.
 */
export function searchIndex(slots: ProductSlots, lexicon: Lexicon, words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, now: number): MatchRow[] {
  const terms = new Terms(lexicon);
  const main = sideOf(words, terms);
  const fixed = corrected && sideOf(corrected, terms);
  const wordSlots = candidatesOf(main.tree, slots.length);
  const candidates = fixed ? union([wordSlots, candidatesOf(fixed.tree, slots.length)], slots.length) : wordSlots;
  const rows: MatchRow[] = [];
  for (let i = 0; i < candidates.length; i++) {
    const slot = candidates[i];
    if (!slots.alive(slot)) continue;
    terms.moveTo(slot);
    if (main.match(ANY)) {
      rows.push(rowOf(slots, slot, rankOf(main, slots, slot), now));
    } else if (fixed && corrected && fixed.match(ABC)) {
      const name = slots.searchName[slot];
      const exact = corrected.fixed.reduce((sum, word) => sum + (name.includes(word) ? 1 : 0), 0);
      rows.push(rowOf(slots, slot, 3 + rankOf(fixed, slots, slot) / 40 + (0.5 * exact) / corrected.fixed.length, now));
    }
  }
  return rows;
}

/** pg_trgm.word_similarity_threshold as the trigram statement sets it (search-matching.ts, TRIGRAM_THRESHOLD). */
const NEAR_THRESHOLD = 0.5;

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
): MatchRow[] {
  const queryTrigrams = new Set(trigramsOf(words.text));
  if (!queryTrigrams.size) return [];
  const trigrams = [...queryTrigrams];
  const terms = new Terms(lexicon);
  const main = sideOf(words, terms);
  const fixed = corrected && sideOf(corrected, terms);
  const rows: MatchRow[] = [];
  const checked = new Set<number>();
  const check = (slot: number) => {
    checked.add(slot);
    if (!slots.alive(slot)) return;
    const similarity = wordSimilarity(queryTrigrams, slots.searchName[slot]);
    if (similarity < NEAR_THRESHOLD) return;
    terms.moveTo(slot);
    if (main.match(ANY) || (fixed && fixed.match(ABC))) return;
    // The statement adds 3 to the start as decimals, then the similarity (float4) in double precision.
    rows.push(rowOf(slots, slot, startOf(main, slots, slot, 3) + similarity, now));
  };
  // The statement takes any `limit` near names: first those of names holding a word near the text on its own
  // («кроссовки» for «кроссовки tenipal»), found without counting a thing.
  for (const word of names.nearWords(queryTrigrams, NEAR_THRESHOLD)) {
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
