/**
 * A small seeded generator (mulberry32): an attempt's shuffles follow from
 * its stored seed, so they are the same on every node and every reload.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy. */
export function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** 0…n−1 shuffled. */
export const shuffledIndexes = (n: number, random: () => number) =>
  shuffled(
    Array.from({ length: n }, (_, i) => i),
    random,
  );

/** A fresh 31-bit seed for a new attempt. */
export const newSeed = () => Math.floor(Math.random() * 0x7fffffff);
