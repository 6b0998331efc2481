// npm run bench:chat — chats and the support console under load (issue 5, item 6).
//
// For each database (a throwaway PostgreSQL 15 cluster, then PGlite) the product runs as `npm start`
// runs it: the API in one process (bench/chat-server.ts, from the sources) and our realtime server
// (server/realtime/main.ts → startRealtimeServer) in another; this process plays every person
// through the real HTTP API and pusher-js websockets:
//
//   chat clients   (BENCH_CLIENTS, 500): 4 in 5 chat in buyer–seller pairs (POST /v1/messages into
//                  their chat), 1 in 5 write to support (POST /v1/support/messages); each sends about
//                  once per BENCH_INTERVAL_MS (5000, ±50 %) and listens on its private-user channel,
//                  authorized at POST /broadcasting/auth with its bearer token. Open-loop, as a chat is
//                  (the app does not wait for a message's answer before the next can be sent): each
//                  message is due an interval after the previous one was due, not after it was answered.
//   agents         (BENCH_AGENTS, 20): listen on private-support; each is assigned an equal share of
//                  the support conversations and answers every customer message after 0.2–0.8 s
//                  (POST /v1/support/conversations/{id}/messages), which the customer receives as MessageSent.
//
// For BENCH_SECONDS (60) of sending it counts messages/s, send-to-receive latency (from the moment the
// message was due, its POST sent then, to the moment pusher-js hands the event to the intended recipient;
// one clock, this process; sends the clients themselves got out late are counted and printed) and
// messages lost (answered 201 but never received within 10 s after the end). Then it
// seeds a chat of BENCH_LONG_CHAT (10,000) messages and times opening it: the first page
// (GET /v1/chats/{id}/messages, 30 messages) cold and warm, and a page from the middle of the history.
//
// Targets (the issue): none lost; p99 under 150 ms on PostgreSQL; first page under 100 ms.
// BENCH_API_NODES (1) the process counts to compare, comma-separated: 1,2 runs on one API process and one
// realtime server, then on two API processes and two realtime nodes sharing PostgreSQL and one Redis (the
// README's several nodes), each person's HTTP and socket spread over them (bench/support/nodes.mjs) so that
// messages cross nodes through Redis, and prints both side by side; several processes run on PostgreSQL only.
// Every run checks that each acknowledged message reached its receiver exactly once (none lost, none twice).
// BENCH_BACKENDS=postgres,pglite picks the databases; BENCH_SERVER_PROFILE=<dir> writes the server's CPU profile there. A bench, not a test: it exits 1 only when
// something broke (a run, or a message lost); a missed speed target is NOT MET and exits 0.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import PusherJs from 'pusher-js';
import { startPgCluster } from '../scripts/pg-test-cluster.mjs';
import { forkBenchServer } from './support/bench-server.mjs';
import { benchBackends, benchNodeCounts, envInt, ONE_MACHINE_REALTIME_ENV } from './support/bench-env.mjs';
import { nodesLabel, spreadOver, startRedis } from './support/nodes.mjs';
import { backgroundLoadNote, busyShare, startBackgroundLoad, waitForQuiet } from './support/machine.mjs';
import { cpuTicks } from './support/processes.mjs';
import { INTEGRITY, reportTargets } from './support/backends.mjs';
import { lateness, lateNote, waitUntil } from './support/open-loop.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SECONDS = envInt('BENCH_SECONDS', 60);
const CLIENTS = envInt('BENCH_CLIENTS', 500);
const AGENTS = envInt('BENCH_AGENTS', 20);
const INTERVAL_MS = envInt('BENCH_INTERVAL_MS', 5000);
const LONG_CHAT = envInt('BENCH_LONG_CHAT', 10_000);
const BACKENDS = benchBackends();
const NODE_COUNTS = benchNodeCounts('1');
const QUIET_WAIT_S = Number(process.env.BENCH_QUIET_WAIT ?? 120);
const GRACE_MS = 10_000;
const TARGET_P99_MS = 150;
const TARGET_FIRST_PAGE_MS = 100;

const WINDOW_S = 10;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.now();
const between = (low, high) => low + Math.random() * (high - low);
const percentile = (values, p) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => (Number.isNaN(value) ? '—' : `${value.toFixed(1)} ms`);
/** p99 of the messages due in each WINDOW_S of the measured time, in order. */
function latenciesByWindow(samples, started, ended) {
  const windows = Array.from({ length: Math.ceil((ended - started) / (WINDOW_S * 1000)) }, () => []);
  for (const [dueAt, latency] of samples) windows[Math.min(windows.length - 1, Math.floor((dueAt - started) / (WINDOW_S * 1000)))]?.push(latency);
  return windows.map((values) => ms(percentile(values, 99))).join(', ');
}
const PHRASES = ['Здравствуйте!', 'Товар ещё в наличии?', 'Когда сможете доставить?', 'Спасибо, жду.', 'Можно оплатить картой при получении?', 'Отправил фото.'];
const text = (i) => `${PHRASES[i % PHRASES.length]} ${'подробности '.repeat(Math.floor(between(0, 12)))}#${i}`;

/** CPU seconds used so far by a process and its children (PostgreSQL's backends), from /proc. */
function treeCpuSeconds(rootPid) {
  if (!rootPid) return 0;
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // The root also carries what its ended children used (cutime, cstime): backends come and go.
      if (Number(name) === rootPid) ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      else if (Number(fields[1]) === rootPid) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}

const PUSHER_APP = { PUSHER_APP_ID: 'bench-app', PUSHER_APP_KEY: 'bench-key', PUSHER_APP_SECRET: 'bench-secret' };
/** Everything started here, stopped on the way out, Ctrl-C included. */
const cleanups = new Set();
/** The running database's files, removed after everything has stopped. */
let dataDir = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await Promise.allSettled([...cleanups].map((stop) => stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(130);
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** CPU seconds a process has used so far (/proc). */
function processCpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Our realtime server in a process of its own, as `npm start` runs it; one of several sharing `redisUrl` when given. */
async function startRealtime(redisUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/realtime/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...PUSHER_APP, ...ONE_MACHINE_REALTIME_ENV, REALTIME_HOST: '127.0.0.1', REALTIME_PORT: String(port), REALTIME_ACTIVITY_TIMEOUT: '60', LOG_LEVEL: 'error', REDIS_URL: redisUrl ?? '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    })());
  cleanups.add(stop);
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) throw new Error(`realtime server exited (${child.exitCode})`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('realtime server did not start');
    await sleep(200);
  }
  return { port, pid: child.pid, stop };
}

/** The API child (bench/support/bench-server.mjs). */
const startServer = (env) => forkBenchServer('bench/chat-server.ts', { ...PUSHER_APP, ...env }, cleanups);

/** Every API process's `usage` as one: CPU and memory summed, the worst event-loop delay. */
async function usageOf(apis) {
  const all = await Promise.all(apis.map((api) => api.ask({ type: 'usage' }, 'usage')));
  return {
    cpuSeconds: all.reduce((sum, u) => sum + u.cpuSeconds, 0),
    rssMiB: all.reduce((sum, u) => sum + u.rssMiB, 0),
    loopDelayP99Ms: Math.max(...all.map((u) => u.loopDelayP99Ms)),
    loopDelayMaxMs: Math.max(...all.map((u) => u.loopDelayMaxMs)),
  };
}

/**
 * One bench run against one database on `nodes` API processes, each publishing to a realtime node of its own
 * (several share one Redis; the first process seeds, the others are replicas); returns its figures.
 */
async function run(label, serverEnv, databasePid = 0, nodes = 1) {
  const redis = nodes > 1 ? await startRedis(cleanups) : null;
  const realtimes = await Promise.all(Array.from({ length: nodes }, () => startRealtime(redis?.url)));
  const nodeEnv = (i) => ({ ...serverEnv, BENCH_PUSHER_PORT: String(realtimes[i].port), BENCH_REDIS_URL: redis?.url ?? '' });
  const server = await startServer(nodeEnv(0));
  const apis = [server];
  for (let i = 1; i < nodes; i++) apis.push(await startServer({ ...nodeEnv(i), BENCH_ROLE: 'replica' }));
  const key = PUSHER_APP.PUSHER_APP_KEY;
  const sockets = [];
  const ipOf = (i) => `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  // Each person talks to one API process and keeps a socket on one realtime node, as a balancer spreads them.
  const placed = (p, i) => {
    const spread = spreadOver(i, nodes);
    return { ...p, ip: ipOf(i), api: `http://127.0.0.1:${apis[spread.api].apiPort}`, apiNode: spread.api, wsPort: realtimes[spread.realtime].port, realtimeNode: spread.realtime };
  };
  const people = [...server.clients.map((p, i) => placed(p, i)), ...server.agents.map((p, i) => placed(p, CLIENTS + i))];
  /** Each person's realtime node: a message sent through another node's API process crosses nodes through Redis. */
  const realtimeNodeOf = new Map(people.map((p) => [p.id, p.realtimeNode]));
  let crossed = 0;
  const clients = people.slice(0, CLIENTS);
  const agents = people.slice(CLIENTS);
  const supportCustomers = clients.slice(0, Math.round(CLIENTS / 5));
  const chatters = clients.slice(supportCustomers.length);
  if (chatters.length % 2) supportCustomers.push(chatters.pop());

  const headers = (who) => ({ authorization: `Bearer ${who.token}`, 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': who.ip });
  async function call(method, path, who, body) {
    const res = await fetch(`${who.api}${path}`, { method, headers: headers(who), body: body === undefined ? undefined : JSON.stringify(body) });
    const json = res.status === 204 ? null : await res.json().catch(() => null);
    return { status: res.status, json };
  }

  // ---- what is measured
  const tracked = new Map(); // client_id → { to, dueAt, ackAt?, receivedAt? }
  const latencies = [];
  /** Per kind of message: buyer–seller, customer → agent, agent → customer. */
  const latencyByKind = { chat: [], 'to agent': [], 'to customer': [] };
  /** [due at, latency] of every message received: a tail from one stall shows as one slow window. */
  const latencyByWindow = [];
  const sendLatencies = [];
  const late = lateness();
  const errors = new Map();
  let measuring = false;
  let duplicates = 0;

  function arrived(receiverId, clientId) {
    const record = tracked.get(clientId);
    if (!record || record.to !== receiverId) return;
    if (record.receivedAt !== undefined) {
      duplicates++;
      return;
    }
    record.receivedAt = performance.now();
    if (record.crossed) crossed++;
    latencies.push(record.receivedAt - record.dueAt);
    latencyByKind[record.kind]?.push(record.receivedAt - record.dueAt);
    latencyByWindow.push([record.dueAt, record.receivedAt - record.dueAt]);
  }

  /**
   * Sends one message and tracks it. Its latencies count from `dueAt`, the moment its sender meant to send it:
   * when this process was itself behind, the wait is the person's too (and shows in the late count).
   */
  async function send(path, who, body, to, dueAt = now()) {
    const clientId = randomUUID();
    const kind = path === '/v1/messages' ? 'chat' : path === '/v1/support/messages' ? 'to agent' : 'to customer';
    const record = { to, kind, dueAt, crossed: realtimeNodeOf.get(to) !== who.apiNode };
    const measured = measuring;
    if (measured) tracked.set(clientId, record);
    if (measured) late.note(dueAt, performance.now());
    try {
      const { status, json } = await call('POST', path, who, { ...body, client_id: clientId });
      record.ackAt = performance.now();
      if (status !== 201) {
        tracked.delete(clientId);
        if (measured) errors.set(status, (errors.get(status) ?? 0) + 1);
        return null;
      }
      if (measured) sendLatencies.push(record.ackAt - record.dueAt);
      return json.data;
    } catch (error) {
      tracked.delete(clientId);
      if (measured) errors.set(error.code ?? 'network', (errors.get(error.code ?? 'network') ?? 0) + 1);
      return null;
    }
  }

  // ---- sockets: every person on their own channel, agents also on private-support
  const assignedAgent = new Map(); // conversation id → agent
  const customerOf = new Map(); // conversation id → customer
  let running = false;
  const replies = [];

  function connect(person, channels, bindings) {
    return new Promise((resolve, reject) => {
      const socket = new PusherJs(key, {
        cluster: 'mt1',
        wsHost: '127.0.0.1',
        wsPort: person.wsPort,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          transport: 'ajax',
          endpoint: `${person.api}/broadcasting/auth`,
          customHandler: ({ socketId, channelName }, callback) => {
            call('POST', '/broadcasting/auth', person, { socket_id: socketId, channel_name: channelName })
              .then(({ status, json }) => (status === 200 ? callback(null, json) : callback(new Error(`auth ${status}`), null)))
              .catch((error) => callback(error, null));
          },
        },
      });
      sockets.push(socket);
      let pendingChannels = channels.length;
      const timer = setTimeout(() => reject(new Error(`${person.id}: not subscribed within 30 s`)), 30_000);
      for (const name of channels) {
        const channel = socket.subscribe(name);
        for (const [event, handler] of Object.entries(bindings[name] ?? {})) channel.bind(event, handler);
        channel.bind('pusher:subscription_succeeded', () => {
          if (--pendingChannels === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
        channel.bind('pusher:subscription_error', (error) => {
          clearTimeout(timer);
          reject(new Error(`${person.id} ${name}: ${JSON.stringify(error)}`));
        });
      }
    });
  }

  const onMessageSent = (person) => (data) => arrived(person.id, data?.message?.client_id);
  const onSupportMessage = (agent) => (data) => {
    const { conversation, message } = data ?? {};
    if (!conversation || !message || message.from !== 'customer') return;
    const mine = assignedAgent.get(conversation.id) === agent;
    if (!mine) return;
    arrived(agent.id, message.client_id);
    if (!running) return;
    // A person reads, then answers.
    replies.push(
      waitUntil(now() + between(200, 800), now).then((dueAt) =>
        running ? send(`/v1/support/conversations/${conversation.id}/messages`, agent, { content: `Ответ: ${text(Math.floor(between(0, 1000)))}` }, customerOf.get(conversation.id).id, dueAt) : null,
      ),
    );
  };

  const connectStarted = performance.now();
  const queue = [...people];
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      for (let person = queue.shift(); person; person = queue.shift()) {
        const isAgent = agents.includes(person);
        const channels = [`private-user.${person.id}`, ...(isAgent ? ['private-support'] : [])];
        await connect(person, channels, {
          [`private-user.${person.id}`]: { MessageSent: onMessageSent(person) },
          'private-support': { SupportMessage: onSupportMessage(person) },
        });
      }
    }),
  );
  const connectMs = performance.now() - connectStarted;

  // ---- warm-up (not measured): pairs open their chats, customers open support, agents take them
  const pairs = [];
  for (let i = 0; i < chatters.length; i += 2) pairs.push([chatters[i], chatters[i + 1]]);
  const chatOf = new Map();
  const warm = [...pairs];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let pair = warm.shift(); pair; pair = warm.shift()) {
        const message = await send('/v1/messages', pair[0], { recipient_id: pair[1].id, content: 'Здравствуйте!' }, pair[1].id);
        if (!message) throw new Error('warm-up chat message failed');
        chatOf.set(pair[0], message.chat_id);
        chatOf.set(pair[1], message.chat_id);
      }
    }),
  );
  const conversationOf = new Map();
  const customersLeft = [...supportCustomers];
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let customer = customersLeft.shift(); customer; customer = customersLeft.shift()) {
        const message = await send('/v1/support/messages', customer, { content: 'Здравствуйте, нужна помощь' }, -1);
        if (!message) throw new Error('warm-up support message failed');
        conversationOf.set(customer, message.chat_id);
        customerOf.set(message.chat_id, customer);
      }
    }),
  );
  let k = 0;
  for (const customer of supportCustomers) {
    const agent = agents[k++ % agents.length];
    const conversationId = conversationOf.get(customer);
    const { status } = await call('POST', `/v1/support/conversations/${conversationId}/assign`, agent, { assignee_id: agent.id });
    if (status !== 200) throw new Error(`assign → ${status}`);
    assignedAgent.set(conversationId, agent);
  }
  await sleep(1500);

  // ---- the measured minute
  const quietBefore = await waitForQuiet(QUIET_WAIT_S);
  const stopLoad = await startBackgroundLoad(cleanups);
  const usageBefore = await usageOf(apis);
  const machineBefore = cpuTicks();
  const databaseBefore = treeCpuSeconds(databasePid);
  // The realtime nodes and, with several, the Redis between them.
  const realtimePids = [...realtimes.map((node) => node.pid), ...(redis ? [redis.pid] : [])];
  const realtimeCpuSeconds = () => realtimePids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0);
  const realtimeBefore = realtimeCpuSeconds();
  const driverBefore = process.cpuUsage();
  const driverLoop = monitorEventLoopDelay({ resolution: 10 });
  driverLoop.enable();
  measuring = true;
  running = true;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  /**
   * One person's messages over the measured window, the i-th handed to `sendOne(i, dueAt)` when due: each due
   * a random interval after the previous one was due, sent whether or not that one has been answered. (Waiting
   * for each answer before the next and timing from the POST held back the messages due during a stall and
   * never counted their wait: the p99 read better than what people get.)
   */
  async function messagesOf(sendOne) {
    const sent = [];
    for (let i = 0, due = started + between(0, INTERVAL_MS); due < until; i++, due += between(0.5, 1.5) * INTERVAL_MS) {
      sent.push(sendOne(i, await waitUntil(due, now)));
    }
    await Promise.all(sent);
  }
  const loops = [
    ...pairs.flatMap(([a, b]) => [
      [a, b],
      [b, a],
    ]).map(([me, other]) => messagesOf((i, dueAt) => send('/v1/messages', me, { chat_id: chatOf.get(me), content: text(i) }, other.id, dueAt))),
    ...supportCustomers.map((customer) => {
      const agent = assignedAgent.get(conversationOf.get(customer));
      return messagesOf((i, dueAt) => send('/v1/support/messages', customer, { content: text(i) }, agent.id, dueAt));
    }),
  ];
  await Promise.all(loops);
  running = false;
  await Promise.all(replies);
  const sendingEnded = performance.now();
  const elapsed = (sendingEnded - started) / 1000;
  measuring = false;
  // Deliveries still on their way.
  const missing = () => [...tracked.values()].filter((r) => r.ackAt !== undefined && r.receivedAt === undefined).length;
  const graceEnd = performance.now() + GRACE_MS;
  const machineAfter = cpuTicks();
  await stopLoad();
  const databaseCpu = treeCpuSeconds(databasePid) - databaseBefore;
  const realtimeCpu = realtimeCpuSeconds() - realtimeBefore;
  const driverCpu = process.cpuUsage(driverBefore);
  driverLoop.disable();
  while (missing() > 0 && performance.now() < graceEnd) await sleep(100);
  const usageAfter = await usageOf(apis);
  const acknowledged = [...tracked.values()].filter((r) => r.ackAt !== undefined).length;
  const lost = missing();

  // ---- opening a chat of LONG_CHAT messages
  const [memberA, memberB] = pairs[pairs.length - 1];
  const { chatId } = await server.ask({ type: 'long-chat', size: LONG_CHAT, members: [memberA.id, memberB.id] }, 'long-chat');
  const timed = async (fn) => {
    const t = performance.now();
    const result = await fn();
    return { ms: performance.now() - t, result };
  };
  const firstPage = () => call('GET', `/v1/chats/${chatId}/messages?limit=30`, memberA);
  const cold = await timed(firstPage);
  if (cold.result.status !== 200 || cold.result.json.data.length !== 30) throw new Error(`long chat first page → ${cold.result.status}`);
  const warmPage = [];
  for (let i = 0; i < 30; i++) warmPage.push((await timed(firstPage)).ms);
  const openChat = [];
  for (let i = 0; i < 10; i++) {
    openChat.push((await timed(() => Promise.all([call('GET', `/v1/chats/${chatId}`, memberA), firstPage()]))).ms);
  }
  // A page from the middle, reached by following the cursors: as cheap as the first.
  let cursor = cold.result.json.meta.next_cursor;
  for (let i = 1; i < Math.floor(LONG_CHAT / 30 / 2); i++) cursor = (await call('GET', `/v1/chats/${chatId}/messages?limit=30&before=${cursor}`, memberA)).json.meta.next_cursor;
  const middle = [];
  for (let i = 0; i < 10; i++) {
    const page = await timed(() => call('GET', `/v1/chats/${chatId}/messages?limit=30&before=${cursor}`, memberA));
    if (page.result.status !== 200 || page.result.json.data.length !== 30) throw new Error(`long chat middle page → ${page.result.status}`);
    middle.push(page.ms);
  }

  for (const socket of sockets) socket.disconnect();
  await sleep(300);
  for (const api of apis) await api.stop();
  for (const node of realtimes) await node.stop();
  await redis?.stop();

  const messages = acknowledged;
  return {
    label,
    nodes,
    connectMs,
    elapsed,
    messages,
    perSecond: messages / elapsed,
    lost,
    duplicates,
    crossed,
    errors: Object.fromEntries(errors),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
    byWindow: latenciesByWindow(latencyByWindow, started, sendingEnded),
    byKind: Object.entries(latencyByKind).map(([kind, values]) => `${kind} ${values.length}: p50 ${ms(percentile(values, 50))}, p99 ${ms(percentile(values, 99))}`).join('; '),
    sendP50: percentile(sendLatencies, 50),
    sendP99: percentile(sendLatencies, 99),
    late: { ...late.counted },
    serverCpuMsPerMessage: ((usageAfter.cpuSeconds - usageBefore.cpuSeconds) * 1000) / Math.max(1, messages),
    serverRss: usageAfter.rssMiB,
    serverLoopP99: usageAfter.loopDelayP99Ms,
    serverLoopMax: usageAfter.loopDelayMaxMs,
    driverLoopP99: driverLoop.percentile(99) / 1e6,
    driverLoopMax: driverLoop.max / 1e6,
    // Shares of all cores: the machine as a whole, the server process, this process.
    quietBefore,
    machineBusy: busyShare(machineBefore, machineAfter),
    serverShare: (usageAfter.cpuSeconds - usageBefore.cpuSeconds) / (elapsed * availableParallelism()),
    driverShare: (driverCpu.user + driverCpu.system) / 1e6 / (elapsed * availableParallelism()),
    databaseShare: databaseCpu / (elapsed * availableParallelism()),
    realtimeShare: realtimeCpu / (elapsed * availableParallelism()),
    databaseCpuMsPerMessage: (databaseCpu * 1000) / Math.max(1, messages),
    cold: cold.ms,
    warmP50: percentile(warmPage, 50),
    warmP95: percentile(warmPage, 95),
    openP50: percentile(openChat, 50),
    middleP50: percentile(middle, 50),
  };
}

function print(r) {
  const errorText = Object.keys(r.errors).length ? Object.entries(r.errors).map(([code, n]) => `${n}× ${code}`).join(', ') : 'none';
  console.log(`\n${r.label}`);
  console.log(`  ${CLIENTS} chat clients + ${AGENTS} agents connected and subscribed in ${(r.connectMs / 1000).toFixed(1)} s`);
  console.log(`  messages: ${r.messages} in ${r.elapsed.toFixed(1)} s = ${r.perSecond.toFixed(1)}/s; lost: ${r.lost}; duplicates: ${r.duplicates}; failed sends: ${errorText}${r.nodes > 1 ? `; received through the other node (Redis): ${r.crossed}` : ''}`);
  console.log(`  send → receive: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}   (POST answered: p50 ${ms(r.sendP50)}, p99 ${ms(r.sendP99)})`);
  console.log(`    by kind: ${r.byKind}`);
  console.log(`    p99 by ${WINDOW_S} s of sending: ${r.byWindow}`);
  // Latency counts from when a message was due: a late send is the clients' process behind, not the server.
  console.log(`    the clients' own sends: ${lateNote(r.late)}`);
  const pct = (share) => `${Math.round(share * 100)} %`;
  console.log(`  API ${r.nodes === 1 ? 'process' : `processes (${r.nodes}, summed)`}: ${r.serverCpuMsPerMessage.toFixed(2)} ms CPU per message, ${r.serverRss.toFixed(0)} MiB RSS, event-loop delay p99 ${ms(r.serverLoopP99)} / max ${ms(r.serverLoopMax)}`);
  const others = Math.max(0, r.machineBusy - r.serverShare - r.realtimeShare - r.driverShare - r.databaseShare);
  console.log(
    `  CPU (share of ${availableParallelism()} cores): machine ${pct(r.machineBusy)} = API ${pct(r.serverShare)} + realtime ${r.nodes === 1 ? 'server' : 'nodes and Redis'} ${pct(r.realtimeShare)} + bench clients ${pct(r.driverShare)}` +
      `${r.databaseShare ? ` + PostgreSQL ${pct(r.databaseShare)} (${r.databaseCpuMsPerMessage.toFixed(2)} ms per message)` : ''} + other work on the machine ${pct(others)}` +
      ` (it was ${pct(r.quietBefore)} busy just before); clients' event-loop delay p99 ${ms(r.driverLoopP99)}`,
  );
  console.log(
    `  chat of ${LONG_CHAT.toLocaleString('en')} messages: first page cold ${ms(r.cold)}, warm p50 ${ms(r.warmP50)} / p95 ${ms(r.warmP95)}; ` +
      `open (chat + first page) p50 ${ms(r.openP50)}; a page from the middle p50 ${ms(r.middleP50)}`,
  );
}

const results = [];
let failed = false;
console.log(`bench:chat — ${CLIENTS} chat clients, ${AGENTS} agents, ${SECONDS} s, one message per ~${INTERVAL_MS / 1000} s per client`);
console.log(backgroundLoadNote());
for (const backend of BACKENDS) {
  for (const nodes of NODE_COUNTS) {
    if (nodes > 1 && backend !== 'postgres') {
      console.log(`\n${backend}, ${nodesLabel(nodes)}: skipped (several processes share a PostgreSQL database; PGlite allows one process)`);
      continue;
    }
    dataDir = mkdtempSync(join(tmpdir(), 'bench-chat-'));
    let cluster = null;
    const people = { BENCH_DATA_DIR: dataDir, BENCH_CLIENTS: String(CLIENTS), BENCH_AGENTS: String(AGENTS) };
    try {
      if (backend === 'postgres') {
        cluster = await startPgCluster({ durable: true });
        if (cluster) cleanups.add(cluster.stop);
        if (!cluster) {
          console.log('\nPostgreSQL: skipped (PostgreSQL 15 is not installed)');
          failed = true;
          continue;
        }
        const postmaster = Number(readFileSync(join(cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
        results.push(await run(`PostgreSQL 15, ${nodesLabel(nodes)}`, { ...people, BENCH_DATABASE_URL: cluster.url }, postmaster, nodes));
      } else if (backend === 'pglite') {
        results.push(await run('PGlite', people));
      } else {
        throw new Error(`unknown backend ${backend}`);
      }
      print(results[results.length - 1]);
    } catch (error) {
      failed = true;
      console.error(`\n${backend}, ${nodesLabel(nodes)}: failed: ${error.stack ?? error}`);
    } finally {
      // The database goes first, then its files.
      await Promise.allSettled([...cleanups].map((stop) => stop()));
      cleanups.clear();
      rmSync(dataDir, { recursive: true, force: true });
      dataDir = null;
    }
  }
}

if (results.some((r) => r.nodes > 1)) {
  console.log('\none process against several (the same clients and messages):');
  for (const r of results) {
    console.log(
      `  ${r.label}: ${r.perSecond.toFixed(1)} msg/s, send → receive p50 ${ms(r.p50)} / p99 ${ms(r.p99)} / max ${ms(r.max)}, lost ${r.lost}, duplicates ${r.duplicates}; ` +
        `API ${r.serverCpuMsPerMessage.toFixed(2)} ms CPU per message; machine ${Math.round(r.machineBusy * 100)} % busy (${Math.round(r.quietBefore * 100)} % before)`,
    );
  }
}

console.log('\ntargets:');
const { exitCode } = reportTargets(results, (r) => {
  const checks = [
    [`none lost`, r.lost === 0, INTEGRITY],
    // Across nodes an event must not reach a socket twice (each node delivers what Redis brings to its own sockets only).
    [`none delivered twice (${r.duplicates})`, r.duplicates === 0, INTEGRITY],
    [`first page of ${LONG_CHAT.toLocaleString('en')} under ${TARGET_FIRST_PAGE_MS} ms (cold ${ms(r.cold)})`, r.cold < TARGET_FIRST_PAGE_MS],
  ];
  if (r.label.startsWith('PostgreSQL')) checks.push([`p99 under ${TARGET_P99_MS} ms (${ms(r.p99)})`, r.p99 < TARGET_P99_MS]);
  return checks;
}, failed);
process.exit(exitCode);
