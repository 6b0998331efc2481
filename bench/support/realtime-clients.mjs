// One worker of the realtime bench: a share of the pusher-js clients, each
// subscribed to its user's private channel. Forked by bench/realtime.mjs and
// driven over IPC, so the clients' parsing does not compete with the sender.
//
// Arrival times use process.hrtime (CLOCK_MONOTONIC on Linux), the same clock
// in every process of the machine, so the parent can subtract its send times.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import Pusher from 'pusher';
import PusherJs from 'pusher-js';

const EVENT = 'NotificationSent';
const SUBSCRIBE_TIMEOUT_MS = 20_000;

const clients = [];
/** seq → arrival times (ms); more than one is a duplicate. */
const arrivals = new Map();
let arrived = 0;
let closing = false;
let unexpectedDisconnects = 0;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const send = (message) => process.send(message);

function onEvent(data) {
  const at = nowMs();
  const title = data?.notification?.title ?? '';
  const match = /#(-?\d+)$/.exec(title);
  if (!match) return;
  const seq = Number(match[1]);
  const seen = arrivals.get(seq);
  if (seen) seen.push(at);
  else arrivals.set(seq, [at]);
  arrived++;
}

function authorization(auth, user) {
  if (auth.mode === 'api') {
    // pusher-js's own transport: a form POST to /broadcasting/auth, as the browser sends it.
    return {
      transport: 'ajax',
      // Several API processes: each user asks the one it is spread to.
      endpoint: user.authEndpoint ?? auth.endpoint,
      headers: { Authorization: `Bearer ${user.token}`, 'X-Forwarded-For': user.ip },
    };
  }
  // No API in front of soketi (or of our bare realtime node): sign as the API would, with the SDK.
  const signer = new Pusher({ appId: auth.appId, key: auth.key, secret: auth.secret, host: '127.0.0.1' });
  return {
    transport: 'ajax',
    endpoint: '/unused',
    customHandler: ({ socketId, channelName }, callback) => callback(null, signer.authorizeChannel(socketId, channelName)),
  };
}

function connectOne(options, user) {
  return new Promise((resolve) => {
    const client = new PusherJs(options.key, {
      cluster: 'mt1',
      wsHost: options.host,
      // Several realtime nodes: each user connects to the one it is spread to.
      wsPort: user.port ?? options.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: authorization(options.auth, user),
    });
    clients.push(client);
    const timer = setTimeout(() => resolve(`user ${user.id}: no subscription within ${SUBSCRIBE_TIMEOUT_MS} ms`), SUBSCRIBE_TIMEOUT_MS);
    const channel = client.subscribe(`private-user.${user.id}`);
    channel.bind(EVENT, onEvent);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    channel.bind('pusher:subscription_error', (error) => {
      clearTimeout(timer);
      resolve(`user ${user.id}: ${JSON.stringify(error).slice(0, 200)}`);
    });
    client.connection.bind('state_change', ({ previous, current }) => {
      if (!closing && previous === 'connected' && current !== 'connected') unexpectedDisconnects++;
    });
  });
}

async function connectAll(options) {
  const started = nowMs();
  const failures = [];
  const subscribedIds = [];
  const queue = [...options.users];
  const lanes = Array.from({ length: options.concurrency }, async () => {
    for (let user = queue.shift(); user; user = queue.shift()) {
      const failure = await connectOne(options, user);
      if (failure) failures.push(failure);
      else subscribedIds.push(user.id);
    }
  });
  await Promise.all(lanes);
  return { subscribed: subscribedIds.length, subscribedIds, failures, ms: nowMs() - started };
}

process.on('message', async (message) => {
  switch (message.type) {
    case 'connect':
      send({ type: 'ready', ...(await connectAll(message.options)) });
      // From here to the report: a pause of the clients' own loop (their garbage collection, say)
      // delays every arrival it spans whichever server runs, so the bench prints it beside the latency.
      loopDelay.enable();
      break;
    case 'count':
      send({ type: 'count', arrived, unexpectedDisconnects });
      break;
    case 'report':
      loopDelay.disable();
      send({ type: 'report', arrivals: [...arrivals], unexpectedDisconnects, loopMaxMs: loopDelay.max / 1e6, loopP99Ms: loopDelay.percentile(99) / 1e6 });
      break;
    case 'close':
      closing = true;
      for (const client of clients) client.disconnect();
      // Let the close frames go out before the process ends.
      setTimeout(() => process.exit(0), 300);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'started' });
