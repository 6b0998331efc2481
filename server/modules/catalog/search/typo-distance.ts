/**
 * How many typos a word may hold and still be recognised, as leading search
 * engines count them: none under five letters (too many short words lie one
 * typo apart), one from five, two from nine. Letters are code points, so «ё» is one.
 */
export function typosAllowed(word: string): number {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The optimal string alignment distance (Damerau–Levenshtein where no part is
 * edited twice): deletions, insertions, substitutions, and swaps of two
 * neighbouring letters, each one typo. `max` stops early once every
 * alignment is past it (the answer is then max + 1), since a correction only asks "within max?".
 */
export function typoDistance(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows are enough: a swap looks two rows back.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  let current = new Array<number>(t.length + 1).fill(0);
  for (let i = 1; i <= s.length; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[t.length], max + 1);
}
