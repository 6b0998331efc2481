import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import WebSocket from 'ws';
import type { RealtimeLogger } from '../../server/realtime/logger';
import { startRealtimeServer } from '../../server/realtime/pusher-server';
// Plain ESM helper shared with bench/realtime.mjs; swc compiles it for jest like any other module.
import { startSoketi } from '../../scripts/soketi.mjs';

/** Not numeric on purpose: both servers must treat the app id as an opaque string. */
export const app = { id: 'compat-app', key: 'compat-key', secret: 'compat-secret' };

/** Pusher Channels' limit on one event's data, which both servers are configured with. */
export const MAX_EVENT_BYTES = 10 * 1024;

/**
 * Documented ways in which soketi 1.6 (the only release, run on the npm build
 * of uWebSockets.js) departs from the Pusher protocol. Our server follows
 * Pusher in each case; the suite asserts the shared contract and pins these
 * details so a change on either side is noticed.
 */
export interface Quirks {
  /**
   * How the HTTP API reports a refused publish. Pusher answers with the HTTP
   * status (401, 413), which makes the `pusher` SDK reject. soketi writes its
   * CORS headers before the status line and uWebSockets.js then sends an
   * implicit `200 OK`, so the refusal is only in the body: `{"error", "code": 413}`.
   */
  refusalIn: 'http-status' | 'body-code';
  /**
   * Pusher allows client events on private and presence channels only. soketi
   * relays them on public channels too, to every other subscriber.
   */
  publicClientEvents: 'refused' | 'relayed';
  /**
   * How a subscription to an invalid channel name is refused. Ours answers
   * `pusher:error` (4303) with no channel, so pusher-js reports it on the
   * connection and the channel stays pending; soketi answers
   * `pusher:subscription_error` on the channel, which laravel-echo's `.error()` sees.
   */
  invalidChannelRefusal: 'pusher:error' | 'pusher:subscription_error';
}

export interface CompatTarget {
  name: 'ours' | 'soketi';
  port: number;
  quirks: Quirks;
  stop(): Promise<void>;
}

const silent: RealtimeLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export async function startOurs(): Promise<CompatTarget> {
  const server = await startRealtimeServer({ port: 0, host: '127.0.0.1', apps: [app], logger: silent });
  return {
    name: 'ours',
    port: server.port,
    quirks: { refusalIn: 'http-status', publicClientEvents: 'refused', invalidChannelRefusal: 'pusher:subscription_error' },
    stop: () => server.close(),
  };
}

/** Installs soketi on first use (.tmp/soketi); any failure there fails the suite rather than skipping it. */
export async function startSoketiPeer(): Promise<CompatTarget> {
  const soketi = await startSoketi({ port: 0, appId: app.id, key: app.key, secret: app.secret });
  return {
    name: 'soketi',
    port: soketi.port,
    quirks: { refusalIn: 'body-code', publicClientEvents: 'relayed', invalidChannelRefusal: 'pusher:subscription_error' },
    stop: () => soketi.stop(),
  };
}

/** The official server SDK, configured the way the API's publisher is. */
export function sdkFor(target: CompatTarget, secret = app.secret): Pusher {
  return new Pusher({ appId: app.id, key: app.key, secret, host: '127.0.0.1', port: String(target.port), useTLS: false });
}

export interface Refusal {
  /** The HTTP status of the answer. */
  httpStatus: number;
  /** The refusal code: the HTTP status when it is an error, else the `code` the body carries. */
  code: number;
}

/** Runs an SDK call and reports how the server answered, whether the SDK resolved or rejected. */
export async function outcome(call: Promise<unknown>): Promise<Refusal> {
  try {
    const response = (await call) as { status: number; text(): Promise<string> };
    let code = response.status;
    try {
      const body = JSON.parse(await response.text()) as { code?: unknown };
      if (typeof body.code === 'number') code = body.code;
    } catch {
      // a non-JSON body carries no code
    }
    return { httpStatus: response.status, code };
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status !== 'number') throw error;
    return { httpStatus: status, code: status };
  }
}

export interface Member {
  user_id: string;
  user_info?: Record<string, unknown>;
}

export interface BrowserOptions {
  /** Presence identity the "backend" signs into channel_data. */
  member?: Member;
  /** Sign with another secret: a forged authorization. */
  secret?: string;
  activityTimeout?: number;
  pongTimeout?: number;
}

const browsers: PusherClient[] = [];

/**
 * pusher-js as the SPA configures it (ws only, no TLS, stats off). Channel
 * authorization is signed with the official SDK, standing in for the API's
 * /broadcasting/auth.
 */
export function browser(target: CompatTarget, options: BrowserOptions = {}): PusherClient {
  const signer = new Pusher({ appId: app.id, key: app.key, secret: options.secret ?? app.secret, host: '127.0.0.1' });
  const client = new PusherClient(app.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: target.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...(options.activityTimeout ? { activityTimeout: options.activityTimeout } : {}),
    ...(options.pongTimeout ? { pongTimeout: options.pongTimeout } : {}),
    channelAuthorization: {
      transport: 'ajax',
      endpoint: '/unused',
      customHandler: ({ socketId, channelName }, callback) => {
        const presence = channelName.startsWith('presence-') ? options.member : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
  });
  browsers.push(client);
  return client;
}

export function disconnectBrowsers(): void {
  for (const client of browsers.splice(0)) client.disconnect();
}

export function connected(client: PusherClient, timeoutMs = 5_000): Promise<string> {
  return within(timeoutMs, 'pusher-js to connect', (resolve) => {
    if (client.connection.state === 'connected') return resolve(client.connection.socket_id);
    client.connection.bind('connected', () => resolve(client.connection.socket_id));
  });
}

type Bindable = { bind(event: string, callback: (data: unknown) => void): unknown };

/** The first `event` on a pusher-js channel or connection. */
export function next<T = unknown>(source: Bindable, event: string, timeoutMs = 3_000): Promise<T> {
  return within(timeoutMs, `"${event}"`, (resolve) => source.bind(event, (data) => resolve(data as T)));
}

/** Collects every `event` from now on, to assert later that something did or did not come. */
export function collect<T = unknown>(source: Bindable, event: string): T[] {
  const seen: T[] = [];
  source.bind(event, (data) => seen.push(data as T));
  return seen;
}

export function within<T>(timeoutMs: number, what: string, register: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A bare protocol socket, for the frames a client library hides (pong, error codes, close codes). */
export class RawSocket {
  readonly frames: Frame[] = [];
  socketId = '';
  readonly closed: Promise<{ code: number }>;
  private wake: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const resolve of this.wake.splice(0)) resolve();
    });
    ws.on('error', () => undefined);
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve({ code })));
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame matching `predicate` (already received or still to come), removed from the buffer. */
  async take(predicate: (frame: Frame) => boolean, timeoutMs = 3_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(predicate);
      if (index >= 0) return this.frames.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  event(name: string, channel?: string): Promise<Frame> {
    return this.take((frame) => frame.event === name && (channel === undefined || frame.channel === channel));
  }
}

const sockets: RawSocket[] = [];

export function openRaw(target: CompatTarget, key = app.key): RawSocket {
  const socket = new RawSocket(
    new WebSocket(`ws://127.0.0.1:${target.port}/app/${key}?protocol=7&client=js&version=8.6.0&flash=false`),
  );
  sockets.push(socket);
  return socket;
}

export async function connectRaw(target: CompatTarget): Promise<RawSocket> {
  const socket = openRaw(target);
  const established = await socket.event('pusher:connection_established');
  socket.socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
  return socket;
}

export function closeRawSockets(): void {
  for (const socket of sockets.splice(0)) socket.ws.terminate();
}

/** `data` as pusher-js would hand it over: internal events carry JSON strings. */
export function parsed<T = Record<string, unknown>>(frame: Frame): T {
  return (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as T;
}
