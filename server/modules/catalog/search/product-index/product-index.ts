import type { IndexMatches } from './index-matches';
import { searchIndex, searchIndexInSlices, searchNearIndex, type IndexQuery } from './index-search';
import { Lexicon } from './lexicon';
import { NameWords } from './name-words';
import { ProductSlots, type ProductDocument } from './product-slots';
import { parseTsvector } from './tsvector-text';

/** Dead slots past this share of all (and past a floor) and the index compacts. */
const DEAD_SHARE = 0.25;
const DEAD_FLOOR = 10_000;

/**
 * The search documents and search columns of every visible product, in memory: a new-word search then finds,
 * checks and ranks its matches here in microseconds each, where the database read every matching row from its
 * table (README, "Search at a million products"). The database stays the source of truth; the feed
 * (product-index-feed.ts) keeps this copy up to date.
 */
export class ProductIndex {
  readonly slots = new ProductSlots();
  readonly lexicon = new Lexicon();
  readonly names = new NameWords();
  /** Searches whose slots are still to be read (`holding`): compaction, which renumbers slots, waits for them. */
  private holds = 0;
  /** The floor of a compaction asked for while held, run when the last hold ends. */
  private tidyWanted: number | null = null;

  /** Takes a product as it is now: a changed one replaces its old self, an unchanged one is left alone. */
  apply(product: ProductDocument): void {
    const old = this.slots.slotOf(product.id);
    if (old >= 0) {
      if (this.slots.xid(old) === product.xid) return;
      this.slots.kill(old);
    }
    if (!product.visible) return;
    const slot = this.slots.add(product);
    for (const entry of parseTsvector(product.document)) this.lexicon.listOf(entry.lexeme).append(slot, entry.weps);
    this.names.add(slot, product.searchName);
  }

  remove(id: number): void {
    const slot = this.slots.slotOf(id);
    if (slot >= 0) this.slots.kill(slot);
  }

  /** Compacts when dead slots pile up (after a batch of changes, not in the middle of one). */
  tidy(floor = DEAD_FLOOR): void {
    if (this.slots.dead < floor || this.slots.dead < this.slots.length * DEAD_SHARE) return;
    if (this.holds > 0) {
      this.tidyWanted = Math.min(floor, this.tidyWanted ?? floor);
      return;
    }
    const renumber = this.slots.compact();
    for (const list of this.lexicon.postings) {
      list.compact(renumber);
      list.trim();
    }
    this.names.compact(renumber);
    this.names.trim();
  }

  /**
   * Runs `work`, whose matches hold slot numbers until it has read them (into a match set), with compaction held
   * back; a compaction asked for meanwhile runs when the last such work ends. Products may still change meanwhile:
   * a changed one takes a new slot and its old slot keeps its columns.
   */
  async holding<T>(work: () => Promise<T>): Promise<T> {
    this.holds++;
    try {
      return await work();
    } finally {
      if (--this.holds === 0 && this.tidyWanted !== null) {
        const floor = this.tidyWanted;
        this.tidyWanted = null;
        this.tidy(floor);
      }
    }
  }

  /** Gives back the room the lists grew ahead (after the load). */
  trim(): void {
    for (const list of this.lexicon.postings) list.trim();
    this.names.trim();
    this.slots.trim();
  }

  get size(): number {
    return this.slots.length - this.slots.dead;
  }

  /** The products matching `words` (and, when given, only through `corrected`), as the search statement's rows. */
  search(words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, now = Date.now()): IndexMatches {
    return searchIndex(this.slots, this.lexicon, words, corrected, now);
  }

  /** `search`, in slices of `sliceMs` that let the event loop run other work in between (searchIndexInSlices); only within `holding`. */
  searchInSlices(words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, now = Date.now(), sliceMs?: number): Promise<IndexMatches> {
    if (this.holds === 0) throw new Error('a search in slices must run within holding(): a compaction meanwhile would renumber its slots');
    return searchIndexInSlices(this.slots, this.lexicon, words, corrected, now, sliceMs);
  }

  /** The products whose names are near the words' text that neither the words nor `corrected` match (at most `limit`). */
  searchNear(words: IndexQuery, corrected: (IndexQuery & { fixed: string[] }) | null, limit: number, now = Date.now()): IndexMatches {
    return searchNearIndex(this.slots, this.lexicon, this.names, words, corrected, limit, now);
  }
}
