// Figures the benches print: percentiles and milliseconds (the older benches still keep their own copies).

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of `values`, NaN when there are none. */
export const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

export const ms = (value) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
