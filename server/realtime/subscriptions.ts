import type { Broadcaster } from './broadcaster';
import { channelKind, isValidChannelName, requiresAuth, type ChannelKind } from './channel-names';
import type { ChannelRegistry } from './channel-registry';
import type { Cluster } from './cluster';
import type { PusherConnection } from './connection';
import { errorFields, type RealtimeLogger } from './logger';
import { parseChannelData, presenceSnapshot, type PresenceMember } from './presence';
import { memberAddedMessage, memberRemovedMessage } from './presence-messages';
import { ErrorCode } from './protocol-errors';
import { verifyChannelAuth } from './signature';
import type { CappedCounter } from './capped-counter';
import { userOfChannel } from './user-channels';

interface SubscribeRequest {
  channel?: unknown;
  auth?: unknown;
  channel_data?: unknown;
}

/** Joining and leaving channels, including presence bookkeeping shared with other nodes. */
export class Subscriptions {
  constructor(
    private readonly registry: ChannelRegistry,
    private readonly cluster: Cluster,
    private readonly broadcaster: Broadcaster,
    private readonly logger: RealtimeLogger,
    /** Sockets subscribed to each user's private channel, capped per user. */
    private readonly userSockets: CappedCounter,
  ) {}

  async subscribe(connection: PusherConnection, request: SubscribeRequest): Promise<void> {
    const { channel } = request;
    if (!isValidChannelName(channel)) {
      // A named refusal settles the channel in pusher-js (laravel-echo's .error() fires); a
      // bare pusher:error would leave it pending forever. Non-strings have no channel to name.
      if (typeof channel === 'string' && channel.length > 0) {
        this.reject(connection, channel, 'InvalidChannel', 'Invalid channel name', 400);
      } else {
        connection.sendError(ErrorCode.invalidMessage, 'Invalid channel name');
      }
      return;
    }
    const kind = channelKind(channel);
    const channelData = kind === 'presence' ? request.channel_data : undefined;
    if (kind === 'presence' && typeof channelData !== 'string') {
      this.reject(connection, channel, 'AuthError', 'Presence channels need channel_data', 401);
      return;
    }
    if (
      requiresAuth(kind) &&
      !verifyChannelAuth(connection.app, connection.socketId, channel, request.auth, channelData as string | undefined)
    ) {
      this.logger.info('realtime.subscription.rejected', { socketId: connection.socketId, channel });
      this.reject(connection, channel, 'AuthError', `Invalid signature for channel ${channel}`, 401);
      return;
    }
    let member: PresenceMember | undefined;
    if (kind === 'presence') {
      member = parseChannelData(channelData);
      if (!member) {
        this.reject(connection, channel, 'AuthError', 'channel_data must be JSON with a user_id', 400);
        return;
      }
    }
    if (connection.channels.has(channel)) {
      // A repeated subscribe only asks for the current state again; joining twice would skew presence counts.
      await this.acknowledge(connection, channel, kind);
      return;
    }

    const user = userSocketKey(connection, channel);
    if (user && !this.userSockets.take(user)) {
      this.logger.warn('realtime.user.over_quota', { socketId: connection.socketId, channel, limit: this.userSockets.max });
      // The socket is of no use to the SPA without its user channel: closed with a code pusher-js does not retry.
      connection.closeWithError(ErrorCode.overConnectionQuota, `Over connection quota: at most ${this.userSockets.max} connections per user`);
      return;
    }
    connection.channels.add(channel);
    this.cluster.localCountChanged(connection.app.id, channel, this.registry.add(connection, channel));
    if (!member) {
      await this.acknowledge(connection, channel, kind);
      return;
    }
    // Recorded before the await so a disconnect in the meantime still leaves the channel.
    connection.joinedAs(channel, member);
    try {
      const first = await this.cluster.presence.join(connection.app.id, channel, connection.socketId, member);
      await this.acknowledge(connection, channel, kind);
      if (first) {
        await this.broadcaster.broadcast(memberAddedMessage(connection.app.id, channel, member, connection.socketId));
      }
    } catch (error) {
      this.logger.error('realtime.presence.join_failed', { channel, ...errorFields(error) });
      await this.unsubscribe(connection, channel);
      this.reject(connection, channel, 'ServerError', 'Presence is unavailable, try again', 503);
    }
  }

  async unsubscribe(connection: PusherConnection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string' || !connection.channels.delete(channel)) return;
    const user = userSocketKey(connection, channel);
    if (user) this.userSockets.release(user);
    this.cluster.localCountChanged(connection.app.id, channel, this.registry.remove(connection, channel));
    const member = connection.memberIn(channel);
    if (!member) return;
    connection.leftPresence(channel);
    try {
      const last = await this.cluster.presence.leave(connection.app.id, channel, connection.socketId, member.user_id);
      if (last) await this.broadcaster.broadcast(memberRemovedMessage(connection.app.id, channel, member.user_id));
    } catch (error) {
      this.logger.error('realtime.presence.leave_failed', { channel, ...errorFields(error) });
    }
  }

  /** Idempotent: shutdown and the socket's own close event may both call it, and both wait for the same leaving. */
  disconnect(connection: PusherConnection): Promise<void> {
    if (!connection.leaving) {
      connection.leaving = Promise.all([...connection.channels].map((channel) => this.unsubscribe(connection, channel))).then(() => undefined);
    }
    return connection.leaving;
  }

  private async acknowledge(connection: PusherConnection, channel: string, kind: ChannelKind): Promise<void> {
    const data =
      kind === 'presence'
        ? JSON.stringify(presenceSnapshot(await this.cluster.presence.members(connection.app.id, channel)))
        : '{}';
    // The socket may have left while presence was being read; it has nothing to acknowledge then.
    if (connection.channels.has(channel)) {
      connection.send({ event: 'pusher_internal:subscription_succeeded', channel, data });
    }
  }

  /** pusher-js surfaces this as the channel's `pusher:subscription_error` (laravel-echo's `.error()`). */
  private reject(connection: PusherConnection, channel: string, type: string, error: string, status: number): void {
    connection.send({ event: 'pusher:subscription_error', channel, data: { type, error, status } });
  }
}

/** The key a socket on a user's own channel is counted under (apps are separate), if it is one. */
function userSocketKey(connection: PusherConnection, channel: string): string | undefined {
  const user = userOfChannel(channel);
  return user === undefined ? undefined : `${connection.app.id}:${user}`;
}
