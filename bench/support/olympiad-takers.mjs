// A driver worker of `npm run bench:olympiad`, forked by bench/olympiad.mjs: it plays its share of the
// participants through the real HTTP API, each on a keep-alive connection of its own as a browser tab
// would be (bench/support/keep-alive-connection.mjs: a lean client, so the driver takes little of the
// CPU the API is measured on), and behaves as the SPA's test session does (src/sagas/test-session-answers.ts):
//
//   the participant starts at a random moment within the start window, then gives an answer every
//   `intervalMs` from its start (the next question each time, the version counting up); given answers
//   wait in a queue, the newest per question, and ONE sender sends them one at a time, oldest first,
//   each with its version. When a save gets no answer (connection refused or reset: the API is down) or
//   a 5xx, the answer stays queued and is sent again after 2 s, then 4, 8… up to 30 s (the SPA's
//   probe), while the participant goes on answering. A 200 acknowledges it; a 409 `attempt_closed`
//   ends the session (answers still queued then were never acknowledged: refused as closed). Past the
//   deadline the tab is left open and keeps answering until the server refuses, so the sweep is what
//   closes the attempt.
//
// Several workers share the participants so the driver's own event loop is not what the latency
// measures (one process sending 2,000 saves/s keeps most of a core busy).
//
// Timing (open-loop.mjs): one sender waiting for each answer is the SPA's behaviour and stays, but a save's
// latency counts from the moment its answer was due (start + n × intervalMs), not from its PUT: an answer queued
// behind a slow save waits as the participant's does, and timing from the PUT (as before) left that wait out.
// A start counts from its scheduled moment.
// Sends more than LATE_MS after due are counted: for the saves, all of them, and apart those whose answer the
// driver's own timer gave late (the driver behind, rather than the server).
//
// IPC: the parent sends `run` ({ ports, testId, participants: [{ index, token }], startAt (epoch ms),
// startWindowMs, intervalMs }) and the worker answers `done` with what happened; `killed` (the fault
// run's SIGKILL is under way) sets apart the answers acknowledged until then.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { keepAliveConnection } from './keep-alive-connection.mjs';
import { answerFor } from './olympiad-answers.mjs';
import { lateness, waitUntil } from './open-loop.mjs';

/** The SPA's probe while the server cannot be reached: first wait and the most it doubles to. */
const PROBE_FIRST_MS = 2000;
const PROBE_MAX_MS = 30_000;
/** The SPA spreads each retry between half and one and a half of the probe (src/sagas/test-session-answers.ts). */
const spread = (ms) => Math.round(ms * (0.5 + Math.random()));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Epoch milliseconds with sub-millisecond precision: comparable between the workers and the parent. */
const clock = () => performance.timeOrigin + performance.now();

/** What a failed request says underneath. */
const failure = (error) => error.code ?? error.message ?? 'network';

async function run({ ports, testId, participants, startAt, startWindowMs, intervalMs }) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  const starts = []; // [doneAt, ms from its scheduled moment]
  const saves = []; // [dueAt, ms from then, status]: status 0 when no answer came (network)
  const startsLate = lateness();
  const savesLate = lateness();
  const givenLate = lateness();
  const errors = {};
  const note = (key) => (errors[key] = (errors[key] ?? 0) + 1);
  const outages = []; // per participant that lost the server: [first failure at, next 200 at or null, ended how]
  let refusedLate = 0;
  let unacknowledgedAtClose = 0;

  await Promise.all(
    participants.map(async ({ index, token }) => {
      const connection = keepAliveConnection(ports[index % ports.length]);
      try {
        const startDue = startAt + Math.random() * startWindowMs;
        // The participant presses Start then: a start tried again after the API came back still counts from it.
        const t0 = await waitUntil(startDue, clock);
        startsLate.note(startDue, clock());
        let attempt = null;
        for (let probe = PROBE_FIRST_MS; !attempt; probe = Math.min(probe * 2, PROBE_MAX_MS)) {
          const started = await connection.request('POST', `/v1/olympiad/tests/${testId}/start`, token).catch((error) => ({ status: failure(error) }));
          // 201 a new attempt; 200 the one already running (a start sent again after the API came back).
          if (started.status === 201 || started.status === 200) {
            starts.push([clock(), clock() - t0]);
            attempt = started.json.data;
          } else if (typeof started.status === 'number' && started.status < 500) {
            return note(`start ${started.status}${started.json?.code ? ` ${started.json.code}` : ''}`);
          } else {
            note(`start ${started.status} (tried again)`);
            await sleep(probe);
          }
        }
        await session(connection, token, attempt);
      } finally {
        connection.close();
      }
    }),
  );

  /** One participant's answers: a giver on the test's rhythm and a sender as the SPA's. */
  async function session(connection, token, attempt) {
    const questions = attempt.questions;
    const startedAt = clock();
    const queue = new Map(); // questionId → { version, answer, givenAt, dueAt }
    let sending = null; // the entry whose PUT is under way
    let closed = false;
    let wake = null;
    const given = () => {
      wake?.();
      wake = null;
    };
    const giver = (async () => {
      for (let n = 1; !closed; n++) {
        const due = startedAt + n * intervalMs;
        let dueAt = await waitUntil(due, clock);
        if (closed) return;
        givenLate.note(due, clock());
        const question = questions[(n - 1) % questions.length];
        // An answer to this question still queued (not under way, not acknowledged) is replaced: the participant has waited since it was due.
        const unsent = queue.get(question.id);
        if (unsent && unsent !== sending) dueAt = Math.min(dueAt, unsent.dueAt);
        queue.set(question.id, { version: n, answer: answerFor(question, n), givenAt: clock(), dueAt });
        given();
      }
    })();

    let probe = PROBE_FIRST_MS;
    let outage = null;
    while (!closed) {
      if (!queue.size) {
        await new Promise((resolve) => (wake = resolve));
        continue;
      }
      let questionId = null;
      let entry = null;
      for (const [id, queued] of queue) if (!entry || queued.givenAt < entry.givenAt) [questionId, entry] = [id, queued];
      const sentAt = clock();
      savesLate.note(entry.dueAt, sentAt);
      sending = entry;
      const res = await connection.request('PUT', `/v1/olympiad/attempts/${attempt.id}/answers/${questionId}`, token, { version: entry.version, answer: entry.answer }).catch(
        (error) => ({ status: 0, reason: failure(error) }),
      );
      sending = null;
      const doneAt = clock();
      saves.push([entry.dueAt, doneAt - entry.dueAt, res.status]);
      if (res.status === 200) {
        const stored = res.json.data;
        acknowledged.set(`${attempt.id}:${questionId}`, [attempt.id, questionId, stored.version, JSON.stringify(stored.answer)]);
        // A newer answer given while this one travelled stays queued.
        if (queue.get(questionId)?.version <= stored.version) queue.delete(questionId);
        if (outage && outage[1] === null) outage[1] = doneAt;
        probe = PROBE_FIRST_MS;
        continue;
      }
      if (res.status === 409 && res.json?.code === 'attempt_closed') {
        closed = true;
        refusedLate++;
        unacknowledgedAtClose += queue.size - 1; // besides the one just refused
        if (outage && outage[1] === null) outage[2] = 'closed';
        break;
      }
      if (res.status === 0 || res.status >= 500) {
        // No answer, or server trouble: keep it queued, try again after the probe (the SPA's `offline`/`transient`).
        note(res.status === 0 ? `save ${res.reason} (sent again)` : `save ${res.status} (sent again)`);
        // The first failure since the last 200 starts an outage; the next 200 ends it.
        if (!outage || outage[1] !== null) outages.push((outage = [sentAt, null, 'resumed']));
        await sleep(spread(probe));
        probe = Math.min(probe * 2, PROBE_MAX_MS);
        continue;
      }
      // Anything else is a refusal the SPA shows and does not send again.
      note(`save ${res.status}${res.json?.code ? ` ${res.json.code}` : ''}`);
      queue.delete(questionId);
    }
    closed = true;
    given();
    await giver;
  }

  loop.disable();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    type: 'done',
    starts,
    saves,
    acknowledged: [...acknowledged.values()],
    acknowledgedBeforeKill: [...(acknowledgedBeforeKill?.values() ?? [])],
    errors,
    outages,
    refusedLate,
    unacknowledgedAtClose,
    late: { starts: startsLate.counted, saves: savesLate.counted, given: givenLate.counted },
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
  };
}

/** The newest answer the server acknowledged (200) of each question: "attemptId:questionId" → [attemptId, questionId, version, answer as JSON]. */
const acknowledged = new Map();
/** The same when the fault run's kill began. */
let acknowledgedBeforeKill = null;

process.on('message', async (message) => {
  if (message.type === 'run') process.send(await run(message));
  else if (message.type === 'killed') acknowledgedBeforeKill = new Map(acknowledged);
  else if (message.type === 'exit') process.exit(0);
});
process.send({ type: 'started' });
