/**
 * Line and column (both from 1) of an index into the source, for the
 * import report: the parser gives start indexes, people look for lines.
 * The line starts are found once, each lookup is a binary search.
 */
export function positionFinder(source: string): (index: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle] <= index) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: index - starts[low] + 1 };
  };
}
