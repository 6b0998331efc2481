// A small HTTP load generator (autocannon is not installed): keep-alive sockets,
// a closed loop for throughput and an open loop at a fixed rate for latency.
// It only ever talks to 127.0.0.1.
import http from 'node:http';

/** One GET; resolves to its latency in ms (or throws on a non-2xx answer). */
function get(agent, port, path) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: { accept: 'application/json', 'accept-language': 'ru' } }, (res) => {
      res.resume();
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        if (res.statusCode >= 200 && res.statusCode < 300) resolve(ms);
        else reject(new Error(`HTTP ${res.statusCode} for ${path}`));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The first few distinct error messages, so a run says why requests failed. */
function errorLog() {
  const seen = new Map();
  return {
    add(error) {
      const key = String(error?.message ?? error);
      if (seen.size < 5 || seen.has(key)) seen.set(key, (seen.get(key) ?? 0) + 1);
    },
    list: () => [...seen].map(([message, count]) => `${count}× ${message}`),
  };
}

function summary(latencies, errors, seconds, extra = {}) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rps: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
    ...extra,
  };
}

/** `paths` is a list to rotate through, or a function of the request number. */
const pathPicker = (paths) => (typeof paths === 'function' ? paths : (i) => paths[i % paths.length]);

/** As many requests as `connections` sockets can carry for `seconds`. */
export async function closedLoop({ port, paths, connections = 32, seconds = 10 }) {
  const pathAt = pathPicker(paths);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const log = errorLog();
  let errors = 0;
  let next = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const path = pathAt(next++);
        try {
          latencies.push(await get(agent, port, path));
        } catch (error) {
          errors++;
          log.add(error);
        }
      }
    }),
  );
  agent.destroy();
  return summary(latencies, errors, (Date.now() - started) / 1000, { errorMessages: log.list() });
}

/**
 * Requests sent at a fixed rate whatever the answers do (an open loop), so a
 * slow answer cannot hide the queue behind it: latency counts from the moment
 * each request was due. Requests that would exceed `maxInFlight` are counted
 * as dropped (the server could not keep up).
 */
export async function fixedRate({ port, paths, rate = 200, seconds = 10, maxInFlight = 512 }) {
  const pathAt = pathPicker(paths);
  const agent = new http.Agent({ keepAlive: true, maxSockets: maxInFlight });
  const latencies = [];
  const log = errorLog();
  let errors = 0;
  let dropped = 0;
  let inFlight = 0;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= maxInFlight) {
      dropped++;
      continue;
    }
    inFlight++;
    const path = pathAt(i);
    pending.push(
      get(agent, port, path)
        .then(() => latencies.push(performance.now() - due))
        .catch((error) => {
          errors++;
          log.add(error);
        })
        .finally(() => inFlight--),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return summary(latencies, errors, elapsed, { dropped, target: rate, errorMessages: log.list() });
}
