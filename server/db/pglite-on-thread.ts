import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { rebuildError, type QueryOptions, type ThreadAnswer, type ThreadCall, type ThreadHello, type ThreadRequest } from './pglite-thread-protocol';

/** A statement's answer as PGlite gives it (what drizzle's PGlite driver and raw-rows read). */
interface Results<Row = unknown> {
  rows: Row[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

/** What drizzle passes as a statement's options: row mode, and parsers that leave some types as text. */
interface DriverQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number | string, unknown>;
}

/** A transaction's side of the client: what drizzle's session calls inside `transaction`. */
export interface ThreadTransaction {
  query(text: string, params?: unknown[], options?: DriverQueryOptions): Promise<Results>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

// Drizzle's parsers for PGlite all return the text as it is (timestamps, dates, intervals and their
// arrays): across the thread only their type ids travel, and the thread leaves those types as text.
const optionsOf = (options?: DriverQueryOptions): QueryOptions => ({
  rowMode: options?.rowMode,
  rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
});

/**
 * The thread's entry: the compiled file in dist/, or, when the API runs from the sources (tests, benches),
 * the source compiled on the fly by tsx's CommonJS hook, registered in the thread before it loads.
 */
function startThread(dataDir: string | undefined): Worker {
  const workerData = { dataDir };
  if (!__filename.endsWith('.ts')) return new Worker(path.join(__dirname, 'pglite-thread.js'), { workerData });
  const source = path.join(__dirname, 'pglite-thread.ts');
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, { eval: true, workerData });
}

/**
 * PGlite owned by a worker thread (PGLITE_THREAD=worker), with the part of PGlite's interface the
 * product uses: `query`, `transaction` and `close`. The API's thread only sends statements and reads
 * answers; the WebAssembly database runs on the thread's own core time. Issue 18: on the API's thread,
 * PGlite's CPU per request held back everything else the API does whenever the machine was busy.
 */
export class PGliteOnThread {
  private nextId = 1;
  private nextTx = 1;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (answer: ThreadAnswer) => {
      const pending = this.waiting.get(answer.id);
      if (!pending) return;
      this.waiting.delete(answer.id);
      if (answer.ok) pending.resolve(answer.result);
      else pending.reject(rebuildError(answer.error));
    });
    // The thread gone (a crash, out of memory) fails every statement waiting and every later one.
    const fail = (error: Error) => {
      this.failure = error;
      for (const pending of this.waiting.values()) pending.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in it (`dataDir` undefined: in memory). */
  static async create(dataDir: string | undefined): Promise<PGliteOnThread> {
    const worker = startThread(dataDir);
    const hello = await new Promise<ThreadHello>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (!hello.ready) {
      await worker.terminate();
      throw rebuildError(hello.error);
    }
    return new PGliteOnThread(worker);
  }

  private send<T>(request: ThreadCall): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id } as ThreadRequest);
    });
  }

  query<Row = unknown>(text: string, params: unknown[] = [], options?: DriverQueryOptions): Promise<Results<Row>> {
    return this.send<Results<Row>>({ op: 'query', text, params, options: optionsOf(options) });
  }

  /** Runs `work` in one transaction on the thread: committed when it returns, rolled back when it throws or asks to. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTx++;
    await this.send({ op: 'begin', txId });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (text, params = [], options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.send<Results>({ op: 'query', text, params, options: optionsOf(options), txId });
      },
      rollback: async () => {
        if (closed) throw new Error('Transaction is closed');
        closed = true;
        await this.send({ op: 'end', txId, commit: false });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.send({ op: 'end', txId, commit: false });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.send({ op: 'end', txId, commit: true });
    }
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' });
    await this.worker.terminate();
  }
}
