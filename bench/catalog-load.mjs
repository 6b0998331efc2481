// The catalog bench's load, driven by autocannon (keep-alive connections, 127.0.0.1 only):
// a closed loop for throughput, and a paced run at a fixed overall rate for latency. Both spread
// their connections evenly over `ports` (one API process each), as a round-robin balancer would.
import autocannon from 'autocannon';

/** `paths` is a list to rotate through, or a function of the request number. */
const pathPicker = (paths) => (typeof paths === 'function' ? paths : (i) => paths[i % paths.length]);

/**
 * Every answer's latency and the failures of a set of autocannon instances, so that instances on
 * several ports report one distribution (percentiles of percentiles would not be the run's).
 */
function tally() {
  const latencies = [];
  let errors = 0;
  let timeouts = 0;
  let non2xx = 0;
  return {
    watch(instance) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        latencies.push(responseTime);
        if (statusCode < 200 || statusCode > 299) non2xx++;
      });
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
    headers: { accept: 'application/json', 'accept-language': 'ru' },
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
 * Requests at `rate` per second overall, spread evenly: autocannon paces a connection by
 * letting it send its quota for the second back to back at each tick, and the ticks of
 * connections made together coincide, so one instance with many connections sends the whole
 * second's requests in one burst. Here `streams` instances of one connection each start
 * 1/streams of a second apart (taking the ports in turn), so the load arrives as a steady stream. Latency is each
 * answer's time from its request (autocannon's own correction for coordinated omission
 * assumes one request per millisecond per connection, which is not this load, so it is off).
 */
export async function fixedRate({ ports, paths, rate = 200, seconds = 10, streams = 40 }) {
  const pick = pathPicker(paths);
  let next = 0;
  const counted = tally();
  const perStream = Math.max(1, Math.round(rate / streams));
  const runs = Array.from({ length: streams }, async (_, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / streams));
    const instance = instanceOn(ports[i % ports.length], () => pick(next++), {
      connections: 1,
      duration: seconds,
      overallRate: perStream,
      ignoreCoordinatedOmission: true,
    });
    counted.watch(instance);
    counted.add(await instance);
  });
  await Promise.all(runs);
  return counted.summary(seconds, { target: perStream * streams });
}
