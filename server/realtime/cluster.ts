import type { ChannelRegistry } from './channel-registry';
import { MemoryPresenceStore, type PresenceStore } from './presence';

/** One event for one channel, as it travels between nodes. */
export interface ChannelBroadcast {
  appId: string;
  channel: string;
  event: string;
  data: unknown;
  /** The socket that caused it and must not get it back (client events, `socket_id` on the HTTP API). */
  exceptSocketId?: string;
  /** Set on client events in presence channels so receivers know who sent them. */
  userId?: string;
}

/**
 * What nodes share. A single node keeps everything in memory; with Redis the
 * same calls reach every node, so the server code does not branch on mode.
 */
export interface Cluster {
  readonly presence: PresenceStore;
  /** Sends to the other nodes; the caller has already delivered on this one. */
  publish(message: ChannelBroadcast): Promise<void>;
  /** Records this node's subscriber count so channel queries can sum all nodes. */
  localCountChanged(appId: string, channel: string, count: number): void;
  /** Subscriber counts per occupied channel across all nodes. */
  channelCounts(appId: string): Promise<Map<string, number>>;
  close(): Promise<void>;
}

export function createLocalCluster(registry: ChannelRegistry): Cluster {
  return {
    presence: new MemoryPresenceStore(),
    publish: async () => undefined,
    localCountChanged: () => undefined,
    channelCounts: async (appId) => registry.counts(appId),
    close: async () => undefined,
  };
}
