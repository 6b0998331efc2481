import type { HttpResponse, us_listen_socket, WebSocket } from '@trufflesuite/uws-js-unofficial';
import { startActivityMonitor } from './activity-monitor';
import { AppRegistry, type RealtimeApp } from './apps';
import { Broadcaster, deliverLocally } from './broadcaster';
import { CappedCounter } from './capped-counter';
import { ChannelRegistry } from './channel-registry';
import { clientAddressResolver, normalizeAddress, type TrustProxy } from './client-address';
import { ClientSocket } from './client-socket';
import { createLocalCluster, type Cluster } from './cluster';
import { PusherConnection } from './connection';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-limits';
import { bodyLimit, createHttpApi, type ApiResponse } from './http-api';
import { readBody } from './http-body';
import { createJsonLogger, errorFields, type RealtimeLogger } from './logger';
import { createMessageHandler } from './message-handler';
import { closeReason, ErrorCode, type ErrorCodeValue } from './protocol-errors';
import { createRedisCluster } from './redis-cluster';
import { safeDecode } from './safe-decode';
import { Subscriptions } from './subscriptions';
import { loadUws } from './uws';

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
/** Frames beyond this close the socket (1009) in uWS itself; smaller oversize frames get a protocol error instead. */
const HARD_FRAME_LIMIT = 256 * 1024;
/**
 * What may queue for one socket before it is closed as too slow. uWS's default (64 KB) drops
 * messages silently past it; closing instead makes pusher-js reconnect, and the SPA then reads
 * what it missed, as after any reconnection.
 */
const MAX_BACKPRESSURE = 1024 * 1024;
const STATUS_TEXT: Record<number, string> = {
  200: '200 OK',
  400: '400 Bad Request',
  401: '401 Unauthorized',
  404: '404 Not Found',
  413: '413 Payload Too Large',
  500: '500 Internal Server Error',
  503: '503 Service Unavailable',
};

/** Why a socket is closed as soon as it opens (pusher-js reads the close code to decide whether to retry). */
interface Refusal {
  code: ErrorCodeValue;
  message: string;
}

/**
 * All a socket keeps of its upgrade request (uWS's request object is gone once the handler
 * returns): the request is judged there, so no URL is held for the socket's lifetime.
 */
interface SocketData {
  address: string;
  admission: { app: RealtimeApp } | Refusal;
  connection?: PusherConnection;
}

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const uWS = loadUws();
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
    },
  });

  const refuse = (socket: ClientSocket, code: ErrorCodeValue, message: string): void => {
    socket.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }));
    socket.end(code, closeReason(message));
  };

  /** The Pusher checks of a connection URL, in the order Pusher answers them. */
  const admit = (path: string, query: string): SocketData['admission'] => {
    const match = /^\/app\/([^/]+)$/.exec(path);
    if (!match) return { code: ErrorCode.pathNotFound, message: 'Path not found, expected /app/{key}' };
    const protocol = new URLSearchParams(query).get('protocol');
    if (protocol === null) return { code: ErrorCode.noProtocol, message: 'No protocol version supplied' };
    if (!SUPPORTED_PROTOCOLS.has(Number(protocol))) {
      return { code: ErrorCode.unsupportedProtocol, message: `Unsupported protocol version ${protocol.slice(0, 16)}` };
    }
    const key = safeDecode(match[1]);
    const app = apps.findByKey(key);
    return app ? { app } : { code: ErrorCode.appNotFound, message: `App key ${key.slice(0, 40)} does not exist` };
  };

  const accept = (ws: WebSocket<SocketData>): void => {
    const data = ws.getUserData();
    const socket = new ClientSocket(ws);
    const { admission, address } = data;
    if (!('app' in admission)) return refuse(socket, admission.code, admission.message);
    if (!addressConnections.take(address)) {
      logger.warn('realtime.connection.over_quota', { address, limit: limits.perAddress });
      return refuse(socket, ErrorCode.overConnectionQuota, `Over connection quota: at most ${limits.perAddress} connections per address`);
    }
    const { app } = admission;

    const connection = new PusherConnection(socket, app, clientEventsPerSecond, address);
    data.connection = connection;
    connections.add(connection);
    connection.send({
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: connection.socketId, activity_timeout: activityTimeoutSec }),
    });
    logger.info('realtime.connection.opened', { socketId: connection.socketId, app: app.id });
  };

  const respond = (response: HttpResponse, answer: ApiResponse): void => {
    const payload = JSON.stringify(answer.body);
    response.cork(() => {
      response
        .writeStatus(STATUS_TEXT[answer.status] ?? String(answer.status))
        .writeHeader('content-type', 'application/json')
        .end(payload);
    });
  };

  let closing: Promise<void> | undefined;
  const server = uWS
    .App()
    .ws<SocketData>('/*', {
      maxPayloadLength: HARD_FRAME_LIMIT,
      maxBackpressure: MAX_BACKPRESSURE,
      closeOnBackpressureLimit: 1,
      // The activity monitor pings and drops silent clients the Pusher way (pusher:ping, then 4201).
      idleTimeout: 0,
      sendPingsAutomatically: false,
      upgrade: (response, request, context) => {
        if (closing) {
          response.writeStatus(STATUS_TEXT[503]).end();
          return;
        }
        const peer = {
          address: normalizeAddress(Buffer.from(response.getRemoteAddressAsText()).toString()),
          forwardedFor: request.getHeader('x-forwarded-for') || undefined,
        };
        response.upgrade<SocketData>(
          { address: clientAddress(peer), admission: admit(request.getUrl(), request.getQuery() ?? '') },
          request.getHeader('sec-websocket-key'),
          request.getHeader('sec-websocket-protocol'),
          request.getHeader('sec-websocket-extensions'),
          context,
        );
      },
      open: accept,
      message: (ws, frame) => {
        const { connection } = ws.getUserData();
        if (connection) void handleMessage(connection, frame);
      },
      ping: (ws) => ws.getUserData().connection?.markAlive(),
      pong: (ws) => ws.getUserData().connection?.markAlive(),
      close: (ws) => {
        const { connection } = ws.getUserData();
        if (!connection) return;
        connection.socket.markClosed();
        dropConnection(connection);
      },
    })
    .any('/*', (response, request) => {
      const method = request.getMethod();
      const path = request.getUrl();
      const query = request.getQuery() ?? '';
      let aborted = false;
      response.onAborted(() => {
        aborted = true;
      });
      const answer = (result: ApiResponse): void => {
        if (!aborted) respond(response, result);
      };
      readBody(
        response,
        request.getHeader('content-length'),
        bodyLimit(maxMessageBytes),
        (body) => {
          handleHttp({ method, path, query, body }).then(answer, (error: unknown) => {
            logger.error('realtime.http.failed', { path, ...errorFields(error) });
            answer({ status: 500, body: { error: 'Internal error' } });
          });
        },
        () => {
          aborted = true;
        },
      );
    });

  const listenSocket = await new Promise<us_listen_socket>((resolve, reject) => {
    const listening = (token: us_listen_socket | false): void => {
      if (token) resolve(token);
      else reject(new Error(`The realtime server could not listen on ${options.host ?? '*'}:${options.port}`));
    };
    if (options.host) server.listen(options.host, options.port, listening);
    else server.listen(options.port, listening);
  }).catch(async (error: unknown) => {
    stopMonitor();
    await cluster.close();
    throw error;
  });
  const port = uWS.us_socket_local_port(listenSocket);
  logger.info('realtime.started', { port, redis: Boolean(options.redisUrl) });

  const shutdown = async (): Promise<void> => {
    stopMonitor();
    uWS.us_listen_socket_close(listenSocket);
    // 4200 asks pusher-js to reconnect at once, which lands on another node behind a balancer.
    // uWS runs each close handler within `end`, so every connection is dropped by the time the loop ends.
    const open = [...connections];
    for (const connection of open) connection.socket.end(ErrorCode.serverShutdown, 'Server shutting down');
    await Promise.all(open.map((connection) => subscriptions.disconnect(connection)));
    await cluster.close();
    logger.info('realtime.stopped', { port });
  };

  return {
    port,
    close: () => (closing ??= shutdown()),
    stats: () => ({ connections: connections.size }),
  };
}
