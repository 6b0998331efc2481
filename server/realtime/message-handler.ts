import type { Broadcaster } from './broadcaster';
import { relayClientEvent } from './client-events';
import type { PusherConnection } from './connection';
import { errorFields, type RealtimeLogger } from './logger';
import { ErrorCode } from './protocol-errors';
import type { Subscriptions } from './subscriptions';

interface IncomingMessage {
  event: string;
  channel?: unknown;
  data?: unknown;
}

export interface MessageHandlerOptions {
  maxMessageBytes: number;
  subscriptions: Subscriptions;
  broadcaster: Broadcaster;
  logger: RealtimeLogger;
}

function parse(text: string): IncomingMessage | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { event?: unknown }).event !== 'string') {
    return undefined;
  }
  const message = parsed as IncomingMessage;
  // Some clients double-encode `data`; accept both so they subscribe the same way pusher-js does.
  if (typeof message.data === 'string' && message.event.startsWith('pusher:')) {
    try {
      message.data = JSON.parse(message.data);
    } catch {
      // leave it as the string it was
    }
  }
  return message;
}

/**
 * Dispatches one frame. Never throws: a bad frame costs its sender an error message, not the server.
 * The frame is uWS's buffer, valid only until the first await: it is read before anything else.
 */
export function createMessageHandler(options: MessageHandlerOptions) {
  const { maxMessageBytes, subscriptions, broadcaster, logger } = options;

  return async (connection: PusherConnection, frame: ArrayBuffer): Promise<void> => {
    // Frames still in flight after the server let go of a socket must not subscribe it again.
    if (connection.closed) return;
    connection.markAlive();
    if (frame.byteLength > maxMessageBytes) {
      connection.sendError(ErrorCode.messageTooLarge, `Message exceeds ${maxMessageBytes} bytes`);
      return;
    }
    const message = parse(Buffer.from(frame).toString('utf8'));
    if (!message) {
      connection.sendError(ErrorCode.invalidMessage, 'Message must be a JSON object with an event name');
      return;
    }
    try {
      await dispatch(connection, message);
    } catch (error) {
      logger.error('realtime.message.failed', { event: message.event, ...errorFields(error) });
    }
  };

  async function dispatch(connection: PusherConnection, message: IncomingMessage): Promise<void> {
    const data = typeof message.data === 'object' && message.data !== null ? (message.data as Record<string, unknown>) : {};
    switch (message.event) {
      case 'pusher:ping':
        connection.send({ event: 'pusher:pong', data: {} });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        await subscriptions.subscribe(connection, data);
        return;
      case 'pusher:unsubscribe':
        await subscriptions.unsubscribe(connection, data.channel);
        return;
      default:
        if (message.event.startsWith('client-')) {
          await relayClientEvent(connection, message, broadcaster, logger);
          return;
        }
        connection.sendError(ErrorCode.invalidMessage, `Unsupported event ${message.event.slice(0, 64)}`);
    }
  }
}
