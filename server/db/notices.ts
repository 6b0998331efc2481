import { randomUUID } from 'node:crypto';
import { Client, type Pool } from 'pg';
import type { Db } from './client';

/** One PostgreSQL channel for every topic; the payload names the topic and the sender. */
const CHANNEL = 'bazaar_notices';
const RECONNECT_MS = 1000;

/**
 * Word between the API processes that share one database: "I changed X, drop
 * what you keep about it". Over PostgreSQL's LISTEN/NOTIFY, because any two
 * processes that must agree already share that database (PGlite is one process),
 * and a notice then never reaches processes of another database. A notice is a
 * hint for caches, not data: one lost while a listener reconnects is made up for
 * by telling every follower on reconnect, and caches expire on their own anyway.
 */
export interface Notices {
  /** Tells the other processes (not this one, which acted on its own change). */
  tell(topic: string): void;
  /** Calls `handler` when another process tells `topic`, and after a lost listening connection is back. */
  follow(topic: string, handler: () => void, warn?: (message: string, error: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

const byDb = new WeakMap<object, Notices>();

/** The notices of an open database, so code holding only its query builder can tell the others. */
export function tellOthers(db: Db, topic: string): void {
  byDb.get(db)?.tell(topic);
}

export function registerNotices(db: Db, notices: Notices): Notices {
  byDb.set(db, notices);
  return notices;
}

/** PGlite: the only process there is. */
export const noNotices: Notices = {
  tell: () => undefined,
  follow: async () => undefined,
  close: async () => undefined,
};

/** Notices through `pool` (sending) and one connection of their own (listening, opened on the first `follow`). */
export function postgresNotices(pool: Pool, connectionString: string): Notices {
  // Per open database, not per process: two openings in one process (tests) hear each other.
  const self = randomUUID();
  const handlers = new Map<string, Array<() => void>>();
  let warn: (message: string, error: unknown) => void = () => undefined;
  let listener: Promise<Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const everyone = () => {
    for (const list of handlers.values()) for (const handler of list) handler();
  };

  async function listen(): Promise<Client> {
    const client = new Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      const [from, topic] = JSON.parse(message.payload) as [string, string];
      if (from === self) return;
      for (const handler of handlers.get(topic) ?? []) handler();
    });
    // A dropped connection: listen again shortly, then tell everyone (notices sent meanwhile are lost).
    const lost = (error: unknown) => {
      if (closed || retry) return;
      warn('notices: listening connection lost; reconnecting', error);
      listener = null;
      retry = setTimeout(() => {
        retry = null;
        listener = listen();
        listener.then(everyone, lost);
      }, RECONNECT_MS);
      retry.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    return client;
  }

  return {
    tell(topic) {
      // Sent after the change committed (callers tell once their write is done); a failure only costs freshness.
      pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify([self, topic])]).catch((error: unknown) => warn('notices: sending failed', error));
    },
    async follow(topic, handler, onWarning) {
      if (onWarning) warn = onWarning;
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      listener ??= listen();
      await listener;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = await listener?.catch(() => null);
      await client?.end().catch(() => undefined);
    },
  };
}
