import { SEARCH_TYPES } from '../../../../../shared/api/catalog-search';
import type { MatchRow, MatchSet } from '../match-set';
import { RECORD, RAISED, type ProductSlots } from './product-slots';

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

  /**
   * Fills the match set's rows from `at` on with these products' columns (matches `from` to `to`), as the search
   * statement gives them. Reads the records' words straight, into locals: through the slots' accessors and the
   * set's fields it was 100 ns a match, 20 ms for a word in 200,000 names.
   */
  writeTo(set: MatchSet, at: number, from: number, to: number): void {
    const { words, doubles } = this.slots.records();
    const { type, id, category, adCategory, price, discount, ratingSum, ratingCount, created, popularity, rank, promo } = set;
    const slotOf = this.slotOf;
    const rankOf = this.rankOf;
    const now = this.now;
    // Locals, as an imported binding read in the loop is a getter call per read once compiled to CommonJS.
    const { WORDS, FLAGS, ID, CATEGORY, PRICE, RATING_SUM, RATING_COUNT, CREATED, POPULARITY, PROMOTED_UNTIL, NAME } = RECORD;
    const raisedFlag = RAISED;
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
      rank[i] = rankOf[k];
      // The statement's promo column: the boost (at least 1) while the product is raised, else 0.
      promo[i] = flags & raisedFlag && doubles[d + PROMOTED_UNTIL] > now ? Math.max(words[w + NAME] >>> 16, 1) : 0;
    }
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
        promo: this.promoOf(slot),
      };
    });
  }

  /** The statement's promo column: the boost (at least 1) while the product is raised, else 0. */
  private promoOf(slot: number): number {
    const slots = this.slots;
    return slots.raised(slot) && slots.promotedUntil(slot) > this.now ? Math.max(slots.boost(slot), 1) : 0;
  }
}
