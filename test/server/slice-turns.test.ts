import Fastify from 'fastify';
import requestsInFlight from '../../server/plugins/requests-in-flight';
import { HEAVY_AFTER_MS, MAX_DEFER_MS, requestBegan, requestEnded, requestsBeingAnswered, runInSlices, type Steps } from '../../server/lib/slice-turns';

/**
 * Work of `count` steps, pausing after each, that writes where it is into `log` and when each step ended into
 * `ends`; its first two steps take `stepMs` each, the others no time.
 */
function* work(log: string[], count: number, stepMs = 0, ends: number[] = []): Steps<number> {
  for (let step = 1; step <= count; step++) {
    log.push(`W${step}`);
    const end = performance.now() + (step <= 2 ? stepMs : 0);
    while (performance.now() < end);
    ends[step] = performance.now();
    yield;
  }
  return count;
}

/** Steps long enough that the work turns heavy after its second. */
const HALF_HEAVY = HEAVY_AFTER_MS / 2 + 0.1;

/** A request's own work: `count` callbacks one after another, as its round trips come back. */
const requestWork = (log: string[], count: number) =>
  new Promise<void>((done) => {
    let left = count;
    const next = () => {
      log.push('R');
      if (--left === 0) done();
      else setImmediate(next);
    };
    setImmediate(next);
  });

/** Runs `steps` in slices as a request's handler does: counted as a request being answered until it ends. */
async function asRequest<T>(steps: Steps<T>): Promise<T> {
  requestBegan();
  try {
    return await runInSlices(steps, 0);
  } finally {
    requestEnded();
  }
}

test("a request's heavy work in slices waits for the turns of another request being answered, and runs when it is answered", async () => {
  const log: string[] = [];
  const ends: number[] = [];
  let answeredAt = 0;
  requestBegan();
  const request = requestWork(log, 20).then(() => {
    answeredAt = performance.now();
    log.push('answered');
    requestEnded();
  });
  const result = await asRequest(work(log, 4, HALF_HEAVY, ends));
  await request;
  expect(result).toBe(4);
  expect(log.filter((entry) => entry === 'R')).toHaveLength(20);
  expect(requestsBeingAnswered()).toBe(0);
  // Its first two slices take their turns among the other request's callbacks; heavy then, the rest wait for the
  // answer, unless this process was held up past MAX_DEFER_MS meanwhile (a loaded machine), when one may run first.
  expect(log.indexOf('W2')).toBeLessThan(log.indexOf('answered'));
  if (answeredAt - ends[2] < MAX_DEFER_MS) expect(log.slice(log.indexOf('answered'))).toEqual(['answered', 'W3', 'W4']);
});

test('work not yet heavy takes its turns among the callbacks of a request being answered', async () => {
  const log: string[] = [];
  requestBegan();
  const request = requestWork(log, 5).then(() => {
    log.push('answered');
    requestEnded();
  });
  await asRequest(work(log, 3));
  await request;
  expect(log.indexOf('W3')).toBeLessThan(log.indexOf('answered'));
});

test('with no other request being answered the turns interleave with other callbacks, as before', async () => {
  const log: string[] = [];
  const other = requestWork(log, 3);
  await asRequest(work(log, 3));
  await other;
  expect(log.indexOf('W2')).toBeLessThan(log.lastIndexOf('R'));
});

test('a request that is never answered holds each heavy turn back MAX_DEFER_MS at most, so the work still finishes', async () => {
  const log: string[] = [];
  requestBegan();
  try {
    const started = performance.now();
    expect(await asRequest(work(log, 5, HALF_HEAVY))).toBe(5);
    // Three heavy turns after the first two slices, each deferred to the limit (timers fire no earlier than asked).
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * MAX_DEFER_MS - 1);
  } finally {
    requestEnded();
  }
});

test('the app counts each request until its response closes: answered, not found, failed or abandoned by its client', async () => {
  // Closing does not wait for the abandoned request's socket.
  const app = Fastify({ forceCloseConnections: true });
  await app.register(requestsInFlight);
  let release: () => void = () => undefined;
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  app.get('/held', () => new Promise((resolve) => (release = () => resolve({ ok: true }))));
  await app.inject('/ok');
  await app.inject('/missing');
  await app.inject('/fails');
  expect(requestsBeingAnswered()).toBe(0);

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const aborted = new AbortController();
  const held = fetch(`http://127.0.0.1:${address.port}/held`, { signal: aborted.signal }).catch(() => 'abandoned');
  await waitFor(() => requestsBeingAnswered() === 1);
  aborted.abort();
  expect(await held).toBe('abandoned');
  // The handler has not returned yet: its client is gone, so nothing waits for it any more.
  await waitFor(() => requestsBeingAnswered() === 0);
  release();
  await app.close();
});

/** Polls `fact` every turn of the event loop until it holds. */
async function waitFor(fact: () => boolean): Promise<void> {
  while (!fact()) await new Promise((resolve) => setImmediate(resolve));
}
