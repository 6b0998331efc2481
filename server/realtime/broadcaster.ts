import type { ChannelRegistry } from './channel-registry';
import type { ChannelBroadcast, Cluster } from './cluster';

/** Sends to this node's subscribers; used for local publications and for ones arriving from other nodes. */
export function deliverLocally(registry: ChannelRegistry, message: ChannelBroadcast): void {
  const subscribers = registry.subscribers(message.appId, message.channel);
  if (subscribers.size === 0) return;
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
