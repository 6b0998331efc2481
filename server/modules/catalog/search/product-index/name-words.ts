import { grow } from './posting-list';
import { trigramsOf, wordSimilarity, wordsOf } from './word-similarity';

/** Postings a near search may walk to count trigrams beyond the fewest it must. */
const COUNTING_BUDGET = 100_000;

let counters = new Uint16Array(0);
/** A zeroed counter per slot, shared: every search leaves it zeroed again. */
function scratch(slotCount: number): Uint16Array {
  if (counters.length < slotCount) counters = new Uint16Array(Math.max(slotCount, counters.length * 2));
  return counters;
}

/** The products whose name holds one word, in slot order (appended as slots are). */
interface WordList {
  slots: Int32Array;
  length: number;
}

/**
 * The words of the products' names (`search_name`), each with the slots of the names holding it, and the
 * trigrams of each word: pg_trgm makes trigrams word by word, so a name's trigrams are its words' trigrams,
 * and the names that may be near a text are found through the few thousand words instead of a million names.
 */
export class NameWords {
  private readonly ids = new Map<string, number>();
  private readonly words: string[] = [];
  private readonly lists: WordList[] = [];
  /** Trigram → the words holding it. */
  private readonly byTrigram = new Map<number, number[]>();
  /** The words of each slot's name: `slotWords` from `ends[slot - 1]` to `ends[slot]`. */
  private slotWords = new Int32Array(1024);
  private wordsLength = 0;
  private ends = new Int32Array(1024);
  private slotCount = 0;

  /** Slots come in order (the index appends them). */
  add(slot: number, searchName: string): void {
    // A slot left without a name (none is skipped in practice) still gets its empty range.
    while (this.slotCount < slot) this.endSlot();
    for (const word of new Set(wordsOf(searchName))) {
      let id = this.ids.get(word);
      if (id === undefined) {
        id = this.lists.length;
        this.ids.set(word, id);
        this.words.push(word);
        this.lists.push({ slots: new Int32Array(4), length: 0 });
        for (const trigram of new Set(trigramsOf(word))) {
          const words = this.byTrigram.get(trigram);
          if (words) words.push(id);
          else this.byTrigram.set(trigram, [id]);
        }
      }
      const list = this.lists[id];
      if (list.length === list.slots.length) list.slots = grow(list.slots, list.length * 2);
      list.slots[list.length++] = slot;
      if (this.wordsLength === this.slotWords.length) this.slotWords = grow(this.slotWords, this.wordsLength * 2);
      this.slotWords[this.wordsLength++] = id;
    }
    this.endSlot();
  }

  private endSlot(): void {
    if (this.slotCount === this.ends.length) this.ends = grow(this.ends, this.slotCount * 2);
    this.ends[this.slotCount++] = this.wordsLength;
  }

  /**
   * The slots whose names may be near a text of `trigrams` (distinct), sorted, once each (dead slots included:
   * the caller checks). A name holding fewer than half the text's trigrams cannot reach a word similarity of
   * 0.5. Counting every trigram would walk every name with a common one («  к»), so only the rarest are
   * counted (up to a budget of postings), and a name must hold enough of them that the others could make up
   * the half. A name's count adds its words' (two words with one trigram count it twice): an upper bound, so
   * no near name is missed.
   */
  candidates(trigrams: readonly number[], slotCount: number): Int32Array {
    const n = trigrams.length;
    const needed = Math.ceil(n / 2);
    const byRarity = trigrams.map((trigram) => ({ trigram, frequency: this.frequency(trigram) })).sort((a, b) => a.frequency - b.frequency);
    // At least enough rare trigrams that a name holding none of them is too far; more while they are cheap.
    let counted = n - needed + 1;
    let cost = byRarity.slice(0, counted).reduce((sum, t) => sum + t.frequency, 0);
    while (counted < n && cost + byRarity[counted].frequency <= COUNTING_BUDGET) cost += byRarity[counted++].frequency;
    const least = needed - (n - counted);
    const counts = scratch(slotCount);
    const touched: number[] = [];
    for (let k = 0; k < counted; k++) {
      for (const id of this.byTrigram.get(byRarity[k].trigram) ?? []) {
        const list = this.lists[id];
        for (let i = 0; i < list.length; i++) {
          const slot = list.slots[i];
          if (counts[slot]++ === 0) touched.push(slot);
        }
      }
    }
    // Every query trigram by word: a name's words then bound how many of the text's trigrams it holds.
    const hits = new Uint16Array(this.lists.length);
    for (const trigram of trigrams) for (const id of this.byTrigram.get(trigram) ?? []) hits[id]++;
    const out: number[] = [];
    for (const slot of touched) {
      if (counts[slot] >= least) {
        let bound = 0;
        for (let i = slot === 0 ? 0 : this.ends[slot - 1]; i < this.ends[slot]; i++) bound += hits[this.slotWords[i]];
        if (bound >= needed) out.push(slot);
      }
      counts[slot] = 0;
    }
    return Int32Array.from(out).sort();
  }

  /**
   * The words near the text on their own (word similarity at least `threshold`), most trigrams first: a name
   * holding one is at least as near (the word's trigrams are a run of the name's), so a search that needs only
   * some near names can take them from here before counting anything.
   */
  nearWords(queryTrigrams: ReadonlySet<number>, threshold: number): number[] {
    const needed = Math.ceil(queryTrigrams.size * threshold);
    const hits = new Map<number, number>();
    for (const trigram of queryTrigrams) for (const id of this.byTrigram.get(trigram) ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
    return [...hits]
      .filter(([id, count]) => count >= needed && wordSimilarity(queryTrigrams, this.words[id]) >= threshold)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([id]) => id);
  }

  /** The slots of the names holding word `id`, in slot order. */
  slotsOf(id: number): Int32Array {
    const list = this.lists[id];
    return list.slots.subarray(0, list.length);
  }

  private frequency(trigram: number): number {
    let total = 0;
    for (const id of this.byTrigram.get(trigram) ?? []) total += this.lists[id].length;
    return total;
  }

  /** Keeps the live slots, renumbered (`renumber[old]`, -1 for a dead one). */
  compact(renumber: Int32Array): void {
    let kept = 0;
    let wordsKept = 0;
    let start = 0;
    for (let slot = 0; slot < this.slotCount; slot++) {
      // Read before `ends` is written over below (a kept slot's new place is never after its old one).
      const end = this.ends[slot];
      const from = start;
      start = end;
      if (renumber[slot] < 0) continue;
      this.slotWords.copyWithin(wordsKept, from, end);
      wordsKept += end - from;
      this.ends[kept++] = wordsKept;
    }
    this.slotCount = kept;
    this.wordsLength = wordsKept;
    for (const list of this.lists) {
      let kept = 0;
      for (let i = 0; i < list.length; i++) {
        const slot = renumber[list.slots[i]];
        if (slot >= 0) list.slots[kept++] = slot;
      }
      list.length = kept;
    }
  }

  trim(): void {
    this.slotWords = this.slotWords.slice(0, Math.max(this.wordsLength, 1));
    this.ends = this.ends.slice(0, Math.max(this.slotCount, 1));
    for (const list of this.lists) list.slots = list.slots.slice(0, Math.max(list.length, 1));
  }
}
