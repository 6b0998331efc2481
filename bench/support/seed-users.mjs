// Prepares a DATA_DIR (or a PostgreSQL database) for the realtime bench before the product starts on it:
// migrates it, creates one admin and N users, and issues each a bearer
// token through the product's own repository (the hashes land in the database,
// the tokens go to the bench). Runs apart from the product because PGlite
// allows one process per data directory; it closes before the product opens it.
//
//   node bench/support/seed-users.mjs <dataDir> <count> <out.json>
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../../dist/server/', import.meta.url));
const { openDatabase } = require(`${dist}db/client.js`);
const { users } = require(`${dist}db/schema/index.js`);
const { tokensRepository } = require(`${dist}modules/auth/tokens-repository.js`);

const [dataDir, countArg, outFile] = process.argv.slice(2);
const count = Number(countArg);
if (!dataDir || !outFile || !Number.isInteger(count) || count < 1) {
  console.error('usage: seed-users.mjs <dataDir> <count> <out.json>');
  process.exit(2);
}

// On PostgreSQL when BENCH_DATABASE_URL is set (the several-process run), else PGlite files in dataDir.
const database = await openDatabase({ dataDir, databaseUrl: process.env.BENCH_DATABASE_URL || undefined });
await database.migrate();
const { db } = database;
const tokens = tokensRepository(db);

const [admin] = await db
  .insert(users)
  .values({ email: 'bench-admin@example.com', name: 'Bench admin', role: 'admin' })
  .returning({ id: users.id });
const seeded = [];
for (let start = 0; start < count; start += 250) {
  const rows = Array.from({ length: Math.min(250, count - start) }, (_, i) => ({
    email: `bench-user-${start + i}@example.com`,
    name: `Bench user ${start + i}`,
  }));
  seeded.push(...(await db.insert(users).values(rows).returning({ id: users.id })));
}
const result = {
  admin: { id: admin.id, token: (await tokens.issue(admin.id, { userAgent: 'bench' })).token },
  users: [],
};
for (const { id } of seeded) result.users.push({ id, token: (await tokens.issue(id, { userAgent: 'bench' })).token });
await database.close();
writeFileSync(outFile, JSON.stringify(result));
