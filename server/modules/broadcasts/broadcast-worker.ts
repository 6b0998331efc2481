import type { FastifyInstance } from 'fastify';
import { deliverNextBatch, type BatchOptions } from './broadcast-delivery';

/** How often each API process looks for broadcasts whose time has come (or that a restart interrupted). */
export const BROADCAST_SWEEP_MS = 5_000;

export interface DrainOptions extends BatchOptions {
  /** Stop after this many batches (tests stop a delivery half-way, as a crash would). */
  maxBatches?: number;
}

/**
 * The background delivery of one API process: a pass delivers batch after batch until nothing is
 * due. It runs on a timer (scheduled broadcasts, and ones a restart left half-sent: their cursor
 * says where to go on) and at once when an admin sends one now. Several processes may run it:
 * each batch locks its broadcast row, so one broadcast is delivered by one process at a time.
 */
export function broadcastWorker(app: FastifyInstance) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain(options: DrainOptions = {}): Promise<number> {
    let batches = 0;
    while (!stopped && (options.maxBatches === undefined || batches < options.maxBatches)) {
      if (!(await deliverNextBatch(app.db, app.publisher, options))) break;
      batches++;
    }
    return batches;
  }

  function kick(): void {
    if (stopped) return;
    if (running) {
      // A pass is under way; it may have looked just before the new one was committed.
      again = true;
      return;
    }
    running = drain()
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'broadcast delivery failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, BROADCAST_SWEEP_MS);
  timer.unref();

  return {
    kick,
    drain,
    /** Finishes the batch in hand (its transaction commits or not at all) and delivers no more. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export type BroadcastWorker = ReturnType<typeof broadcastWorker>;
