import { availableParallelism } from 'node:os';

/** What DATABASE_POOL_SIZE may be. */
export const POOL_SIZE_RANGE = { min: 1, max: 200 } as const;

/**
 * The default: twice the cores, at least 4. PostgreSQL does its work on the cores, so connections
 * past a few per core only wait: each one more is a backend competing for the same cores, and a
 * transaction holding a row lock runs slower among them, so everyone behind that lock waits
 * longer. Measured with bench:checkout on this 2-core machine (the API, PostgreSQL and the driver
 * on it): pool 20 → p99 178–378 ms, 10 → 166, 8 → 158, 6 → 67–128, 4 → 42 ms. With several API
 * processes on one database, give each its share (twice the database's cores in total).
 */
export const defaultPoolSize = () => Math.max(4, 2 * availableParallelism());

/** `DATABASE_POOL_SIZE` read strictly: a whole number in range, else the start refuses with the reason. */
export function poolSizeFrom(value: string | undefined): number {
  if (value === undefined || value === '') return defaultPoolSize();
  const size = Number(value);
  if (!Number.isInteger(size) || size < POOL_SIZE_RANGE.min || size > POOL_SIZE_RANGE.max) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from ${POOL_SIZE_RANGE.min} to ${POOL_SIZE_RANGE.max}, not "${value}"`);
  }
  return size;
}
