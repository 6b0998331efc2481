import type { AppRegistry, RealtimeApp } from './apps';
import { TERMINATE_EVENT, type Broadcaster } from './broadcaster';
import {
  channelKind,
  isValidChannelName,
  isValidEventName,
  isValidSocketId,
  MAX_BATCH_EVENTS,
  MAX_CHANNELS_PER_EVENT,
} from './channel-names';
import type { Cluster } from './cluster';
import type { BodyResult } from './http-body';
import { verifySignedRequest } from './http-request-auth';
import { errorFields, type RealtimeLogger } from './logger';
import { safeDecode } from './safe-decode';

export interface HttpApiOptions {
  apps: AppRegistry;
  cluster: Cluster;
  broadcaster: Broadcaster;
  logger: RealtimeLogger;
  /** Largest `data` of one event, Pusher's 10 KB by default. */
  maxEventBytes: number;
}

interface PublishRequest {
  name: string;
  data: string;
  channels: string[];
  socketId?: string;
  info: string[];
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type ChannelInfo = { user_count?: number; subscription_count?: number };

/** A request as the transport read it: the path as sent (not decoded), the raw query and the body. */
export interface ApiRequest {
  method: string;
  path: string;
  query: string;
  body: BodyResult;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/** A batch may carry ten full-size events; anything far beyond that is not worth reading. */
export const bodyLimit = (maxEventBytes: number): number => maxEventBytes * (MAX_BATCH_EVENTS + 2) * 2;

/**
 * The subset of Pusher's REST API that the `pusher` SDK and Laravel's
 * broadcaster call: publish, batch publish, and channel queries.
 */
export function createHttpApi(options: HttpApiOptions) {
  const { apps, cluster, broadcaster, logger, maxEventBytes } = options;

  return async (request: ApiRequest): Promise<ApiResponse> => {
    try {
      return { status: 200, body: await route(request) };
    } catch (error) {
      if (error instanceof HttpError) return { status: error.status, body: { error: error.message } };
      logger.error('realtime.http.failed', { path: request.path, ...errorFields(error) });
      return { status: 500, body: { error: 'Internal error' } };
    }
  };

  async function route(request: ApiRequest): Promise<unknown> {
    const method = request.method.toUpperCase();
    if (method === 'GET' && request.path === '/health') return { status: 'ok' };

    const match = /^\/apps\/([^/]+)(\/.*)$/.exec(request.path);
    if (!match) throw new HttpError(404, 'Not found');
    const app = apps.findById(safeDecode(match[1]));
    if (!app) throw new HttpError(404, 'Unknown app');

    const read = request.body;
    if ('tooLarge' in read) throw new HttpError(413, 'Request body is too large');

    const query = new URLSearchParams(request.query);
    const failure = verifySignedRequest(app, {
      method,
      paths: [...new Set([request.path, safeDecode(request.path)])],
      query,
      body: read.body,
      nowSec: Date.now() / 1000,
    });
    if (failure) throw new HttpError(401, failure);

    const resource = match[2];
    if (method === 'POST' && resource === '/events') return publish(app, parsePublish(parseJson(read.body)));
    if (method === 'POST' && resource === '/batch_events') return publishBatch(app, parseJson(read.body));
    if (method === 'GET' && resource === '/channels') return listChannels(app, query);
    const terminate = /^\/users\/([^/]+)\/terminate_connections$/.exec(resource);
    if (method === 'POST' && terminate) return terminateUser(app, safeDecode(terminate[1]));
    const channelMatch = /^\/channels\/([^/]+)(\/users)?$/.exec(resource);
    if (method === 'GET' && channelMatch) {
      const channel = safeDecode(channelMatch[1]);
      if (!isValidChannelName(channel)) throw new HttpError(400, 'Invalid channel name');
      return channelMatch[2] ? channelUsers(app, channel) : channelDetails(app, channel, query);
    }
    throw new HttpError(404, 'Not found');
  }

  function parsePublish(raw: unknown, singleChannelOnly = false): PublishRequest {
    if (typeof raw !== 'object' || raw === null) throw new HttpError(400, 'Event must be a JSON object');
    const body = raw as Record<string, unknown>;
    if (!isValidEventName(body.name)) throw new HttpError(400, 'Event name is missing or too long');
    // Reserved prefixes would let a publisher forge protocol messages such as member_added.
    if (body.name.startsWith('pusher:') || body.name.startsWith('pusher_internal:')) {
      throw new HttpError(400, 'Event names starting with pusher: are reserved');
    }
    if (body.data === undefined) throw new HttpError(400, 'Event data is missing');
    const data = typeof body.data === 'string' ? body.data : JSON.stringify(body.data);
    if (Buffer.byteLength(data) > maxEventBytes) throw new HttpError(413, `Event data exceeds ${maxEventBytes} bytes`);

    const channels = singleChannelOnly || body.channels === undefined ? [body.channel] : body.channels;
    if (!Array.isArray(channels) || channels.length === 0 || channels.length > MAX_CHANNELS_PER_EVENT) {
      throw new HttpError(400, `Give between 1 and ${MAX_CHANNELS_PER_EVENT} channels`);
    }
    if (!channels.every(isValidChannelName)) throw new HttpError(400, 'Invalid channel name');
    const socketId = body.socket_id;
    if (socketId !== undefined && !isValidSocketId(socketId)) throw new HttpError(400, 'Invalid socket_id');
    const info = typeof body.info === 'string' ? parseInfo(body.info) : [];
    return { name: body.name, data, channels: [...new Set(channels)], socketId, info };
  }

  async function publish(app: RealtimeApp, event: PublishRequest): Promise<unknown> {
    await Promise.all(
      event.channels.map((channel) =>
        broadcaster.broadcast({
          appId: app.id,
          channel,
          event: event.name,
          data: event.data,
          exceptSocketId: event.socketId,
        }),
      ),
    );
    if (event.info.length === 0) return {};
    const counts = await cluster.channelCounts(app.id);
    const channels: Record<string, ChannelInfo> = {};
    for (const channel of event.channels) channels[channel] = await channelInfo(app, channel, event.info, counts);
    return { channels };
  }

  async function publishBatch(app: RealtimeApp, raw: unknown): Promise<unknown> {
    const batch = (raw as { batch?: unknown } | null)?.batch;
    if (!Array.isArray(batch) || batch.length === 0 || batch.length > MAX_BATCH_EVENTS) {
      throw new HttpError(400, `batch must hold between 1 and ${MAX_BATCH_EVENTS} events`);
    }
    // Validate all first so a bad entry does not leave the batch half published.
    const events = batch.map((item) => parsePublish(item, true));
    const results = await Promise.all(events.map((event) => publish(app, event)));
    return events.some((event) => event.info.length > 0) ? { batch: results.map(firstChannelInfo) } : {};
  }

  /**
   * Pusher's "terminate user connections". Our clients do not sign in to the socket (`pusher:signin`);
   * a user is whoever holds their private channel `private-user.{id}`, so those sockets are closed,
   * on every node (the broadcaster carries it across).
   */
  async function terminateUser(app: RealtimeApp, userId: string): Promise<unknown> {
    if (!/^\d{1,10}$/.test(userId)) throw new HttpError(400, 'Invalid user id');
    await broadcaster.broadcast({ appId: app.id, channel: `private-user.${userId}`, event: TERMINATE_EVENT, data: {} });
    return {};
  }

  async function listChannels(app: RealtimeApp, query: URLSearchParams): Promise<unknown> {
    const prefix = query.get('filter_by_prefix') ?? '';
    const info = parseInfo(query.get('info') ?? '');
    if (info.includes('user_count') && !prefix.startsWith('presence-')) {
      throw new HttpError(400, 'user_count is only available with filter_by_prefix=presence-');
    }
    const counts = await cluster.channelCounts(app.id);
    const channels: Record<string, ChannelInfo> = {};
    for (const channel of [...counts.keys()].sort()) {
      if (channel.startsWith(prefix)) channels[channel] = await channelInfo(app, channel, info, counts);
    }
    return { channels };
  }

  async function channelDetails(app: RealtimeApp, channel: string, query: URLSearchParams): Promise<unknown> {
    const info = parseInfo(query.get('info') ?? '');
    if (info.includes('user_count') && channelKind(channel) !== 'presence') {
      throw new HttpError(400, 'user_count is only available for presence channels');
    }
    const counts = await cluster.channelCounts(app.id);
    return { occupied: (counts.get(channel) ?? 0) > 0, ...(await channelInfo(app, channel, info, counts)) };
  }

  async function channelUsers(app: RealtimeApp, channel: string): Promise<unknown> {
    if (channelKind(channel) !== 'presence') throw new HttpError(400, 'Users are only listed for presence channels');
    const members = await cluster.presence.members(app.id, channel);
    return { users: [...members.keys()].map((id) => ({ id })) };
  }

  async function channelInfo(
    app: RealtimeApp,
    channel: string,
    info: string[],
    counts: Map<string, number>,
  ): Promise<ChannelInfo> {
    const result: ChannelInfo = {};
    if (info.includes('subscription_count')) result.subscription_count = counts.get(channel) ?? 0;
    if (info.includes('user_count') && channelKind(channel) === 'presence') {
      result.user_count = (await cluster.presence.members(app.id, channel)).size;
    }
    return result;
  }
}

function firstChannelInfo(result: unknown): ChannelInfo {
  const channels = (result as { channels?: Record<string, ChannelInfo> }).channels ?? {};
  return Object.values(channels)[0] ?? {};
}

function parseInfo(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'Body must be JSON');
  }
}
