/**
 * Counts what each key holds (connections of an address, sockets of a user) against one cap.
 * A key's count drops to nothing when its last place is given back, so the map holds only keys
 * that hold something.
 */
export class CappedCounter {
  private readonly counts = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes a place for `key`, or returns false when it already holds `max`. */
  take(key: string): boolean {
    const held = this.counts.get(key) ?? 0;
    if (held >= this.max) return false;
    this.counts.set(key, held + 1);
    return true;
  }

  release(key: string): void {
    const held = this.counts.get(key) ?? 0;
    if (held <= 1) this.counts.delete(key);
    else this.counts.set(key, held - 1);
  }

  held(key: string): number {
    return this.counts.get(key) ?? 0;
  }
}
