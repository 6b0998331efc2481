// Where bench:chat's database time per message goes, statement by statement (issue 18 item 2):
//   node --import tsx bench/chat-statements.ts        (run it under `flock /tmp/heavy.lock`)
// The API in this process on a fresh PGlite (PGLITE_THREAD as `npm start`: a thread of its own unless
// `main`), or on PostgreSQL with BENCH_DATABASE_URL. It sends BENCH_SENDS (40) messages of each of the
// chat bench's three kinds through the real routes (app.inject, one at a time, so nothing waits behind
// anything else) and times every statement and transaction the request sends, as the API's thread sees it
// (the thread's hand-off included). Prints, per kind, the statements of a request with their median time, and
// the process's CPU per request (the API's thread and the database's together; app.inject, so no HTTP parsing).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { databaseOptionsOf, openDatabase } from '../server/db/client';
import { prepareDatabase } from '../server/db/prepare-database';
import { users } from '../server/db/schema';
import type { Mailer } from '../server/mail/mailer';
import { tokensRepository } from '../server/modules/auth/tokens-repository';
import { memoryPublisher } from '../server/modules/realtime/publisher';

const SENDS = Number(process.env.BENCH_SENDS ?? 40);
const AGENTS = Math.ceil(SENDS / 40);
const noMail: Mailer = { send: async () => undefined, close: () => undefined };

interface Timed {
  what: string;
  ms: number;
}
type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
interface Client {
  query: Query;
  transaction<T>(work: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

/** What a statement is, in a line: its first words, parameters and whitespace squeezed. */
const shortly = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);

/** Records every statement, and each transaction's begin and commit, into `sink.current` while it is set. */
function instrument(client: Client, sink: { current: Timed[] | null }) {
  const timed =
    (query: Query): Query =>
    async (text, params, options) => {
      const started = performance.now();
      try {
        return await query(text, params, options);
      } finally {
        sink.current?.push({ what: shortly(text), ms: performance.now() - started });
      }
    };
  client.query = timed(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = async (work) => {
    const called = performance.now();
    let returned = 0;
    const result = await transaction(async (tx) => {
      sink.current?.push({ what: 'begin', ms: performance.now() - called });
      const inner = new Proxy(tx, { get: (target, key) => (key === 'query' ? timed(target.query.bind(target)) : Reflect.get(target, key)) });
      const value = await work(inner);
      returned = performance.now();
      return value;
    });
    sink.current?.push({ what: 'commit', ms: performance.now() - returned });
    return result;
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-statements-'));
  const config = loadConfig(
    { NODE_ENV: 'development', LOG_LEVEL: 'fatal', DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, PGLITE_THREAD: process.env.PGLITE_THREAD, SEED_DEMO: 'false' },
    { webRoot: '/nonexistent' },
  );
  const database = await openDatabase(databaseOptionsOf(config));
  await prepareDatabase(database, { seedDemo: false });
  const { db } = database;
  const people = [
    ...Array.from({ length: SENDS * 3 }, (_, i) => ({ email: `statements-${i}@example.com`, name: `Клиент ${i}`, role: 'user' as const })),
    // Each agent may send 60 messages a 20 s window (send-limit.ts): one agent per 40 replies.
    ...Array.from({ length: AGENTS }, (_, i) => ({ email: `statements-agent-${i}@example.com`, name: `Агент ${i}`, role: 'support' as const })),
  ];
  const ids = (await db.insert(users).values(people).returning({ id: users.id })).map((r) => r.id);
  const tokens = tokensRepository(db);
  const accounts: Array<{ id: number; token: string }> = [];
  for (const id of ids) accounts.push({ id, token: (await tokens.issue(id, { userAgent: 'bench' })).token });
  const agents = accounts.splice(SENDS * 3);
  const agentFor = (i: number) => agents[i % AGENTS];
  const buyers = accounts.slice(0, SENDS);
  const sellers = accounts.slice(SENDS, SENDS * 2);
  const customers = accounts.slice(SENDS * 2);

  const app = await buildApp(config, { database, mailer: noMail, publisher: memoryPublisher() });
  await app.ready();
  const post = async (url: string, who: { token: string }, body: object) => {
    const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${who.token}` }, payload: { ...body, client_id: randomUUID() } });
    if (res.statusCode !== 201) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
    return res.json().data as { chat_id: number };
  };

  // Not measured: chats and conversations opened, conversations assigned, as the bench's warm-up does.
  const chatOf = await Promise.all(buyers.map(async (buyer, i) => (await post('/v1/messages', buyer, { recipient_id: sellers[i].id, content: 'Здравствуйте!' })).chat_id));
  const conversationOf: number[] = [];
  for (const customer of customers) conversationOf.push((await post('/v1/support/messages', customer, { content: 'Нужна помощь' })).chat_id);
  for (const [i, id] of conversationOf.entries()) {
    const agent = agentFor(i);
    const res = await app.inject({ method: 'POST', url: `/v1/support/conversations/${id}/assign`, headers: { authorization: `Bearer ${agent.token}` }, payload: { assignee_id: agent.id } });
    if (res.statusCode !== 200) throw new Error(`assign → ${res.statusCode}`);
  }

  const sink: { current: Timed[] | null } = { current: null };
  instrument((db as unknown as { $client: Client }).$client, sink);
  const kinds: Array<[string, (i: number) => Promise<unknown>]> = [
    ['buyer–seller message', (i) => post('/v1/messages', buyers[i], { chat_id: chatOf[i], content: `Товар ещё в наличии? #${i}` })],
    ['support message (customer)', (i) => post('/v1/support/messages', customers[i], { content: `Когда доставка? #${i}` })],
    ["agent's reply", (i) => post(`/v1/support/conversations/${conversationOf[i]}/messages`, agentFor(i), { content: `Ответ #${i}` })],
  ];
  console.log(`${database.kind}${database.kind === 'pglite' ? ` (${config.pgliteThread} thread)` : ''}: ${SENDS} requests of each kind, one at a time; median ms per statement`);
  for (const [kind, send] of kinds) {
    const requests: Timed[][] = [];
    const walls: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < SENDS; i++) {
      sink.current = [];
      const started = performance.now();
      await send(i);
      walls.push(performance.now() - started);
      requests.push(sink.current);
      sink.current = null;
    }
    const cpu = process.cpuUsage(cpuBefore);
    // The statements of the most common shape (a sweep's statement may have landed in a request or two).
    const shapes = new Map<string, Timed[][]>();
    for (const request of requests) {
      const shape = request.map((s) => s.what).join('\n');
      shapes.set(shape, [...(shapes.get(shape) ?? []), request]);
    }
    const [, common] = [...shapes.entries()].sort((a, b) => b[1].length - a[1].length)[0];
    const perStatement = common[0].map((s, k) => ({ what: s.what, ms: median(common.map((r) => r[k].ms)) }));
    const total = median(common.map((r) => r.reduce((sum, s) => sum + s.ms, 0)));
    const statements = perStatement.filter((s) => s.what !== 'begin' && s.what !== 'commit').length;
    console.log(`\n${kind}: ${statements} statements + ${perStatement.length - statements} begin/commit, ${total.toFixed(2)} ms in the database (median), request ${median(walls).toFixed(2)} ms, CPU ${((cpu.user + cpu.system) / 1000 / SENDS).toFixed(2)} ms a request, both threads (${common.length} of ${SENDS} requests had this shape)`);
    for (const s of perStatement) console.log(`  ${s.ms.toFixed(2).padStart(6)}  ${s.what}`);
  }
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
