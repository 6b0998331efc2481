export interface GroupedCallsOptions {
  /** Items per call at most. */
  maxBatch?: number;
  /** Calls under way at once; items arriving meanwhile wait for the next one. */
  concurrency?: number;
}

/** Takes a batch of items and gives each item's outcome, in the same order. */
export type BatchCall<Item, Outcome> = (items: Item[]) => Promise<Outcome[]>;

interface Pending<Item, Outcome> {
  item: Item;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit in general. When many requests need the same statement at once, each sent alone
 * costs a round trip and a pooled connection; here the items that arrive while a call is under
 * way (or in the same turn of the event loop) go out together as ONE call, and each caller gets
 * its own item's outcome once that call is done. With nothing under way an item goes out at
 * once, alone. A call that fails is retried item by item, so one bad item fails only itself.
 */
export function groupedCalls<Item, Outcome>(call: BatchCall<Item, Outcome>, { maxBatch = 500, concurrency = 2 }: GroupedCallsOptions = {}): (item: Item) => Promise<Outcome> {
  let queue: Array<Pending<Item, Outcome>> = [];
  let running = 0;
  let scheduled = false;

  async function flush(batch: Array<Pending<Item, Outcome>>) {
    try {
      const outcomes = await call(batch.map((pending) => pending.item));
      batch.forEach((pending, index) => pending.resolve(outcomes[index]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      for (const pending of batch) {
        try {
          pending.resolve((await call([pending.item]))[0]);
        } catch (alone) {
          pending.reject(alone);
        }
      }
    }
  }

  function pump() {
    scheduled = false;
    while (running < concurrency && queue.length) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch);
      running++;
      void flush(batch).finally(() => {
        running--;
        schedule();
      });
    }
  }

  // After the current turn of the event loop: the requests read in it join the same call.
  function schedule() {
    if (scheduled || running >= concurrency || !queue.length) return;
    scheduled = true;
    setImmediate(pump);
  }

  return (item) =>
    new Promise<Outcome>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
