import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';

/**
 * Runs a hand-written statement on either driver and returns its rows: both
 * PGlite and node-postgres answer `{ rows }`, but the shared `Db` type cannot say so.
 */
export async function rawRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

/** Texts given a statement name so far, and the next name's number. */
const names = new Map<string, string>();
/** Distinct texts named at most: past it a text runs unnamed, so a process never piles up plans without end. */
const NAMED_MAX = 2_000;

/** What `db.execute` does, reached with a name (drizzle keeps both on every database and transaction object). */
interface Internals {
  dialect: PgDialect;
  session: PgSession;
}

/**
 * rawRows for a statement of a hot path whose text repeats while its values change (a search's statements:
 * their words are parameters): sent by name, so PostgreSQL parses it once per pooled connection and, after a
 * few runs, plans it once too. Measured at a million products: the businesses' and ads' match statement took
 * 0.6 ms unnamed and 0.2–0.3 ms named (its planning cost more than its run). The rows are parsed as by
 * `db.execute` (drizzle's own type parsers); on PGlite the name is not used.
 */
export async function repeatedRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as Internals;
  const query = dialect.sqlToQuery(statement);
  let name = names.get(query.sql);
  if (!name && names.size < NAMED_MAX) names.set(query.sql, (name = `repeated_${names.size + 1}`));
  const result = (await session.prepareQuery(query, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
