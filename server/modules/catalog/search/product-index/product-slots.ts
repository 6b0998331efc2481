import { SEARCH_TYPES, type SearchType } from '../../../../../shared/api/catalog-search';
import type { MatchSet } from '../match-set';
import { grow } from './posting-list';

/** A product as the index takes it from the database (product-index-feed.ts). */
export interface ProductDocument {
  id: number;
  /** The transaction that last wrote the row (xid8, exact in a double for any real database's age). */
  xid: number;
  /** Published and public after moderation: what search may find at all. */
  visible: boolean;
  /** The search document as the database prints a tsvector. */
  document: string;
  /** Lower-case name, a space, lower-case English name (the stored `search_name`). */
  searchName: string;
  /** `char_length(name)`. */
  nameLength: number;
  type: Extract<SearchType, 'product' | 'service'>;
  /** The business's category. */
  categoryId: number | null;
  /** Final price in minor units. */
  price: number | null;
  discount: number;
  ratingSum: number;
  ratingCount: number;
  /** Microseconds since the epoch (published, else created). */
  created: number;
  popularity: number;
  /** Milliseconds since the epoch, or null. */
  promotedUntil: number | null;
  /** The promotion has the 'raise' perk. */
  raise: boolean;
  boost: number;
}

/**
 * A slot's columns sit together in one 64-byte record (one cache line): a search reads a dozen columns of a few
 * thousand slots scattered over a million, and one column per array cost a cache miss per column.
 * Words (32-bit) of a record; the doubles take two each.
 */
const WORDS = 16;
const PRICE = 0; // float64 (NaN: no price)
const CREATED = 1; // float64
const POPULARITY = 2; // float64
const PROMOTED_UNTIL = 3; // float64 (NaN: not promoted)
const ID = 8;
const CATEGORY = 9;
const RATING_SUM = 11;
const RATING_COUNT = 12;
const FLAGS = 13; // type (bits 0–7), raised (8), discount (16–23)
const NAME = 15; // char_length(name) (low 16), promotion boost (high 16)

/** Words of a slot's start (`starts`): what the rank of every match reads, how its names begin and how long they are. */
const START_WORDS = 3;
const NAME_HEAD = 0; // the name's first four UTF-16 units, folded (headOf)
const ENGLISH_HEAD = 1; // the same of the English name (0 when there is none)
const LENGTHS = 2; // length(search_name) in code points (low 16), UTF-16 offset of the English name (high 16)

const RAISED = 1 << 8;
const INITIAL = 1024;

/** The search statement's promo column from a record's words: the boost (at least 1) while it is raised, else 0. */
function promoOf(flags: number, promotedUntil: number, name: number, now: number): number {
  return flags & RAISED && promotedUntil > now ? Math.max(name >>> 16, 1) : 0;
}

/**
 * The columns of every indexed product, one slot each. A product that changes takes a new slot and its old one
 * dies, so posting lists only append; `compact` renumbers the live slots when the dead ones pile up.
 */
export class ProductSlots {
  length = 0;
  dead = 0;
  private words = new Int32Array(INITIAL * WORDS);
  private doubles = new Float64Array(this.words.buffer);
  /** Kept apart: only the feed reads it, never a search. */
  private xids = new Float64Array(INITIAL);
  /**
   * A bit per slot, set while it lives: kept beside the records, not in them, as a search checks 200,000 candidates
   * at once, and 128 KB of bits stay in the cache where 200,000 records of 64 bytes do not (7 ms against 1).
   */
  private living = new Int32Array(INITIAL / 32);
  /**
   * The three words the rank of every match reads (START_WORDS), 12 bytes a slot beside the records: ranking the
   * 200,000 matches of a common word read them from the records, a cache line of 64 bytes each, and spent 21 ms
   * waiting on memory. (Words 10 and 14 of a record, where they were, are unused.)
   */
  private starts = new Int32Array(INITIAL * START_WORDS);
  /**
   * Every slot's search name as UTF-16 units, one after another, slot by slot: slot `s`'s are `nameSpans[2s + 1]`
   * units from `nameSpans[2s]`. Off the heap: as a million strings they were 170 MB of the API's 240 MB of heap,
   * all marked by every full collection, which under load came every few seconds and slowed every request in
   * flight for 60–90 ms.
   */
  private nameUnits = new Uint16Array(INITIAL * 32);
  private nameUnitsLength = 0;
  private nameSpans = new Int32Array(INITIAL * 2);
  /** Slot + 1 by product id (0: not indexed). */
  private slotById = new Int32Array(INITIAL);

  slotOf(id: number): number {
    return id < this.slotById.length ? this.slotById[id] - 1 : -1;
  }

  add(product: ProductDocument): number {
    if (this.length === this.xids.length) this.resize(this.length * 2);
    const slot = this.length++;
    const w = slot * WORDS;
    const d = slot * (WORDS / 2);
    const { length, offsetOf } = codePoints(product.searchName, product.nameLength + 1);
    this.doubles[d + PRICE] = product.price ?? NaN;
    this.doubles[d + CREATED] = product.created;
    this.doubles[d + POPULARITY] = product.popularity;
    this.doubles[d + PROMOTED_UNTIL] = product.promotedUntil ?? NaN;
    this.words[w + ID] = product.id;
    this.words[w + CATEGORY] = product.categoryId ?? 0;
    this.words[w + RATING_SUM] = product.ratingSum;
    this.words[w + RATING_COUNT] = product.ratingCount;
    this.words[w + FLAGS] = SEARCH_TYPES.indexOf(product.type) | (product.raise ? RAISED : 0) | ((product.discount & 0xff) << 16);
    this.starts[slot * START_WORDS + NAME_HEAD] = headOf(product.searchName, 0);
    this.starts[slot * START_WORDS + ENGLISH_HEAD] = headOf(product.searchName, offsetOf);
    this.starts[slot * START_WORDS + LENGTHS] = Math.min(length, 0xffff) | (Math.min(offsetOf, 0xffff) << 16);
    this.words[w + NAME] = Math.min(product.nameLength, 0xffff) | (Math.min(Math.max(product.boost, 0), 0x7fff) << 16);
    this.xids[slot] = product.xid;
    this.living[slot >>> 5] |= 1 << (slot & 31);
    this.storeName(slot, product.searchName);
    if (product.id >= this.slotById.length) this.slotById = grow(this.slotById, Math.max(this.slotById.length * 2, product.id + 1));
    this.slotById[product.id] = slot + 1;
    return slot;
  }

  alive(slot: number): boolean {
    return (this.living[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }

  xid(slot: number): number {
    return this.xids[slot];
  }

  kill(slot: number): void {
    if (!this.alive(slot)) return;
    this.living[slot >>> 5] &= ~(1 << (slot & 31));
    this.dead++;
    const id = this.words[slot * WORDS + ID];
    if (this.slotById[id] === slot + 1) this.slotById[id] = 0;
  }

  id = (slot: number) => this.words[slot * WORDS + ID];
  type = (slot: number) => this.words[slot * WORDS + FLAGS] & 0xff;
  discount = (slot: number) => (this.words[slot * WORDS + FLAGS] >> 16) & 0xff;
  category = (slot: number) => this.words[slot * WORDS + CATEGORY];
  ratingSum = (slot: number) => this.words[slot * WORDS + RATING_SUM];
  ratingCount = (slot: number) => this.words[slot * WORDS + RATING_COUNT];
  price = (slot: number) => this.doubles[slot * (WORDS / 2) + PRICE];
  created = (slot: number) => this.doubles[slot * (WORDS / 2) + CREATED];
  popularity = (slot: number) => this.doubles[slot * (WORDS / 2) + POPULARITY];
  promo = (slot: number, now: number) =>
    promoOf(this.words[slot * WORDS + FLAGS], this.doubles[slot * (WORDS / 2) + PROMOTED_UNTIL], this.words[slot * WORDS + NAME], now);
  nameLength = (slot: number) => this.words[slot * WORDS + NAME] & 0xffff;
  searchNameLength = (slot: number) => this.starts[slot * START_WORDS + LENGTHS] & 0xffff;
  englishStart = (slot: number) => this.starts[slot * START_WORDS + LENGTHS] >>> 16;

  /**
   * Whether the name or the English name may start with the text whose head `text` is: false means neither does;
   * true, that the units decide (searchNameStartsWith).
   */
  mayStartWith(slot: number, text: TextHead): boolean {
    const at = slot * START_WORDS;
    return (this.starts[at + NAME_HEAD] & text.mask) === text.head || (this.starts[at + ENGLISH_HEAD] & text.mask) === text.head;
  }

  /** The slot's search name (made from its units: for the few matches that read it whole). */
  searchName(slot: number): string {
    const from = this.nameSpans[slot * 2];
    return UTF16.decode(this.nameUnits.subarray(from, from + this.nameSpans[slot * 2 + 1]));
  }

  /** The search name's length in UTF-16 units. */
  searchNameUnits = (slot: number) => this.nameSpans[slot * 2 + 1];

  /** The search name's UTF-16 unit at `index` (NaN past its end, as charCodeAt gives). */
  searchNameUnitAt(slot: number, index: number): number {
    return index >= 0 && index < this.nameSpans[slot * 2 + 1] ? this.nameUnits[this.nameSpans[slot * 2] + index] : NaN;
  }

  /** Whether the search name holds `text` at `position` (as startsWith does). */
  searchNameStartsWith(slot: number, text: string, position = 0): boolean {
    if (position + text.length > this.nameSpans[slot * 2 + 1]) return false;
    const units = this.nameUnits;
    const from = this.nameSpans[slot * 2] + position;
    for (let i = 0; i < text.length; i++) if (units[from + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  /**
   * Gives back the room the names grew ahead, after the load only: after a compaction the room left is kept for the
   * products to come, where trimming copied 150 MB of units and the next additions grew them again.
   */
  trim(): void {
    this.nameUnits = this.nameUnits.slice(0, this.nameUnitsLength + (this.nameUnitsLength >>> 4) + 1);
  }

  private storeName(slot: number, name: string): void {
    const at = this.nameUnitsLength;
    if (at + name.length > this.nameUnits.length) {
      // By halves, not doubling: at a million products the names are 150 MB of units.
      this.nameUnits = grow(this.nameUnits, Math.max(at + name.length, Math.ceil(this.nameUnits.length * 1.5)));
    }
    for (let i = 0; i < name.length; i++) this.nameUnits[at + i] = name.charCodeAt(i);
    this.nameSpans[slot * 2] = at;
    this.nameSpans[slot * 2 + 1] = name.length;
    this.nameUnitsLength = at + name.length;
  }

  /**
   * Writes the match set's columns, as the search statement gives them, of the slots `slotOf[from]` to
   * `slotOf[to - 1]` to its rows `at + from` on. Reads the records' words straight, into locals: through the
   * accessors and the set's fields it was 100 ns a match, 20 ms for a word in 200,000 names.
   */
  writeColumns(set: MatchSet, at: number, slotOf: Int32Array, from: number, to: number, now: number): void {
    const { words, doubles } = this;
    const { type, id, category, adCategory, price, discount, ratingSum, ratingCount, created, popularity, promo } = set;
    for (let k = from; k < to; k++) {
      const w = slotOf[k] * WORDS;
      const d = w >> 1;
      const flags = words[w + FLAGS];
      const i = at + k;
      type[i] = flags & 0xff;
      id[i] = words[w + ID];
      category[i] = words[w + CATEGORY];
      adCategory[i] = 0;
      price[i] = doubles[d + PRICE];
      discount[i] = (flags >> 16) & 0xff;
      ratingSum[i] = words[w + RATING_SUM];
      ratingCount[i] = words[w + RATING_COUNT];
      created[i] = doubles[d + CREATED];
      popularity[i] = doubles[d + POPULARITY];
      promo[i] = promoOf(flags, doubles[d + PROMOTED_UNTIL], words[w + NAME], now);
    }
  }

  /** Moves the live slots down over the dead ones; returns each old slot's new number (-1: dead). */
  compact(): Int32Array {
    const renumber = new Int32Array(this.length).fill(-1);
    let kept = 0;
    // Names are stored in slot order, so each live one moves down over the dead ones before it.
    let unitsKept = 0;
    for (let slot = 0; slot < this.length; slot++) {
      if (!this.alive(slot)) continue;
      renumber[slot] = kept;
      const from = this.nameSpans[slot * 2];
      const units = this.nameSpans[slot * 2 + 1];
      if (unitsKept !== from) this.nameUnits.copyWithin(unitsKept, from, from + units);
      this.nameSpans[kept * 2] = unitsKept;
      this.nameSpans[kept * 2 + 1] = units;
      unitsKept += units;
      if (kept !== slot) {
        this.words.copyWithin(kept * WORDS, slot * WORDS, (slot + 1) * WORDS);
        this.starts.copyWithin(kept * START_WORDS, slot * START_WORDS, (slot + 1) * START_WORDS);
        this.xids[kept] = this.xids[slot];
      }
      this.slotById[this.id(kept)] = kept + 1;
      kept++;
    }
    this.length = kept;
    this.nameUnitsLength = unitsKept;
    this.living.fill(0);
    for (let word = 0; word < kept >>> 5; word++) this.living[word] = -1;
    for (let slot = kept & ~31; slot < kept; slot++) this.living[slot >>> 5] |= 1 << (slot & 31);
    this.dead = 0;
    return renumber;
  }

  private resize(capacity: number): void {
    this.words = grow(this.words, capacity * WORDS);
    this.doubles = new Float64Array(this.words.buffer);
    this.xids = grow(this.xids, capacity);
    this.living = grow(this.living, capacity / 32);
    this.starts = grow(this.starts, capacity * START_WORDS);
    this.nameSpans = grow(this.nameSpans, capacity * 2);
  }
}

const UTF16 = new TextDecoder('utf-16le');

/**
 * The first four UTF-16 units of `text` from `offset`, each folded to its low 8 bits, as one word (the first in the
 * lowest byte; 0 for each past the end): a name can only start with a text whose head it shares, within the bits
 * the text's length fills. Folded, «fu» no longer passes for «furniture assembly»: 11,000 names read for 2,800
 * that start so.
 */
function headOf(text: string, offset: number): number {
  let head = 0;
  for (let i = 0; i < HEAD_UNITS; i++) head |= ((text.charCodeAt(offset + i) || 0) & 0xff) << (8 * i);
  return head;
}

const HEAD_UNITS = 4;

/** A searched text's head (headOf) and the bits of a name's head it fills (a shorter text fills fewer units). */
export interface TextHead {
  head: number;
  mask: number;
}

/** The head mayStartWith compares names with; an empty text's matches no name, as no name starts with it in the statement. */
export function textHead(text: string): TextHead {
  const mask = text.length >= HEAD_UNITS ? -1 : (1 << (8 * text.length)) - 1;
  return { head: text ? headOf(text, 0) & mask : -1, mask };
}

/** The length of `text` in code points, and the UTF-16 offset of code point `index` (the length when past the end). */
export function codePoints(text: string, index: number): { length: number; offsetOf: number } {
  let length = 0;
  let offsetOf = text.length;
  for (let i = 0; i < text.length; i++) {
    if (length === index) offsetOf = i;
    const code = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    length++;
  }
  return { length, offsetOf };
}
