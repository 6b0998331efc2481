/**
 * Turns for work done in slices (the products index's searches, the filling of a large match set): one slice runs
 * per turn of the event loop, however many such pieces of work are under way. Each piece pausing on its own
 * `setImmediate` let all of them run a slice before the loop polled again, so with three heavy searches a light
 * request waited three slices at every one of its database round trips; taking turns, it waits one.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function runTurn(): void {
  scheduled = false;
  const next = waiting.shift();
  // Set up before the slice runs: a turn asked for during the check phase comes in the loop's next iteration.
  if (waiting.length) schedule();
  next?.();
}

function schedule(): void {
  scheduled = true;
  setImmediate(runTurn);
}

/** Resolves when it is this work's turn to run its next slice (after the event loop has polled for I/O). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) schedule();
  });
}

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
 * meanwhile; with 0, a turn after every step.
 */
export async function runInSlices<T>(steps: Steps<T>, sliceMs: number): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() < sliceEnd) continue;
    await nextTurn();
    sliceEnd = performance.now() + sliceMs;
  }
}
