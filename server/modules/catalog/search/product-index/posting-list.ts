/**
 * The products holding one lexeme, in slot order, each with the positions (WordEntryPos, as PostgreSQL stores
 * them) the lexeme has in that product's document and the weights among them as bits (1 << weight). Slots only
 * ever grow (an updated product takes a new slot, product-index.ts), so a list only ever appends, and a search
 * walks it forward.
 */
export class PostingList {
  slots = new Int32Array(4);
  /** Where each posting's positions end in `weps` (they start where the previous one ended). */
  ends = new Int32Array(4);
  masks = new Uint8Array(4);
  weps = new Uint16Array(8);
  length = 0;
  wepsLength = 0;

  append(slot: number, weps: readonly number[]): void {
    if (this.length === this.slots.length) {
      const capacity = this.length * 2;
      this.slots = grow(this.slots, capacity);
      this.ends = grow(this.ends, capacity);
      this.masks = grow(this.masks, capacity);
    }
    if (this.wepsLength + weps.length > this.weps.length) this.weps = grow(this.weps, Math.max(this.weps.length * 2, this.wepsLength + weps.length));
    let mask = 0;
    for (const wep of weps) {
      this.weps[this.wepsLength++] = wep;
      mask |= 1 << (wep >> 14);
    }
    this.slots[this.length] = slot;
    this.ends[this.length] = this.wepsLength;
    // No positions: PostgreSQL counts such an entry as weight D.
    this.masks[this.length] = weps.length ? mask : 1;
    this.length++;
  }

  /** The first posting at or after `from` whose slot is at least `slot` (galloping: a search's slots only increase). */
  seek(slot: number, from: number): number {
    const slots = this.slots;
    const end = this.length;
    if (from >= end || slots[from] >= slot) return from;
    let step = 1;
    let low = from;
    let high = from + 1;
    while (high < end && slots[high] < slot) {
      low = high;
      step *= 2;
      high = low + step;
    }
    if (high > end) high = end;
    // slots[low] < slot; the answer lies in (low, high].
    while (low + 1 < high) {
      const middle = (low + high) >>> 1;
      if (slots[middle] < slot) low = middle;
      else high = middle;
    }
    return high;
  }

  /** Gives back the room grown ahead (after a load: a million products' lists are about a quarter slack). */
  trim(): void {
    this.slots = this.slots.slice(0, Math.max(this.length, 1));
    this.ends = this.ends.slice(0, Math.max(this.length, 1));
    this.masks = this.masks.slice(0, Math.max(this.length, 1));
    this.weps = this.weps.slice(0, Math.max(this.wepsLength, 1));
  }

  /** Keeps the postings of live slots, renumbered (`renumber[old]`, -1 for a dead one). */
  compact(renumber: Int32Array): void {
    let kept = 0;
    let wepsKept = 0;
    let start = 0;
    for (let i = 0; i < this.length; i++) {
      const end = this.ends[i];
      const slot = renumber[this.slots[i]];
      if (slot >= 0) {
        this.weps.copyWithin(wepsKept, start, end);
        wepsKept += end - start;
        this.slots[kept] = slot;
        this.ends[kept] = wepsKept;
        this.masks[kept] = this.masks[i];
        kept++;
      }
      start = end;
    }
    this.length = kept;
    this.wepsLength = wepsKept;
  }
}

type Typed = Int32Array | Uint16Array | Uint8Array | Float64Array;

/** A copy of `array` with room for `capacity` items. */
export function grow<T extends Typed>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}
