import { SEARCH_TYPES } from '../../../../../shared/api/catalog-search';
import type { MatchRow, MatchSet } from '../match-set';
import type { ProductSlots } from './product-slots';

/**
 * The products one search found in memory: their slots and ranks, nothing else. The match set's columns are
 * copied straight from the slots (`writeTo`), so a search of 60,000 matches makes no object per match: one
 * object of 12 fields per match had kept the young generation's collections busy copying them (a tenth of the
 * API's time at a million products).
 */
export class IndexMatches {
  length = 0;
  private slotOf: Int32Array;
  private rankOf: Float64Array;

  /** `capacity`: at most how many will be added. */
  constructor(
    private readonly slots: ProductSlots,
    private readonly now: number,
    capacity: number,
  ) {
    this.slotOf = new Int32Array(capacity);
    this.rankOf = new Float64Array(capacity);
  }

  add(slot: number, rank: number): void {
    const n = this.length++;
    this.slotOf[n] = slot;
    this.rankOf[n] = rank;
  }

  /** Fills the match set's rows from `at` on with these products' columns (matches `from` to `to`), as the search statement gives them. */
  writeTo(set: MatchSet, at: number, from: number, to: number): void {
    this.slots.writeColumns(set, at, this.slotOf, from, to, this.now);
    set.rank.set(this.rankOf.subarray(from, to), at + from);
  }

  /** The matches as the statement's rows (suggestions, tests). */
  rows(): MatchRow[] {
    const slots = this.slots;
    return Array.from(this.slotOf.subarray(0, this.length), (slot, k) => {
      const price = slots.price(slot);
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
        rank: this.rankOf[k],
        promo: slots.promo(slot, this.now),
      };
    });
  }
}
