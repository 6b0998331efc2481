/** The most products one `seed:large` adds: past this a typo in the size (an extra zero) would fill the disk for hours. */
export const SEED_LARGE_MAX = 10_000_000;
export const SEED_LARGE_DEFAULT = 100_000;

/** A size that is not one: the message says what to type, and no stack is needed. */
export class SeedSizeError extends Error {}

/**
 * How many products `seed:large` adds: the first argument (`npm run seed:large -- 1000000`), else
 * `SEED_LARGE_COUNT`, else 100,000. Whole numbers only, digits with optional `_` or `,` between
 * groups (1_000_000, 1,000,000), from 1 to 10,000,000; anything else is an error that says what
 * was given, rather than a silent default or NaN products.
 */
export function seedLargeSize(argument: string | undefined, fromEnv: string | undefined): number {
  const [given, source] = argument !== undefined ? [argument, 'the size argument'] : fromEnv ? [fromEnv, 'SEED_LARGE_COUNT'] : [null, ''];
  if (given === null) return SEED_LARGE_DEFAULT;
  const text = given.trim();
  if (!/^\d{1,3}(?:[_,]?\d{3})*$|^\d+$/.test(text)) {
    throw new SeedSizeError(`${source} must be a whole number of products (e.g. 1000000 or 1_000_000), not ${JSON.stringify(given)}`);
  }
  const size = Number(text.replace(/[_,]/g, ''));
  if (size < 1 || size > SEED_LARGE_MAX) throw new SeedSizeError(`${source} must be from 1 to ${SEED_LARGE_MAX.toLocaleString('en')}, not ${given}`);
  return size;
}
