import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Database } from '../../../server/db/client';

const MIGRATIONS = path.resolve(__dirname, '../../../server/db/migrations');

/**
 * One fresh database per test file: a private PGlite by default, or, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a throwaway database on it.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createServerDatabase(serverUrl) : createPgliteDatabase();
}

/**
 * Starting PGlite from nothing (initdb inside WASM, then the migrations) takes
 * seconds; opening a copy of an already migrated cluster takes a fraction of
 * that. So the first test file builds a migrated template cluster in the temp
 * folder, keyed by the migrations and the PGlite version, and every test file
 * opens its own copy through the app's own `openDatabase`.
 */
async function createPgliteDatabase(): Promise<Database> {
  const template = await migratedTemplate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-test-db-'));
  fs.cpSync(template, dir, { recursive: true });
  // TEST_PGLITE_THREAD=worker runs the suite against PGlite on its own thread (server/db/pglite-on-thread.ts).
  const database = await openDatabase({ dataDir: dir, pgliteThread: process.env.TEST_PGLITE_THREAD === 'worker' ? 'worker' : 'main' });
  // A no-op on the copy; it keeps the copy honest if the template were ever stale.
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    try {
      await close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return database;
}

function templateKey(): string {
  const hash = createHash('sha256');
  const manifest = path.resolve(__dirname, '../../../node_modules/@electric-sql/pglite/package.json');
  const pglite = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  hash.update(pglite.version);
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) => (entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)]))
      .sort();
  for (const file of files(MIGRATIONS)) {
    hash.update(path.relative(MIGRATIONS, file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const TEMPLATE_PREFIX = 'bazaar-pglite-template-';

async function migratedTemplate(): Promise<string> {
  const final = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  if (fs.existsSync(path.join(final, 'ready'))) {
    // Marked as used, so another checkout's run on this machine does not take it for stale mid-copy.
    const now = new Date();
    fs.utimesSync(final, now, now);
    return final;
  }

  // Built aside and renamed into place, so parallel jest workers never see half a template.
  const building = fs.mkdtempSync(path.join(os.tmpdir(), `${TEMPLATE_PREFIX}building-`));
  try {
    const database = await openDatabase({ dataDir: building });
    await database.migrate();
    await database.close();
    fs.writeFileSync(path.join(building, 'ready'), new Date().toISOString());
    fs.renameSync(building, final);
    removeStaleTemplates(final);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    // Another worker won the race: its template is as good as ours.
    if (!fs.existsSync(path.join(final, 'ready'))) throw error;
  }
  return final;
}

/** Templates of older migration sets, left until unused for an hour (a test file's use marks one) in case another checkout still uses them. */
function removeStaleTemplates(keep: string) {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    const full = path.join(os.tmpdir(), name);
    if (!name.startsWith(TEMPLATE_PREFIX) || full === keep) continue;
    try {
      if (fs.statSync(full).mtimeMs < hourAgo) fs.rmSync(full, { recursive: true, force: true });
    } catch {
      // already gone
    }
  }
}

/** A new empty database on the server `serverUrl` names: its URL, and how to drop it (once nothing uses it). */
export async function createDatabaseOn(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
      await cleanup.end();
    },
  };
}

async function createServerDatabase(serverUrl: string): Promise<Database> {
  const created = await createDatabaseOn(serverUrl);
  const database = await openDatabase({ databaseUrl: created.url, dataDir: 'memory://' });
  await database.migrate();
  const close = database.close;
  database.close = async () => {
    await close();
    await created.drop();
  };
  return database;
}
