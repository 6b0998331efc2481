/**
 * Turns for work done in slices (the products index's searches, the filling of a large match set, the answer over
 * it): one slice runs per turn of the event loop, however many such pieces of work are under way. Each piece
 * pausing on its own `setImmediate` let all of them run a slice before the loop polled again, so with three heavy
 * searches a light request waited three slices at every one of its database round trips; taking turns, it waits one.
 *
 * Work that has run HEAVY_AFTER_MS in slices is heavy, and its turns wait while a request is being answered that is
 * not itself waiting for a turn. Such work is the few searches matching a fifth of the catalogue (100 ms of the
 * thread), and the requests arriving meanwhile had shared the thread with them, two or three times slower: the
 * bench's p99 was theirs (without those 0.8 % of texts, 13 ms against 55–78 on one process at 100 req/s). So heavy
 * work runs in the gaps between other requests, and after MAX_DEFER_MS at the latest, so that it finishes under any
 * load (a slow upload in flight must not stop it). Work not yet heavy takes its turns as before: a search of a few
 * milliseconds is not held back behind every request.
 */
interface Waiter {
  resume: () => void;
  since: number;
}

/** Turns asked for by work not (yet) heavy, and by heavy work. */
const waiting: Waiter[] = [];
const heavy: Waiter[] = [];
let scheduled = false;
let deferred: ReturnType<typeof setTimeout> | null = null;
/** Requests being answered (counted by plugins/requests-in-flight.ts). */
let requestsInFlight = 0;

/** Work in slices is heavy once its slices have run this long. */
export const HEAVY_AFTER_MS = 4;
/** The longest a heavy piece of work waits for the requests being answered before it runs a slice anyway. */
export const MAX_DEFER_MS = 10;

/** Whether heavy work may run a slice now: every request being answered is waiting for a turn, or it waited enough. */
function heavyMayRun(now: number): boolean {
  return requestsInFlight <= waiting.length + heavy.length || now - heavy[0].since >= MAX_DEFER_MS;
}

function runTurn(): void {
  scheduled = false;
  let next = waiting.shift();
  if (!next && heavy.length) {
    const now = performance.now();
    if (heavyMayRun(now)) next = heavy.shift();
    else {
      // Woken by the end of a request (requestEnded), or by this timer at the latest.
      deferred ??= setTimeout(
        () => {
          deferred = null;
          if (!scheduled) schedule();
        },
        Math.max(0, heavy[0].since + MAX_DEFER_MS - now),
      );
      return;
    }
  }
  // Set up before the slice runs: a turn asked for during the check phase comes in the loop's next iteration.
  if (waiting.length || heavy.length) schedule();
  next?.resume();
}

function schedule(): void {
  scheduled = true;
  setImmediate(runTurn);
}

/**
 * Resolves when it is this work's turn to run its next slice (after the event loop has polled for I/O); a heavy
 * piece of work's turn waits for the requests being answered too.
 */
export function nextTurn(isHeavy = false): Promise<void> {
  return new Promise((resume) => {
    (isHeavy ? heavy : waiting).push({ resume, since: performance.now() });
    if (!scheduled) schedule();
  });
}

/** A request is being answered: heavy work's turns wait for it (plugins/requests-in-flight.ts). */
export function requestBegan(): void {
  requestsInFlight++;
}

/** A request was answered (or its client went away). */
export function requestEnded(): void {
  requestsInFlight--;
  if (heavy.length && !scheduled) schedule();
}

/** How many requests are being answered now. */
export const requestsBeingAnswered = (): number => requestsInFlight;

/**
 * How long work in slices runs before it lets other work in. A light request waits up to a slice at each of its
 * round trips while a heavy search runs: paced at 150 req/s on one process, the p99 was lower with 1 ms than with
 * 4 in each of three alternating pairs (182/216, 147/151, 77/167 ms; README).
 */
export const SLICE_MS = 1;

/** Work that pauses (`yield`) where it may be interrupted, and returns a T at its end. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` through without pausing. */
export function runToEnd<T>(steps: Steps<T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs `steps` in slices of about `sliceMs`, taking a turn (nextTurn) between slices so that other work runs
 * meanwhile; with 0, a turn after every step. Once its slices have run HEAVY_AFTER_MS, its turns are heavy ones.
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs: number): Promise<T> {
  let ran = 0;
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    const now = performance.now();
    if (now < sliceStart + sliceMs) continue;
    ran += now - sliceStart;
    await nextTurn(ran >= HEAVY_AFTER_MS);
    sliceStart = performance.now();
  }
}
