import type { Broadcaster } from './broadcaster';
import { allowsClientEvents, channelKind, isValidEventName } from './channel-names';
import type { PusherConnection } from './connection';
import { errorFields, type RealtimeLogger } from './logger';
import { ErrorCode } from './protocol-errors';

/**
 * Client events let browsers talk to each other without the API, so they are
 * limited to channels whose members the backend vetted (private, presence),
 * and rate-limited so one tab cannot flood a channel.
 */
export async function relayClientEvent(
  connection: PusherConnection,
  message: { event: string; channel?: unknown; data?: unknown },
  broadcaster: Broadcaster,
  logger: RealtimeLogger,
): Promise<void> {
  const { event, channel, data } = message;
  if (!isValidEventName(event)) {
    connection.sendError(ErrorCode.clientEventRejected, 'Client event name is too long');
    return;
  }
  if (typeof channel !== 'string' || !connection.channels.has(channel)) {
    connection.sendError(ErrorCode.clientEventRejected, 'Client event rejected: not subscribed to the channel');
    return;
  }
  if (!allowsClientEvents(channelKind(channel))) {
    connection.sendError(
      ErrorCode.clientEventRejected,
      'Client event rejected: only private and presence channels accept client events',
      channel,
    );
    return;
  }
  if (!connection.takeClientEvent()) {
    connection.sendError(ErrorCode.rateLimited, 'Client event rejected due to rate limit', channel);
    return;
  }
  try {
    await broadcaster.broadcast({
      appId: connection.app.id,
      channel,
      event,
      data,
      exceptSocketId: connection.socketId,
      userId: connection.memberIn(channel)?.user_id,
    });
  } catch (error) {
    logger.warn('realtime.client_event.publish_failed', { channel, ...errorFields(error) });
  }
}
