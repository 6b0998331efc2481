/**
 * The thread that owns the embedded database (PGLITE_THREAD=worker, see pglite-on-thread.ts): PGlite
 * runs its statements here, in WebAssembly, off the API's thread, so a long statement or a checkpoint
 * no longer holds back every request and realtime event of the API. It answers one request at a time
 * in the order they come; PGlite itself makes statements outside a transaction wait for it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { describeError, type QueryOptions, type ThreadAnswer, type ThreadHello, type ThreadRequest } from './pglite-thread-protocol';
import { sessionSetStatements } from './session-settings';

const port = parentPort!;
const { dataDir } = workerData as { dataDir?: string };

/** Leaves the named types as PostgreSQL wrote them (what drizzle asks for timestamps, dates and intervals). */
const asText = (value: unknown) => value;
const queryOptions = (options: QueryOptions) => ({
  ...(options.rowMode ? { rowMode: options.rowMode } : {}),
  ...(options.rawTypes?.length ? { parsers: Object.fromEntries(options.rawTypes.map((oid) => [oid, asText])) } : {}),
});

/** An open transaction: its statements, and how it ends. */
interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  settled: Promise<void>;
}

async function main(): Promise<void> {
  let pg: PGlite;
  try {
    pg = await PGlite.create({ dataDir, extensions: { pg_trgm } });
    await pg.exec(sessionSetStatements());
  } catch (error) {
    port.postMessage({ ready: false, error: describeError(error) } satisfies ThreadHello);
    return;
  }
  const open = new Map<number, OpenTransaction>();
  const answer = (message: ThreadAnswer) => port.postMessage(message);

  /** Opens a transaction and keeps it open until its `end`; resolves once it has begun. */
  const begin = (txId: number) =>
    new Promise<void>((begun, failed) => {
      const holder = {} as OpenTransaction;
      const ended = new Promise<boolean>((resolve) => (holder.end = resolve));
      let started = false;
      holder.settled = pg
        .transaction(async (tx) => {
          holder.tx = tx;
          open.set(txId, holder);
          started = true;
          begun();
          if (!(await ended)) await tx.rollback();
        })
        .finally(() => open.delete(txId));
      // A failure before it began is the begin's; after, it is the end's (a commit that fails).
      holder.settled.catch((error: unknown) => {
        if (!started) failed(error);
      });
    });

  port.on('message', async (request: ThreadRequest) => {
    try {
      switch (request.op) {
        case 'query': {
          const target = request.txId === undefined ? pg : open.get(request.txId)?.tx;
          if (!target) throw new Error(`transaction ${request.txId} is not open`);
          const { rows, fields, affectedRows } = await target.query(request.text, request.params, queryOptions(request.options));
          answer({ id: request.id, ok: true, result: { rows, fields, affectedRows } });
          return;
        }
        case 'begin':
          await begin(request.txId);
          answer({ id: request.id, ok: true });
          return;
        case 'end': {
          const transaction = open.get(request.txId);
          if (!transaction) throw new Error(`transaction ${request.txId} is not open`);
          transaction.end(request.commit);
          await transaction.settled;
          answer({ id: request.id, ok: true });
          return;
        }
        case 'close':
          await pg.close();
          answer({ id: request.id, ok: true });
          return;
      }
    } catch (error) {
      answer({ id: request.id, ok: false, error: describeError(error) });
    }
  });
  port.postMessage({ ready: true } satisfies ThreadHello);
}

void main();
