import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import { prepareDatabase } from '../../../server/db/prepare-database';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { postgresServer, type PostgresServer } from '../helpers/postgres-server';
import { createDatabaseOn } from '../helpers/test-database';

const JOURNAL = path.resolve(__dirname, '../../../server/db/migrations/meta/_journal.json');

let server: PostgresServer;
beforeAll(async () => {
  server = await postgresServer();
}, 60_000);
afterAll(() => server?.stop());

async function count(database: Database, query: SQL): Promise<number> {
  const [row] = await rawRows<{ n: string | number }>(database.db, query);
  return Number(row.n);
}

test('API processes started together on a fresh database: one migrates and seeds the demo data, the others wait, find it done, and serve', async () => {
  const created = await createDatabaseOn(server.url);
  const processes = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: created.url, dataDir: 'memory://' })));
  try {
    const outcomes = await Promise.all(processes.map((database) => prepareDatabase(database, { seedDemo: true })));
    expect(outcomes.map((o) => o.seeded).sort()).toEqual([false, false, true]);

    const migrations = (JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }).entries.length;
    expect(await count(processes[0], sql`select count(*) as n from drizzle.__drizzle_migrations`)).toBe(migrations);
    // The demo people once each, and every process reads the same data.
    const people = await count(processes[0], sql`select count(*) as n from users`);
    expect(people).toBeGreaterThan(0);
    expect(await count(processes[1], sql`select count(distinct email) as n from users`)).toBe(people);
    expect(await count(processes[2], sql`select count(*) as n from users`)).toBe(people);

    // A restart later finds nothing to do either.
    expect(await prepareDatabase(processes[1], { seedDemo: true })).toEqual({ seeded: false });
    expect(await count(processes[1], sql`select count(*) as n from users`)).toBe(people);
  } finally {
    await Promise.all(processes.map((database) => database.close()));
    await created.drop();
  }
}, 180_000);
