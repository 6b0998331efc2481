import type { PusherConnection } from './connection';
import { ErrorCode } from './protocol-errors';

export interface ActivityMonitorOptions {
  activityTimeoutMs: number;
  pongTimeoutMs: number;
  connections: () => Iterable<PusherConnection>;
  /** Called for a connection that missed its pong; it must be dropped and cleaned up. */
  onDead: (connection: PusherConnection) => void;
}

/**
 * Finds sockets whose peer vanished without a close frame (sleeping laptops,
 * dropped mobile networks). Both a protocol ping and a WebSocket ping are sent:
 * pusher-js answers the first, browsers answer the second automatically, and
 * either counts as a sign of life.
 */
export function startActivityMonitor(options: ActivityMonitorOptions): () => void {
  const { activityTimeoutMs, pongTimeoutMs } = options;
  const tick = (): void => {
    const now = Date.now();
    for (const connection of options.connections()) {
      if (connection.pingSentAt !== undefined) {
        if (now - connection.pingSentAt >= pongTimeoutMs) {
          connection.closeWithError(ErrorCode.pongNotReceived, 'Pong reply not received');
          options.onDead(connection);
        }
      } else if (now - connection.lastSeenAt >= activityTimeoutMs) {
        connection.pingSentAt = now;
        connection.send({ event: 'pusher:ping', data: {} });
        connection.socket.ping();
      }
    }
  };
  // Frequent enough that a connection is dropped soon after its grace ends, rare enough to cost nothing.
  const every = Math.max(100, Math.min(5_000, Math.min(activityTimeoutMs, pongTimeoutMs) / 4));
  const timer = setInterval(tick, every);
  timer.unref();
  return () => clearInterval(timer);
}
