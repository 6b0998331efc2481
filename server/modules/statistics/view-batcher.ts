import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { utcDay } from '../../../shared/validation/statistics-range';
import { countPendingOrders } from './order-stats';
import { countViews, pruneViewers, type QueuedView } from './view-counter';

/** How often queued views and pending orders are counted. */
export const VIEW_FLUSH_INTERVAL_MS = 1_000;
/** How often item_viewers loses its old days (from the same loop). */
const PRUNE_INTERVAL_MS = 10 * 60_000;
/** Views waiting at most: past it the endpoint answers 429 (the SPA keeps its batch and tries later). */
export const VIEW_QUEUE_MAX = 200_000;

export interface ViewBatcher {
  /** Queues views; false when the queue is full. Never touches the database. */
  add(views: QueuedView[]): boolean;
  /** Counts everything queued so far, views and pending orders (the loop's tick; tests and the bench call it to wait); returns the views counted. */
  flush(): Promise<number>;
  start(): void;
  /** Stops the loop and counts what is left: no view is lost when the app closes. */
  stop(): Promise<void>;
  readonly pending: number;
}

/**
 * The view intake off the request path: POST /v1/statistics/views only checks and queues, and
 * this loop counts the queue every second in a few statements (view-counter.ts); on the same
 * tick it adds up the orders checkouts appended to order_stats_pending (order-stats.ts). A view is
 * stamped with its day when it arrives, so a flush just after midnight counts it on its own day.
 * Should a flush fail (the database away), its views go back to the queue for the next tick.
 */
export function viewBatcher(db: Db, log: FastifyBaseLogger, now: () => Date = () => new Date()): ViewBatcher {
  let queue: QueuedView[] = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let prunedAt = 0;

  const flushOnce = async (): Promise<number> => {
    const batch = queue;
    queue = [];
    if (Date.now() - prunedAt > PRUNE_INTERVAL_MS) {
      prunedAt = Date.now();
      await pruneViewers(db, utcDay(now()));
    }
    let counted = 0;
    if (batch.length) {
      try {
        counted = await countViews(db, batch);
      } catch (err) {
        queue = batch.concat(queue);
        throw err;
      }
    }
    // The orders checkouts appended (order-stats.ts), by any node: they wait in the database, not here.
    await countPendingOrders(db);
    return counted;
  };

  const flush = async (): Promise<number> => {
    // One flush at a time; a flush asked for while one runs waits for it and then counts the rest.
    while (running) await running.catch(() => 0);
    running = flushOnce();
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  return {
    add(views) {
      if (queue.length + views.length > VIEW_QUEUE_MAX) return false;
      for (const v of views) queue.push(v);
      return true;
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        flush().catch((err: unknown) => log.error({ err }, 'statistics counting failed; the views and orders stay queued'));
      }, VIEW_FLUSH_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    get pending() {
      return queue.length;
    },
  };
}
