/**
 * What the API's thread and the thread owning PGlite say to each other (pglite-on-thread.ts and
 * pglite-thread.ts). One request, one answer, matched by `id`. A transaction is opened with `begin`,
 * its statements carry its `txId`, and `end` commits or rolls it back.
 */

/** Rows as arrays (drizzle's typed selects) or objects (raw statements); `rawTypes` are type OIDs left as text. */
export interface QueryOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
}

export type ThreadRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; options: QueryOptions; txId?: number }
  | { id: number; op: 'begin'; txId: number }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'close' };

/** Omit over each member of a union (Omit on the union itself keeps only their common fields). */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
/** A request before it is numbered. */
export type ThreadCall = WithoutId<ThreadRequest>;

/** An error as PostgreSQL described it: the fields callers read (code, constraint, detail…) survive the crossing. */
export interface ThreadError {
  message: string;
  fields: Record<string, unknown>;
}

export type ThreadAnswer = { id: number; ok: true; result?: unknown } | { id: number; ok: false; error: ThreadError };

/** The thread's first message: ready, or why it could not open the database. */
export type ThreadHello = { ready: true } | { ready: false; error: ThreadError };

/** The fields of a PostgreSQL error worth keeping (PGlite's DatabaseError and node-postgres name them the same). */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'schema', 'table', 'column', 'dataType', 'constraint', 'where', 'routine'] as const;

export function describeError(error: unknown): ThreadError {
  const e = (error ?? {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of ERROR_FIELDS) if (e[key] !== undefined) fields[key] = e[key];
  return { message: error instanceof Error ? error.message : String(error), fields };
}

/** The error again on this side, with PostgreSQL's fields on it as the drivers put them. */
export function rebuildError(described: ThreadError): Error {
  return Object.assign(new Error(described.message), described.fields);
}
