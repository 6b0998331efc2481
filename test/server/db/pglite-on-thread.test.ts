import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../../server/db/client';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { uniqueViolation } from '../../../server/lib/unique-violation';
import { SETUP_TIMEOUT } from '../helpers/test-app';

/**
 * PGLITE_THREAD=worker: the embedded database on a thread of its own answers as it does on the API's
 * thread: rows, errors with PostgreSQL's fields, transactions that commit or roll back whole, and
 * statements from outside a transaction that wait for it to end.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://', pgliteThread: 'worker' });
  await database.db.execute(sql`create table t (id int primary key, note text)`);
}, SETUP_TIMEOUT);
afterAll(() => database.close());

const count = async () => (await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from t`))[0].n;

test('rows come back typed as on the main thread', async () => {
  const [row] = await rawRows<{ one: number; doc: { a: number[] }; day: string }>(database.db, sql`select 1::int as one, '{"a":[1,2]}'::jsonb as doc, '2026-11-25'::date as day`);
  expect(row).toEqual({ one: 1, doc: { a: [1, 2] }, day: '2026-11-25' });
});

test("a unique violation keeps its code and constraint, so callers tell it from other errors", async () => {
  await database.db.execute(sql`insert into t values (1, 'first')`);
  const error = await database.db.execute(sql`insert into t values (1, 'again')`).catch((e: unknown) => e);
  expect(uniqueViolation(error)).toBe('t_pkey');
});

test('a transaction commits whole, or rolls back whole when its work throws', async () => {
  const before = await count();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into t values (2, 'a')`);
    await tx.execute(sql`insert into t values (3, 'b')`);
  });
  expect(await count()).toBe(before + 2);
  await expect(
    database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (4, 'c')`);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  expect(await count()).toBe(before + 2);
});

test('a statement from outside waits for an open transaction instead of seeing its half', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let inserted!: () => void;
  const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
  const writer = database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into t values (10, 'x')`);
    inserted();
    await held;
    await tx.execute(sql`insert into t values (11, 'y')`);
  });
  await insertedYet;
  const reader = rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from t where id >= 10`);
  release();
  await writer;
  expect((await reader)[0].n).toBe(2);
});
