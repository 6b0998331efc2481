// The catalog bench's load, driven by autocannon (keep-alive connections, 127.0.0.1 only):
// a closed loop for throughput, and a paced run at a fixed overall rate for latency.
import autocannon from 'autocannon';

/** `paths` is a list to rotate through, or a function of the request number. */
const pathPicker = (paths) => (typeof paths === 'function' ? paths : (i) => paths[i % paths.length]);

function run({ port, paths, connections, seconds, overallRate }) {
  const pathAt = pathPicker(paths);
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    headers: { accept: 'application/json', 'accept-language': 'ru' },
    // A new path for every request (distinct searches must not all hit one cached answer).
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathAt(next++) }) }],
  });
}

function summary(result, extra = {}) {
  const messages = [];
  if (result.non2xx) messages.push(`${result.non2xx}× a non-2xx answer`);
  if (result.errors) messages.push(`${result.errors}× a connection error`);
  if (result.timeouts) messages.push(`${result.timeouts}× no answer within 10 s`);
  return {
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errorMessages: messages,
    ...extra,
  };
}

/** As many requests as `connections` keep-alive connections can carry for `seconds`. */
export async function closedLoop({ port, paths, connections = 32, seconds = 10 }) {
  return summary(await run({ port, paths, connections, seconds }));
}

/**
 * Requests paced at `rate` per second overall, spread over enough connections that a slow
 * answer on one does not hold the pace back; `dropped` is what autocannon gave up on.
 */
export async function fixedRate({ port, paths, rate = 200, seconds = 10, connections = 64 }) {
  const result = await run({ port, paths, connections, seconds, overallRate: rate });
  return summary(result, { dropped: result.timeouts, target: rate });
}
