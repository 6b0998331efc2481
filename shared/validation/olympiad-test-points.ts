/** Points as whole hundredths: the server's arithmetic on scores, and the API's two-decimal numbers. */

/** Whole hundredths, rounding halves up; all arithmetic on points goes through integers. */
export function roundedHundredths(numerator: number, denominator: number): number {
  if (denominator <= 0) return 0;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * DESIGN: speed points = round(10 × correct/total × (1 − spent/limit), 2)
 * for timed stages, 0 for training (no limit). In hundredths.
 */
export function speedPointsHundredths(correct: number, total: number, spentMs: number, limitMs: number | null): number {
  if (!limitMs || total <= 0 || correct <= 0) return 0;
  const left = Math.max(0, limitMs - Math.min(Math.max(spentMs, 0), limitMs));
  return roundedHundredths(1000 * correct * left, total * limitMs);
}

/** Hundredths to the API's two-decimal number (735 → 7.35). */
export const fromHundredths = (value: number) => value / 100;
/** A two-decimal number to hundredths (7.35 → 735), immune to float noise. */
export const toHundredths = (value: number) => Math.round(value * 100);
