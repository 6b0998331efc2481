import { SEARCH_TYPES, type SearchType } from '../../../../../shared/api/catalog-search';
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
const FIRST_LETTERS = 10; // first UTF-16 unit of the name (low 16 bits) and of the English name (high 16)
const RATING_SUM = 11;
const RATING_COUNT = 12;
const FLAGS = 13; // type (bits 0–7), raised (8), alive (9), discount (16–23)
const LENGTHS = 14; // length(search_name) in code points (low 16), UTF-16 offset of the English name (high 16)
const NAME = 15; // char_length(name) (low 16), promotion boost (high 16)

/** The record's layout, for a walk over many slots that reads the words itself (IndexMatches.writeTo). */
export const RECORD = { WORDS, PRICE, CREATED, POPULARITY, PROMOTED_UNTIL, ID, CATEGORY, RATING_SUM, RATING_COUNT, FLAGS, NAME } as const;

/** The raised flag in FLAGS. */
export const RAISED = 1 << 8;
const ALIVE = 1 << 9;
const INITIAL = 1024;

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
   * A bit per slot, set while it lives: the flag in the record too, but a search checks 200,000 candidates at
   * once, and 128 KB of bits stay in the cache where 200,000 records of 64 bytes do not (7 ms against 1).
   */
  private living = new Int32Array(INITIAL / 32);
  searchName: string[] = [];
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
    this.words[w + FIRST_LETTERS] = (product.searchName.charCodeAt(0) || 0) | ((product.searchName.charCodeAt(offsetOf) || 0) << 16);
    this.words[w + RATING_SUM] = product.ratingSum;
    this.words[w + RATING_COUNT] = product.ratingCount;
    this.words[w + FLAGS] = SEARCH_TYPES.indexOf(product.type) | (product.raise ? RAISED : 0) | ALIVE | ((product.discount & 0xff) << 16);
    this.words[w + LENGTHS] = Math.min(length, 0xffff) | (Math.min(offsetOf, 0xffff) << 16);
    this.words[w + NAME] = Math.min(product.nameLength, 0xffff) | (Math.min(Math.max(product.boost, 0), 0x7fff) << 16);
    this.xids[slot] = product.xid;
    this.living[slot >>> 5] |= 1 << (slot & 31);
    this.searchName[slot] = product.searchName;
    if (product.id >= this.slotById.length) this.slotById = grow(this.slotById, Math.max(this.slotById.length * 2, product.id + 1));
    this.slotById[product.id] = slot + 1;
    return slot;
  }

  /** The records' words and, over the same memory, their doubles (laid out as RECORD says); valid until a product is added. */
  records(): { words: Int32Array; doubles: Float64Array } {
    return { words: this.words, doubles: this.doubles };
  }

  alive(slot: number): boolean {
    return (this.living[slot >>> 5] & (1 << (slot & 31))) !== 0;
  }

  xid(slot: number): number {
    return this.xids[slot];
  }

  kill(slot: number): void {
    if (!this.alive(slot)) return;
    this.words[slot * WORDS + FLAGS] &= ~ALIVE;
    this.living[slot >>> 5] &= ~(1 << (slot & 31));
    this.dead++;
    this.searchName[slot] = '';
    const id = this.words[slot * WORDS + ID];
    if (this.slotById[id] === slot + 1) this.slotById[id] = 0;
  }

  id = (slot: number) => this.words[slot * WORDS + ID];
  type = (slot: number) => this.words[slot * WORDS + FLAGS] & 0xff;
  raised = (slot: number) => (this.words[slot * WORDS + FLAGS] & RAISED) !== 0;
  discount = (slot: number) => (this.words[slot * WORDS + FLAGS] >> 16) & 0xff;
  category = (slot: number) => this.words[slot * WORDS + CATEGORY];
  ratingSum = (slot: number) => this.words[slot * WORDS + RATING_SUM];
  ratingCount = (slot: number) => this.words[slot * WORDS + RATING_COUNT];
  price = (slot: number) => this.doubles[slot * (WORDS / 2) + PRICE];
  created = (slot: number) => this.doubles[slot * (WORDS / 2) + CREATED];
  popularity = (slot: number) => this.doubles[slot * (WORDS / 2) + POPULARITY];
  promotedUntil = (slot: number) => this.doubles[slot * (WORDS / 2) + PROMOTED_UNTIL];
  boost = (slot: number) => this.words[slot * WORDS + NAME] >>> 16;
  nameLength = (slot: number) => this.words[slot * WORDS + NAME] & 0xffff;
  searchNameLength = (slot: number) => this.words[slot * WORDS + LENGTHS] & 0xffff;
  englishStart = (slot: number) => this.words[slot * WORDS + LENGTHS] >>> 16;
  /** The first UTF-16 unit of the name (low 16 bits) and of the English name (high 16; 0 when there is none). */
  firstLetters = (slot: number) => this.words[slot * WORDS + FIRST_LETTERS];

  /** Moves the live slots down over the dead ones; returns each old slot's new number (-1: dead). */
  compact(): Int32Array {
    const renumber = new Int32Array(this.length).fill(-1);
    let kept = 0;
    for (let slot = 0; slot < this.length; slot++) {
      if ((this.words[slot * WORDS + FLAGS] & ALIVE) === 0) continue;
      renumber[slot] = kept;
      if (kept !== slot) {
        this.words.copyWithin(kept * WORDS, slot * WORDS, (slot + 1) * WORDS);
        this.xids[kept] = this.xids[slot];
        this.searchName[kept] = this.searchName[slot];
      }
      this.slotById[this.id(kept)] = kept + 1;
      kept++;
    }
    this.length = kept;
    this.searchName.length = kept;
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
  }
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
