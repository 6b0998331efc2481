import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { startActivityMonitor } from './activity-monitor';
import { AppRegistry, type RealtimeApp } from './apps';
import { Broadcaster, deliverLocally } from './broadcaster';
import { CappedCounter } from './capped-counter';
import { ChannelRegistry } from './channel-registry';
import { clientAddressResolver, type TrustProxy } from './client-address';
import { createLocalCluster, type Cluster } from './cluster';
import { PusherConnection } from './connection';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';
import { createHttpApi } from './http-api';
import { createJsonLogger, errorFields, type RealtimeLogger } from './logger';
import { createMessageHandler } from './message-handler';
import { closeReason, ErrorCode, type ErrorCodeValue } from './protocol-errors';
import { createRedisCluster } from './redis-cluster';
import { safeDecode } from './safe-decode';
import { Subscriptions } from './subscriptions';

export interface RealtimeServerOptions {
  port: number;
  host?: string;
  apps: RealtimeApp[];
  /** Seconds of silence before the server pings a client; also announced to clients. Default 120. */
  activityTimeoutSec?: number;
  /** Seconds a pinged client has to answer before it is dropped. Default min(30, activityTimeoutSec). */
  pongTimeoutSec?: number;
  /** Shares events and presence with other nodes; unset runs a single node in memory. */
  redisUrl?: string;
  redisPrefix?: string;
  /** Largest incoming frame and largest published event data. Default 10 KB, as on Pusher. */
  maxMessageBytes?: number;
  clientEventsPerSecond?: number;
  /** Caps per client address and per user. Default DEFAULT_CONNECTION_LIMITS. */
  connectionLimits?: ConnectionLimits;
  /** Whose X-Forwarded-For to believe for the client address (TRUST_PROXY). Default: nobody's. */
  trustProxy?: TrustProxy;
  logger?: RealtimeLogger;
}

export interface RealtimeServer {
  port: number;
  close(): Promise<void>;
  stats(): { connections: number };
}

/** Protocol versions whose client behaviour this server implements; pusher-js 8 speaks 7. */
const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
/** Frames beyond this are refused by `ws` itself; smaller oversize frames get a protocol error instead. */
const HARD_FRAME_LIMIT = 256 * 1024;
/** How long a closing socket may take to answer our close frame before it is cut. */
const CLOSE_GRACE_MS = 1_000;

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const logger = options.logger ?? createJsonLogger();
  const apps = new AppRegistry(options.apps);
  const activityTimeoutSec = options.activityTimeoutSec ?? 120;
  const pongTimeoutSec = options.pongTimeoutSec ?? Math.min(30, activityTimeoutSec);
  const maxMessageBytes = options.maxMessageBytes ?? 10 * 1024;
  const clientEventsPerSecond = options.clientEventsPerSecond ?? 10;
  const limits = options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS;
  const clientAddress = clientAddressResolver(options.trustProxy ?? false);
  const addressConnections = new CappedCounter(limits.perAddress);

  const registry = new ChannelRegistry();
  const connections = new Set<PusherConnection>();
  const cluster: Cluster = options.redisUrl
    ? await createRedisCluster({
        url: options.redisUrl,
        prefix: options.redisPrefix,
        logger,
        onBroadcast: (message) => deliverLocally(registry, message),
      })
    : createLocalCluster(registry);
  const broadcaster = new Broadcaster(registry, cluster);
  const subscriptions = new Subscriptions(registry, cluster, broadcaster, logger, new CappedCounter(limits.perUser));
  const handleMessage = createMessageHandler({ maxMessageBytes, subscriptions, broadcaster, logger });
  const handleHttp = createHttpApi({ apps, cluster, broadcaster, logger, maxEventBytes: maxMessageBytes });

  const dropConnection = (connection: PusherConnection): void => {
    if (connections.delete(connection)) {
      addressConnections.release(connection.address);
      logger.info('realtime.connection.closed', { socketId: connection.socketId });
    }
    void subscriptions.disconnect(connection);
  };

  const stopMonitor = startActivityMonitor({
    activityTimeoutMs: activityTimeoutSec * 1000,
    pongTimeoutMs: pongTimeoutSec * 1000,
    connections: () => connections,
    onDead: (connection) => {
      logger.info('realtime.connection.timed_out', { socketId: connection.socketId });
      dropConnection(connection);
      // A vanished peer never answers the close frame.
      setTimeout(() => connection.ws.terminate(), CLOSE_GRACE_MS).unref();
    },
  });

  const refuse = (ws: WebSocket, code: ErrorCodeValue, message: string): void => {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    ws.close(code, closeReason(message));
  };

  const accept = (ws: WebSocket, request: IncomingMessage): void => {
    // Without a listener, an 'error' (say, invalid UTF-8 from the client) would crash the process.
    ws.on('error', (error) => logger.warn('realtime.connection.error', errorFields(error)));
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!path) return refuse(ws, ErrorCode.pathNotFound, 'Path not found, expected /app/{key}');
    const protocol = url.searchParams.get('protocol');
    if (protocol === null) return refuse(ws, ErrorCode.noProtocol, 'No protocol version supplied');
    if (!SUPPORTED_PROTOCOLS.has(Number(protocol))) {
      return refuse(ws, ErrorCode.unsupportedProtocol, `Unsupported protocol version ${protocol.slice(0, 16)}`);
    }
    const key = safeDecode(path[1]);
    const app = apps.findByKey(key);
    if (!app) return refuse(ws, ErrorCode.appNotFound, `App key ${key.slice(0, 40)} does not exist`);
    const address = clientAddress(request);
    if (!addressConnections.take(address)) {
      logger.warn('realtime.connection.over_quota', { address, limit: limits.perAddress });
      return refuse(ws, ErrorCode.overConnectionQuota, `Over connection quota: at most ${limits.perAddress} connections per address`);
    }

    const connection = new PusherConnection(ws, app, clientEventsPerSecond, address);
    connections.add(connection);
    ws.on('message', (raw) => void handleMessage(connection, raw));
    ws.on('pong', () => connection.markAlive());
    ws.on('ping', () => connection.markAlive());
    ws.on('close', () => dropConnection(connection));
    connection.send({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: activityTimeoutSec }),
    });
    logger.info('realtime.connection.opened', { socketId: connection.socketId, app: app.id });
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT });
  let closing: Promise<void> | undefined;
  const httpServer = createServer((request, response) => void handleHttp(request, response));
  httpServer.on('upgrade', (request, socket, head) => {
    if (closing) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, request));
  });

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port, options.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    stopMonitor();
    await cluster.close();
    throw error;
  }
  const port = (httpServer.address() as AddressInfo).port;
  logger.info('realtime.started', { port, redis: Boolean(options.redisUrl) });

  const shutdown = async (): Promise<void> => {
    stopMonitor();
    const open = [...connections];
    const closed = Promise.all(
      open.map((connection) =>
        connection.ws.readyState === connection.ws.CLOSED
          ? undefined
          : new Promise<void>((resolve) => connection.ws.once('close', () => resolve())),
      ),
    );
    // 4200 asks pusher-js to reconnect at once, which lands on another node behind a balancer.
    for (const connection of open) connection.ws.close(ErrorCode.serverShutdown, 'Server shutting down');
    await Promise.all(open.map((connection) => subscriptions.disconnect(connection)));
    connections.clear();
    await cluster.close();
    const grace = setTimeout(() => open.forEach((connection) => connection.ws.terminate()), CLOSE_GRACE_MS);
    await closed;
    clearTimeout(grace);
    wss.close();
    await new Promise<void>((resolve) => {
      httpServer.close(() => resolve());
      httpServer.closeAllConnections();
    });
    logger.info('realtime.stopped', { port });
  };

  return {
    port,
    close: () => (closing ??= shutdown()),
    stats: () => ({ connections: connections.size }),
  };
}
