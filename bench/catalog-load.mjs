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
 * Requests at `rate` per second overall, spread evenly: autocannon paces a connection by
 * letting it send its quota for the second back to back at each tick, and the ticks of
 * connections made together coincide, so one instance with many connections sends the whole
 * second's requests in one burst. Here `streams` instances of one connection each start
 * 1/streams of a second apart, so the load arrives as a steady stream. Latency is each
 * answer's time from its request (autocannon's own correction for coordinated omission
 * assumes one request per millisecond per connection, which is not this load, so it is off).
 */
export async function fixedRate({ port, paths, rate = 200, seconds = 10, streams = 40 }) {
  const pathAt = pathPicker(paths);
  let next = 0;
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  const perStream = Math.max(1, Math.round(rate / streams));
  const runs = Array.from({ length: streams }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / streams));
    const instance = autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 1,
      duration: seconds,
      overallRate: perStream,
      ignoreCoordinatedOmission: true,
      headers: { accept: 'application/json', 'accept-language': 'ru' },
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathAt(next++) }) }],
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx++;
    });
    const result = await instance;
    errors += result.errors;
    timeouts += result.timeouts;
  });
  await Promise.all(runs);
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
    target: perStream * streams,
  };
}
