import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';

/**
 * Runs a hand-written statement on either driver and returns its rows: both
 * PGlite and node-postgres answer `{ rows }`, but the shared `Db` type cannot say so.
 */
export async function rawRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}
