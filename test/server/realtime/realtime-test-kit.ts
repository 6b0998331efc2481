import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Pusher from 'pusher';
import PusherClient from 'pusher-js';
import WebSocket from 'ws';
import type { RealtimeLogger } from '../../../server/realtime/logger';
import { startRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '../../../server/realtime/pusher-server';
import { authorizeChannel, signChannel } from '../../../server/realtime/signature';

export const app = { id: 'test-app', key: 'test-key', secret: 'test-secret' };

export interface CapturedLogger extends RealtimeLogger {
  lines: Array<{ level: string; message: string; fields?: Record<string, unknown> }>;
}

export function captureLogger(): CapturedLogger {
  const lines: CapturedLogger['lines'] = [];
  return {
    lines,
    info: (message, fields) => lines.push({ level: 'info', message, fields }),
    warn: (message, fields) => lines.push({ level: 'warn', message, fields }),
    error: (message, fields) => lines.push({ level: 'error', message, fields }),
  };
}

/** The official server SDK, as the API uses it to publish. */
export function sdkFor(port: number, overrides: Partial<{ appId: string; secret: string }> = {}): Pusher {
  return new Pusher({
    appId: overrides.appId ?? app.id,
    key: app.key,
    secret: overrides.secret ?? app.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

const running: RealtimeServer[] = [];

export async function startServer(options: Partial<RealtimeServerOptions> = {}): Promise<RealtimeServer> {
  const server = await startRealtimeServer({ port: 0, host: '127.0.0.1', apps: [app], logger: captureLogger(), ...options });
  running.push(server);
  return server;
}

export async function stopServers(): Promise<void> {
  await Promise.all(running.splice(0).map((server) => server.close()));
}

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare protocol client, so tests see exactly the frames a client library would. */
export class RawClient {
  readonly frames: Frame[] = [];
  socketId = '';
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves with the first frame (received before or after the call) matching `predicate`, consuming it. */
  async next(predicate: (frame: Frame) => boolean, timeoutMs = 2_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.frames.findIndex(predicate);
      if (index >= 0) return this.frames.splice(index, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  event(name: string, channel?: string, timeoutMs?: number): Promise<Frame> {
    return this.next((frame) => frame.event === name && (channel === undefined || frame.channel === channel), timeoutMs);
  }

  /**
   * Asserts that no frame matching `unwanted` has come by the time the first frame matching
   * `marker` does (waited for, and consumed). The marker is a later fact: something the server
   * sends this socket only after it would have sent the unwanted frame, so no pause is needed.
   */
  async nothingBefore(unwanted: (frame: Frame) => boolean, marker: (frame: Frame) => boolean): Promise<void> {
    await this.next(marker);
    this.expectNone(unwanted);
  }

  /**
   * A ping answered: the server has read every frame this socket sent before it, done what it
   * does for them at once, and what it sent this socket meanwhile has arrived.
   */
  async roundTrip(): Promise<void> {
    this.send({ event: 'pusher:ping', data: {} });
    await this.event('pusher:pong');
  }

  /**
   * Asserts that nothing matching `unwanted` has come so far, with the answer to a ping as the
   * marker: for what the server is known to have done already (it has answered the frame that
   * would have caused it, or delivered the same broadcast to another socket).
   */
  async nothingSoFar(unwanted: (frame: Frame) => boolean): Promise<void> {
    await this.roundTrip();
    this.expectNone(unwanted);
  }

  private expectNone(unwanted: (frame: Frame) => boolean): void {
    const found = this.frames.find(unwanted);
    if (found) throw new Error(`unexpected frame ${JSON.stringify(found)}`);
  }

  async subscribe(channel: string, extra: { auth?: string; channel_data?: string } = {}): Promise<Frame> {
    this.send({ event: 'pusher:subscribe', data: { channel, ...extra } });
    return this.next(
      (frame) =>
        frame.channel === channel &&
        (frame.event === 'pusher_internal:subscription_succeeded' || frame.event === 'pusher:subscription_error'),
    );
  }

  async subscribePrivate(channel: string, secret = app.secret): Promise<Frame> {
    return this.subscribe(channel, { auth: `${app.key}:${signChannel(secret, this.socketId, channel)}` });
  }

  async subscribePresence(channel: string, member: { user_id: string | number; user_info?: unknown }): Promise<Frame> {
    const channelData = JSON.stringify(member);
    return this.subscribe(channel, {
      auth: `${app.key}:${signChannel(app.secret, this.socketId, channel, channelData)}`,
      channel_data: channelData,
    });
  }

  close(): void {
    this.ws.close();
  }
}

const clients: RawClient[] = [];

export function openSocket(port: number, path: string, options: WebSocket.ClientOptions = {}): RawClient {
  const client = new RawClient(new WebSocket(`ws://127.0.0.1:${port}${path}`, options));
  clients.push(client);
  return client;
}

/** Opens a socket and waits for the handshake, the way pusher-js connects. */
export async function connect(port: number, options: WebSocket.ClientOptions = {}): Promise<RawClient> {
  const client = openSocket(port, `/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`, options);
  const established = await client.event('pusher:connection_established');
  client.socketId = (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
  return client;
}

export function closeClients(): void {
  for (const client of clients.splice(0)) client.ws.terminate();
}

/** Matches a presence announcement (`pusher_internal:member_added` or `_removed`) about one user. */
export const memberEvent = (event: string, userId: string) => (frame: Frame) =>
  frame.event === event && parseData<{ user_id: string }>(frame).user_id === userId;

export function parseData<T = Record<string, unknown>>(frame: Frame): T {
  return (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as T;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A private redis-server per test file: no shared state, no cleanup between
 * files. Missing binaries fail loudly; the multi-node tests must not be skipped.
 */
export async function startRedis(): Promise<TestRedis> {
  const probe = spawnSync('redis-server', ['--version']);
  if (probe.error || probe.status !== 0) {
    throw new Error('redis-server is not installed; the multi-node tests need it (apt-get install -y redis-server)');
  }
  const dir = mkdtempSync(join(tmpdir(), 'realtime-redis-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 5_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        await new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface BrowserIdentity {
  userId: string;
  name: string;
}

const browserClients: PusherClient[] = [];

/**
 * pusher-js as the SPA runs it, authorized by a stand-in for the API's /broadcasting/auth
 * (which signs with the same helper). `disconnectBrowserClients` ends them after a test.
 */
export function browserClient(port: number, identity?: BrowserIdentity, secret = app.secret): PusherClient {
  const client = new PusherClient(app.key, {
    cluster: 'mt1',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const channelData = channelName.startsWith('presence-')
          ? JSON.stringify({ user_id: identity?.userId, user_info: { name: identity?.name } })
          : undefined;
        callback(null, authorizeChannel({ key: app.key, secret }, socketId, channelName, channelData));
      },
    },
  });
  browserClients.push(client);
  return client;
}

export function disconnectBrowserClients(): void {
  for (const client of browserClients.splice(0)) client.disconnect();
}
