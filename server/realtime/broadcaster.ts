import type { ChannelRegistry } from './channel-registry';
import type { ChannelBroadcast, Cluster } from './cluster';
import { ErrorCode } from './protocol-errors';

/**
 * "Close these sockets" travels between nodes as an event of this reserved name on the user's
 * channel, so it takes the one path every event takes (this node, then the Redis bus). Publishers
 * cannot send it: the HTTP API refuses event names starting with `pusher_internal:`.
 */
export const TERMINATE_EVENT = 'pusher_internal:terminate_connections';

/** Sends to this node's subscribers; used for local publications and for ones arriving from other nodes. */
export function deliverLocally(registry: ChannelRegistry, message: ChannelBroadcast): void {
  const subscribers = registry.subscribers(message.appId, message.channel);
  if (subscribers.size === 0) return;
  if (message.event === TERMINATE_EVENT) {
    // 4009 is in pusher-js's never-reconnect range: the client stays off until it signs in again.
    for (const connection of [...subscribers]) connection.closeWithError(ErrorCode.unauthorized, 'Connection terminated by the server');
    return;
  }
  const frame = JSON.stringify({
    event: message.event,
    channel: message.channel,
    data: message.data,
    ...(message.userId === undefined ? {} : { user_id: message.userId }),
  });
  for (const connection of subscribers) {
    if (connection.socketId !== message.exceptSocketId) connection.sendRaw(frame);
  }
}

export class Broadcaster {
  constructor(
    private readonly registry: ChannelRegistry,
    private readonly cluster: Cluster,
  ) {}

  /** Local subscribers get the event even if the other nodes cannot be reached. */
  async broadcast(message: ChannelBroadcast): Promise<void> {
    deliverLocally(this.registry, message);
    await this.cluster.publish(message);
  }
}
