import { inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { supportEvents } from '../../../server/db/schema';
import { memoryPublisher, type Publisher } from '../../../server/modules/realtime/publisher';
import { supportEventLog } from '../../../server/modules/support/support-event-log';
import { supportRepository } from '../../../server/modules/support/support-repository';
import { lockingSupportSequencer } from '../../../server/modules/support/support-sequencer-locking';
import { oneConnectionSupportSequencer } from '../../../server/modules/support/support-sequencer-one-connection';
import { type Account, get, post, setUpChatTestApp } from '../chats/chat-test-kit';
import { signIn, type TestContext } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';

let ctx: TestContext;
let agent: Account;

/*
 * The sequencer the app runs is chosen by the database: locking on PostgreSQL (several API processes, run
 * with TEST_DATABASE_URL), one connection on PGlite. The guarantees are tested against whichever this run
 * has; what only one mode has (other processes numbering, a numbering transaction that fails) on that one.
 */
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
// A mode's own tests exist only in the runs on its database (npm test runs this suite on both), rather than
// showing as skipped in the other.
function lockingOnly(name: string, fn: () => Promise<void>, timeout?: number) {
  if (onPostgres) test(name, fn, timeout);
}
function oneConnectionOnly(name: string, fn: () => Promise<void>, timeout?: number) {
  if (!onPostgres) test(name, fn, timeout);
}

setUpChatTestApp(async (app) => {
  ctx = app;
  agent = await signIn(ctx, 'support@example.com');
});

let n = 0;
const customer = () => signIn(ctx, `sequencer-${++n}@example.com`);
type Sent = TestContext['events'];
/** Console events that carry a seq, as one process published them. */
const logged = (sent: Sent) => sent.filter((e) => e.channel === 'private-support' && typeof e.data.seq === 'number');
const seqs = (sent: Sent) => logged(sent).map((e) => e.data.seq as number);
const contentOf = (e: Sent[number]) => (e.data.message as { content: string }).content;

interface LogEvent {
  seq: number;
  type: string;
  data: Record<string, unknown>;
}
/** The whole log after `after`, as a console catching up reads it. */
async function logAfter(after: number): Promise<LogEvent[]> {
  const all: LogEvent[] = [];
  for (let from = after; ; ) {
    const res = await get(ctx, `/v1/support/events?after=${from}&limit=500`, agent);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: LogEvent[]; meta: { last_seq: number; has_more: boolean } };
    all.push(...body.data);
    if (!body.meta.has_more) return all;
    from = body.meta.last_seq;
  }
}
const lastSeq = async () => (await get(ctx, '/v1/support/conversations?per_page=1', agent)).json().meta.last_seq as number;
/**
 * 30 sends, a reader and a second numberer all at once on a pool of four connections: well under a second here,
 * but CI once took past jest's 5 s default while the other worker loaded the same database server.
 */
const PARALLEL_WRITERS_TIMEOUT_MS = 30_000;
const consecutive = (values: number[]) => values.every((value, i) => i === 0 || value === values[i - 1] + 1);

test(`writers in parallel${onPostgres ? ', with a second API process numbering too' : ''}: gap-free seqs, each event published once and in order, and a reader never sees a seq before all below it`, async () => {
  const db = ctx.database.db;
  const customers = await Promise.all(Array.from({ length: 6 }, () => customer()));
  const start = await lastSeq();
  ctx.events.length = 0;
  // Another API process on the same database (PostgreSQL only: PGlite is one process): its own sequencer publishing through its own publisher.
  const elsewhere = memoryPublisher();
  const otherProcess = onPostgres ? lockingSupportSequencer(db, supportEventLog(db), elsewhere, ctx.app.log) : null;

  let writing = true;
  // PGlite answers without leaving the microtask queue: each loop lets the writers' requests run in between.
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const reads: number[][] = [];
  const reader = (async () => {
    for (; writing; await turn()) reads.push((await logAfter(start)).map((e) => e.seq));
  })();
  const numberer = (async () => {
    for (; writing && otherProcess; await turn()) await otherProcess.flush();
  })();
  const responses = await Promise.all(
    customers.flatMap((who, i) => Array.from({ length: 5 }, (_, k) => post(ctx, '/v1/support/messages', who, { content: `параллельно ${i}.${k}` }))),
  );
  writing = false;
  await Promise.all([reader, numberer]);

  expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
  const log = await logAfter(start);
  const final = log.map((e) => e.seq);
  expect(final).toHaveLength(30);
  expect(final[0]).toBe(start + 1);
  expect(consecutive(final)).toBe(true);
  expect(log.map((e) => (e.data.message as { id: number }).id).sort((a, b) => a - b)).toEqual(responses.map((r) => r.json().data.id as number).sort((a, b) => a - b));
  // Whatever a reader saw at any moment was the beginning of the final log: never a seq without every one below it.
  expect(reads.length).toBeGreaterThan(0);
  for (const read of reads) expect(read).toEqual(final.slice(0, read.length));

  // Every event published exactly once, by whichever process numbered it, each process in seq order.
  const here = seqs(ctx.events);
  const there = seqs(elsewhere.sent);
  expect([...here, ...there].sort((a, b) => a - b)).toEqual(final);
  expect(here).toEqual([...here].sort((a, b) => a - b));
  expect(there).toEqual([...there].sort((a, b) => a - b));
  // What went out live is what the log keeps.
  for (const event of [...logged(ctx.events), ...logged(elsewhere.sent)]) {
    const { event_id: _eventId, ...live } = event.data;
    expect(log.find((e) => e.seq === live.seq)!.data).toEqual(live);
  }
}, PARALLEL_WRITERS_TIMEOUT_MS);

lockingOnly('an event that commits after a later one was numbered gets the next seq: seqs follow commits, not ids', async () => {
  const db = ctx.database.db;
  const support = supportRepository(db);
  const sequencer = lockingSupportSequencer(db, supportEventLog(db), ctx.app.publisher, ctx.app.log);
  const who = await customer();
  const chatId = (await post(ctx, '/v1/support/messages', who, { content: 'вопрос' })).json().data.chat_id as number;
  // A slow writer has drawn its row id but not committed yet...
  const reserved = ((await db.execute(sql`select nextval(pg_get_serial_sequence('support_events', 'id'))::int as id`)) as unknown as { rows: Array<{ id: number }> }).rows[0].id;
  // ...while a later writer commits and is numbered and published.
  ctx.events.length = 0;
  expect((await post(ctx, `/v1/support/conversations/${chatId}/assign`, agent, { assignee_id: agent.userId })).statusCode).toBe(200);
  const [assigned] = logged(ctx.events);
  const seenBy = await lastSeq();
  expect(seenBy).toBe(assigned.data.seq);

  // Now the slow one commits.
  const payload = { change: 'status', actor: null, conversation: await support.brief(db, chatId) };
  await db.insert(supportEvents).values({ id: reserved, chatId, type: 'SupportConversationUpdated', payload });
  await sequencer.flush();
  const [late] = logged(ctx.events).slice(1);
  expect(late.data).toMatchObject({ seq: seenBy + 1, change: 'status', actor: null, conversation: { id: chatId } });
  expect((await logAfter(seenBy - 1)).map((e) => [e.seq, e.data.change])).toEqual([
    [seenBy, 'assigned'],
    [seenBy + 1, 'status'],
  ]);
  const rows = await db.select({ id: supportEvents.id, seq: supportEvents.seq }).from(supportEvents).where(inArray(supportEvents.seq, [seenBy, seenBy + 1]));
  expect(rows.find((r) => r.seq === seenBy + 1)!.id).toBe(reserved);
  expect(rows.find((r) => r.seq === seenBy)!.id).toBeGreaterThan(reserved);
});

lockingOnly('a failed numbering fails no request; what it left is numbered and published by the sweep, or by the next flush', async () => {
  const db = ctx.database.db;
  const who = await customer();
  await post(ctx, '/v1/support/messages', who, { content: 'начало' });
  const before = await lastSeq();
  // Numbering is an UPDATE of the log: failing it fails every run, the periodic sweep's too.
  await db.execute(sql`create function support_test_no_seq() returns trigger language plpgsql as $$ begin raise exception 'numbering is down (test)'; end $$`);
  const breakNumbering = () => db.execute(sql`create trigger support_test_no_seq before update on support_events for each row execute function support_test_no_seq()`);
  const repairNumbering = () => db.execute(sql`drop trigger if exists support_test_no_seq on support_events`);
  try {
    await breakNumbering();
    ctx.events.length = 0;
    for (const content of ['первое', 'второе']) expect((await post(ctx, '/v1/support/messages', who, { content })).statusCode).toBe(201);
    // Stored, but not numbered: neither published nor visible in the log yet.
    expect(logged(ctx.events)).toEqual([]);
    expect(await logAfter(before)).toEqual([]);
    expect(await lastSeq()).toBe(before);

    await repairNumbering();
    await waitFor(() => logged(ctx.events).length === 2, { what: 'the sweep numbers and publishes the two left behind', intervalMs: 50 });
    expect(logged(ctx.events).map(contentOf)).toEqual(['первое', 'второе']);
    expect(consecutive(seqs(ctx.events))).toBe(true);
    expect((await logAfter(before)).map((e) => e.seq)).toEqual(seqs(ctx.events));

    await breakNumbering();
    expect((await post(ctx, '/v1/support/messages', who, { content: 'третье' })).statusCode).toBe(201);
    await repairNumbering();
    // The next write's flush numbers the one left behind with its own, in order (unless the sweep got there first).
    expect((await post(ctx, '/v1/support/messages', who, { content: 'четвёртое' })).statusCode).toBe(201);
    expect(logged(ctx.events).map(contentOf)).toEqual(['первое', 'второе', 'третье', 'четвёртое']);
    expect(consecutive(seqs(ctx.events).slice(2))).toBe(true);
    expect((await logAfter(before)).map((e) => e.seq)).toEqual(seqs(ctx.events));
  } finally {
    await repairNumbering();
    await db.execute(sql`drop function support_test_no_seq()`);
  }
});

lockingOnly('flushes called together share runs: one under way plus one queued; a sweep with nothing waiting takes no lock', async () => {
  const db = ctx.database.db;
  let transactions = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property !== 'transaction') return value;
      return (...args: unknown[]) => {
        transactions++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as Db;
  const sequencer = lockingSupportSequencer(counted, supportEventLog(db), ctx.app.publisher, ctx.app.log);
  const who = await customer();
  const chatId = (await post(ctx, '/v1/support/messages', who, { content: 'вопрос' })).json().data.chat_id as number;
  await sequencer.flush();
  ctx.events.length = 0;

  // While a run is under way an event commits; callers after that wait for a run that includes it.
  const first = sequencer.flush();
  const payload = { change: 'status', actor: null, conversation: await supportRepository(db).brief(db, chatId) };
  await db.insert(supportEvents).values({ chatId, type: 'SupportConversationUpdated', payload });
  await Promise.all(Array.from({ length: 9 }, () => sequencer.flush()));
  expect(logged(ctx.events).map((e) => e.data.conversation)).toEqual([expect.objectContaining({ id: chatId })]);
  await first;

  // Ten at once: the first starts a run, the other nine share the one queued behind it.
  transactions = 0;
  await Promise.all(Array.from({ length: 10 }, () => sequencer.flush()));
  expect(transactions).toBe(2);

  transactions = 0;
  await sequencer.sweep();
  await sequencer.flush();
  expect(transactions).toBe(1);
  // Nothing is published twice, however many runs there were.
  expect(logged(ctx.events)).toHaveLength(1);
});

/** A status change of `chatId` as the log keeps it, for events written here rather than through a route. */
async function statusChange(chatId: number) {
  return { change: 'status' as const, actor: null, conversation: await supportRepository(ctx.database.db).brief(ctx.database.db, chatId) };
}
const conversationOf = async (who: Account) => (await post(ctx, '/v1/support/messages', who, { content: 'вопрос' })).json().data.chat_id as number;

oneConnectionOnly('one connection: an event has its seq when its transaction commits, with no numbering after it; one rolled back after logging leaves no gap', async () => {
  const db = ctx.database.db;
  const who = await customer();
  const chatId = await conversationOf(who);
  const before = await lastSeq();
  // What the app publishes from here: its once-a-second sweep may publish the test's event before the next post does.
  const publishedFrom = ctx.events.length;
  const sequencer = await oneConnectionSupportSequencer(db, supportEventLog(db), memoryPublisher(), ctx.app.log);
  const payload = await statusChange(chatId);
  await expect(
    db.transaction(async (tx) => {
      await sequencer.log(tx, chatId, 'SupportConversationUpdated', payload);
      throw new Error('rolled back (test)');
    }),
  ).rejects.toThrow('rolled back (test)');
  await db.transaction((tx) => sequencer.log(tx, chatId, 'SupportConversationUpdated', payload));
  // Readable at once, and nothing waits for a seq.
  expect((await logAfter(before)).map((e) => e.seq)).toEqual([before + 1]);
  expect(await db.select({ id: supportEvents.id }).from(supportEvents).where(isNull(supportEvents.seq))).toEqual([]);

  // The app's next event follows it; the app's sequencer publishes both, once each, in order.
  expect((await post(ctx, '/v1/support/messages', who, { content: 'ещё' })).statusCode).toBe(201);
  expect(seqs(ctx.events.slice(publishedFrom))).toEqual([before + 1, before + 2]);
  expect((await logAfter(before)).map((e) => e.seq)).toEqual([before + 1, before + 2]);
});

oneConnectionOnly('one connection: a failed publishing run fails no request; the sweep publishes what it left, once each and in order', async () => {
  const db = ctx.database.db;
  const chatId = await conversationOf(await customer());
  const sent = memoryPublisher();
  let down = true;
  const flaky: Publisher = {
    ...sent,
    publish(channel, event, payload) {
      if (down) throw new Error('realtime is down (test)');
      return sent.publish(channel, event, payload);
    },
  };
  const before = await lastSeq();
  const sequencer = await oneConnectionSupportSequencer(db, supportEventLog(db), flaky, ctx.app.log);
  const write = async () => {
    // The payload is read first: a statement from outside the transaction would wait for it (one connection).
    const payload = await statusChange(chatId);
    await db.transaction((tx) => sequencer.log(tx, chatId, 'SupportConversationUpdated', payload));
    await sequencer.flush();
  };
  await write();
  await write();
  expect(seqs(sent.sent)).toEqual([]);

  down = false;
  await sequencer.sweep();
  expect(seqs(sent.sent)).toEqual([before + 1, before + 2]);
  await write();
  await sequencer.sweep();
  expect(seqs(sent.sent)).toEqual([before + 1, before + 2, before + 3]);
  expect((await logAfter(before)).map((e) => e.seq)).toEqual(seqs(sent.sent));
});

oneConnectionOnly('one connection: events left without a seq (before this sequencer) are numbered by the sweep after the last seq, whatever the sequence says, and published in order', async () => {
  const db = ctx.database.db;
  const chatId = await conversationOf(await customer());
  const sent = memoryPublisher();
  const sequencer = await oneConnectionSupportSequencer(db, supportEventLog(db), sent, ctx.app.log);
  const before = await lastSeq();
  // A sequence far ahead of the log (as numberings that failed after drawing from it leave it).
  await db.execute(sql`select setval('support_events_seq', ${before + 50})`);
  await db.insert(supportEvents).values([
    { chatId, type: 'SupportConversationUpdated', payload: await statusChange(chatId) },
    { chatId, type: 'SupportConversationUpdated', payload: await statusChange(chatId) },
  ]);
  // The app's own sweep may get there first; either way the seqs are the same.
  await sequencer.sweep();
  expect(seqs(sent.sent)).toEqual([before + 1, before + 2]);
  const payload = await statusChange(chatId);
  await db.transaction((tx) => sequencer.log(tx, chatId, 'SupportConversationUpdated', payload));
  await sequencer.flush();
  expect(seqs(sent.sent)).toEqual([before + 1, before + 2, before + 3]);
  expect((await logAfter(before)).map((e) => e.seq)).toEqual(seqs(sent.sent));
  // The sequence goes on after the log, should the data ever be numbered by the locking sequencer.
  const [{ next }] = ((await db.execute(sql`select nextval('support_events_seq')::int as next`)) as unknown as { rows: Array<{ next: number }> }).rows;
  expect(next).toBe(before + 4);
});

oneConnectionOnly('one connection: flushes called together share runs, one read each; a run includes every event committed before its call', async () => {
  const db = ctx.database.db;
  const chatId = await conversationOf(await customer());
  const eventLog = supportEventLog(db);
  let reads = 0;
  const numberedAfter = eventLog.numberedAfter.bind(eventLog);
  eventLog.numberedAfter = (after, limit) => {
    reads++;
    return numberedAfter(after, limit);
  };
  const sent = memoryPublisher();
  const sequencer = await oneConnectionSupportSequencer(db, eventLog, sent, ctx.app.log);

  // While a run is under way an event commits; callers after that wait for a run that includes it.
  const first = sequencer.flush();
  const payload = await statusChange(chatId);
  await db.transaction((tx) => sequencer.log(tx, chatId, 'SupportConversationUpdated', payload));
  await Promise.all(Array.from({ length: 9 }, () => sequencer.flush()));
  expect(logged(sent.sent).map((e) => e.data.conversation)).toEqual([expect.objectContaining({ id: chatId })]);
  await first;

  // Ten at once: the first starts a run, the other nine share the one queued behind it.
  reads = 0;
  await Promise.all(Array.from({ length: 10 }, () => sequencer.flush()));
  expect(reads).toBe(2);
  // Nothing is published twice, however many runs there were.
  expect(logged(sent.sent)).toHaveLength(1);
});
