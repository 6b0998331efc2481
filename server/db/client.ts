import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { Client, Pool } from 'pg';
import type { AppConfig } from '../config';
import { noNotices, postgresNotices, registerNotices, type Notices } from './notices';
import { PGliteOnThread } from './pglite-on-thread';
import { defaultPoolSize } from './pool-size';
import { sessionSetStatements, sessionStartupOptions } from './session-settings';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; modules only see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process on this database runs work under the same
   * lock (a PostgreSQL session advisory lock on a connection of its own, so the
   * work may use the whole pool); on PGlite, the only process there is, it just runs.
   */
  exclusively<T>(lock: number, work: () => Promise<T>): Promise<T>;
  /** Word between the processes sharing this database (notices.ts). */
  notices: Notices;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Works from the sources (tests) and from the compiled `dist/server/db`. */
function migrationsFolder(): string {
  const candidates = [path.join(__dirname, 'migrations'), path.resolve(__dirname, '../../../server/db/migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Migrations not found in ${candidates.join(', ')}`);
  return found;
}

/**
 * A fixed statement of a hot path (one run per request under load), sent by
 * name: PostgreSQL parses and plans it once per pooled connection, where
 * drizzle sends an unnamed statement that is planned on every call, and no
 * query builder runs per call. Rows come as the driver parses them (jsonb
 * parsed, timestamptz a Date; cast int8 to float8 in the SQL, pg returns it as
 * a string). On PGlite it is a plain parameterised query.
 */
export function namedStatement<Row>(db: Db, name: string, text: string): (params: unknown[]) => Promise<Row[]> {
  const client = (db as unknown as { $client: Pool | PGlite | PGliteOnThread }).$client;
  if (client instanceof Pool) return async (values) => (await client.query<Row & object>({ name, text, values })).rows;
  return async (values) => (await client.query<Row>(text, values)).rows;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite's files; `memory://` keeps everything in memory. */
  dataDir: string;
  /** PostgreSQL connections at most (config's `databasePoolSize`); unset, the default of pool-size.ts. */
  poolSize?: number;
  /** Where PGlite runs (config's `pgliteThread`): on the API's thread, or on a worker thread of its own. */
  pgliteThread?: PgliteThread;
}

export type PgliteThread = 'main' | 'worker';

/** The options a loaded config names: every entry point (API, scripts, bench servers) opens its database alike. */
export const databaseOptionsOf = (config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'databasePoolSize' | 'pgliteThread'>): DatabaseOptions => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
  pgliteThread: config.pgliteThread,
});

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? defaultPoolSize(), options: sessionStartupOptions() });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const notices = registerNotices(db, postgresNotices(pool, options.databaseUrl));
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      exclusively: (lock, work) => withAdvisoryLock(options.databaseUrl!, lock, work),
      notices,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await notices.close();
        await pool.end();
      },
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const dataDir = inMemory ? undefined : path.join(options.dataDir, 'pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = options.pgliteThread === 'worker' ? await PGliteOnThread.create(dataDir) : await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // The worker's copy sets them itself (pglite-thread.ts).
  if (client instanceof PGlite) await client.exec(sessionSetStatements());
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    exclusively: (_lock, work) => work(),
    notices: noNotices,
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** The lock is the session's: a process that dies mid-work lets go of it with its connection. */
async function withAdvisoryLock<T>(connectionString: string, lock: number, work: () => Promise<T>): Promise<T> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [lock]);
    return await work();
  } finally {
    await client.end();
  }
}
