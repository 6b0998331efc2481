import type { PusherConnection } from './connection';

/** This node's sockets per app and channel: the fan-out list for every event. */
export class ChannelRegistry {
  private readonly apps = new Map<string, Map<string, Set<PusherConnection>>>();

  /** Returns the channel's local subscriber count after the change. */
  add(connection: PusherConnection, channel: string): number {
    let channels = this.apps.get(connection.app.id);
    if (!channels) {
      channels = new Map();
      this.apps.set(connection.app.id, channels);
    }
    let sockets = channels.get(channel);
    if (!sockets) {
      sockets = new Set();
      channels.set(channel, sockets);
    }
    sockets.add(connection);
    return sockets.size;
  }

  /** Returns the channel's local subscriber count after the change. */
  remove(connection: PusherConnection, channel: string): number {
    const channels = this.apps.get(connection.app.id);
    const sockets = channels?.get(channel);
    if (!channels || !sockets) return 0;
    sockets.delete(connection);
    // Empty entries would otherwise pile up for every short-lived per-user channel.
    if (sockets.size === 0) channels.delete(channel);
    if (channels.size === 0) this.apps.delete(connection.app.id);
    return sockets.size;
  }

  subscribers(appId: string, channel: string): ReadonlySet<PusherConnection> {
    return this.apps.get(appId)?.get(channel) ?? new Set();
  }

  counts(appId: string): Map<string, number> {
    const result = new Map<string, number>();
    for (const [channel, sockets] of this.apps.get(appId) ?? []) result.set(channel, sockets.size);
    return result;
  }
}
