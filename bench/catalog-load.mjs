// The catalog bench's load, driven by autocannon (keep-alive connections, 127.0.0.1 only):
// a closed loop for throughput; and a paced run at a fixed overall rate for latency, open-loop (each request sent
// when due, answered or not). Both spread their requests evenly over `ports` (one API process each), as a
// round-robin balancer would.
import http from 'node:http';
import autocannon from 'autocannon';
import { waitUntil } from './support/open-loop.mjs';

/** `paths` is a list to rotate through, or a function of the request number. */
const pathPicker = (paths) => (typeof paths === 'function' ? paths : (i) => paths[i % paths.length]);

/** What every request of a run asks for: JSON, in Russian. */
const HEADERS = { accept: 'application/json', 'accept-language': 'ru' };

/**
 * Every answer's latency and the failures of a run, so that requests on several ports report one distribution
 * (percentiles of percentiles would not be the run's): fed by autocannon instances (`watch`, `add`) or answer by
 * answer (`answered`, `failed`).
 */
function tally() {
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const answered = (latency, statusCode) => {
    latencies.push(latency);
    if (statusCode < 200 || statusCode > 299) non2xx++;
  };
  return {
    answered,
    /** A request that got no answer: within 10 s (`timedOut`) or none at all. */
    failed(timedOut) {
      if (timedOut) timeouts++;
      else errors++;
    },
    watch(instance) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => answered(responseTime, statusCode));
    },
    add(result) {
      errors += result.errors;
      timeouts += result.timeouts;
    },
    summary(seconds, extra = {}) {
      latencies.sort((a, b) => a - b);
      const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
      const messages = [];
      if (non2xx) messages.push(`${non2xx}× a non-2xx answer`);
      if (errors) messages.push(`${errors}× a connection error`);
      if (timeouts) messages.push(`${timeouts}× no answer within 10 s`);
      return {
        requests: latencies.length,
        errors: errors + non2xx + timeouts,
        rps: latencies.length / seconds,
        p50: at(0.5),
        p99: at(0.99),
        max: latencies.at(-1) ?? NaN,
        errorMessages: messages,
        dropped: timeouts,
        ...extra,
      };
    },
  };
}

function instanceOn(port, pathAt, options) {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    headers: HEADERS,
    // A new path for every request (distinct searches must not all hit one cached answer).
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathAt() }) }],
    ...options,
  });
}

/** As many requests as `connections` keep-alive connections, spread over `ports`, can carry for `seconds`. */
export async function closedLoop({ ports, paths, connections = 32, seconds = 10 }) {
  const pick = pathPicker(paths);
  let next = 0;
  const counted = tally();
  await Promise.all(
    ports.map(async (port, i) => {
      const share = Math.floor(connections / ports.length) + (i < connections % ports.length ? 1 : 0);
      const instance = instanceOn(port, () => pick(next++), { connections: share, duration: seconds });
      counted.watch(instance);
      counted.add(await instance);
    }),
  );
  return counted.summary(seconds);
}

/**
 * Resolves once every server answers its health check (a round trip to the database too) within `withinMs`, `times`
 * rounds in a row, or after `deadlineMs` whatever they answer. A flat-out run ends with
 * requests still queued in the servers and the database: a paced run started at once measured their backlog in its
 * first few hundred milliseconds (session 19: the 40 slowest requests of a paced run were all due in its first 0.4 s).
 */
export async function settle({ ports, withinMs = 10, times = 5, deadlineMs = 15_000 }) {
  const started = performance.now();
  const agent = new http.Agent({ keepAlive: true });
  const probe = (port) =>
    new Promise((resolve) => {
      const sent = performance.now();
      http
        .get({ host: '127.0.0.1', port, path: '/health', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(performance.now() - sent));
        })
        .on('error', () => resolve(Infinity));
    });
  let calm = 0;
  while (calm < times && performance.now() - started < deadlineMs) {
    const slowest = Math.max(...(await Promise.all(ports.map(probe))));
    calm = slowest <= withinMs ? calm + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  agent.destroy();
}

/**
 * Requests at `rate` per second overall, each sent at its own moment (request i at i / rate seconds) whether or
 * not earlier ones have been answered, taking the ports in turn, over as many keep-alive connections as are
 * needed at once. Latency is each answer's time from the moment its request was due: a server that stalls is
 * charged for every request that arrives meanwhile. (Until session 15 this was 40 autocannon connections of 5
 * requests a second each: a connection waiting for an answer sent nothing more, so a stall delayed the requests
 * due meanwhile without their wait being counted, which kept the p99 well under the truth.)
 */
export async function fixedRate({ ports, paths, rate = 200, seconds = 10 }) {
  const pick = pathPicker(paths);
  const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }));
  const counted = tally();
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const due = (i) => start + (i * 1000) / rate;
  const answers = [];
  // BENCH_SLOWEST=n prints the n slowest requests of the run, with when they were due and where they went: what sets the tail.
  const slowest = Number(process.env.BENCH_SLOWEST || 0);
  const timings = [];
  for (let i = 0; i < total; i++) {
    // Latency runs from the moment it is due (a timer fired late counts against the server).
    const at = await waitUntil(due(i), () => performance.now());
    // Taken once: a path function may hand out a new text on every call.
    const path = pick(i);
    answers.push(
      new Promise((resolve) => {
        let timedOut = false;
        const request = http.get(
          { host: '127.0.0.1', port: ports[i % ports.length], path, agent: agents[i % ports.length], headers: HEADERS, timeout: 10_000 },
          (response) => {
            response.resume();
            response.on('end', () => {
              counted.answered(performance.now() - at, response.statusCode);
              if (slowest) timings.push({ i, due: (at - start) / 1000, ms: performance.now() - at, port: ports[i % ports.length], path: decodeURIComponent(path) });
              resolve();
            });
          },
        );
        request.on('timeout', () => {
          timedOut = true;
          request.destroy();
        });
        request.on('error', () => {
          counted.failed(timedOut);
          resolve();
        });
      }),
    );
  }
  await Promise.all(answers);
  for (const agent of agents) agent.destroy();
  for (const t of timings.sort((a, b) => b.ms - a.ms).slice(0, slowest)) {
    console.log(`    ${t.ms.toFixed(1).padStart(7)} ms  #${t.i} due ${t.due.toFixed(2)} s  :${t.port}  ${t.path}`);
  }
  return counted.summary(seconds, { target: total / seconds });
}
