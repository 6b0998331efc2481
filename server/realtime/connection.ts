import { randomInt } from 'node:crypto';
import type { RealtimeApp } from './apps';
import type { ClientSocket } from './client-socket';
import type { PresenceMember } from './presence';
import { closeReason, type ErrorCodeValue } from './protocol-errors';
import { TokenBucket } from './rate-limiter';

export interface OutgoingMessage {
  event: string;
  channel?: string;
  data: unknown;
  user_id?: string;
}

/**
 * Random rather than sequential so ids stay unique across nodes without
 * coordination, and a client cannot guess another socket's id.
 */
export function newSocketId(): string {
  return `${randomInt(1, 1_000_000_000)}.${randomInt(1, 1_000_000_000)}`;
}

export class PusherConnection {
  readonly socketId = newSocketId();
  readonly channels = new Set<string>();
  /**
   * The member this socket joined each presence channel as, needed to leave it again. Made on the
   * first join, as is the client-event bucket on the first client event: most sockets need neither,
   * and at ten thousand sockets each empty one is a megabyte.
   */
  private presenceMembers: Map<string, PresenceMember> | undefined;
  private clientEvents: TokenBucket | undefined;
  lastSeenAt = Date.now();
  pingSentAt: number | undefined;
  /** Its channels being left, once the server has let go of it. */
  leaving: Promise<void> | undefined;

  constructor(
    readonly socket: ClientSocket,
    readonly app: RealtimeApp,
    private readonly clientEventsPerSecond: number,
    /** The client's address (proxy-aware) its connection is counted under. */
    readonly address: string,
  ) {}

  /** False once the socket has used its allowance of client events (a full bucket to start with). */
  takeClientEvent(): boolean {
    this.clientEvents ??= new TokenBucket(this.clientEventsPerSecond);
    return this.clientEvents.take();
  }

  memberIn(channel: string): PresenceMember | undefined {
    return this.presenceMembers?.get(channel);
  }

  joinedAs(channel: string, member: PresenceMember): void {
    (this.presenceMembers ??= new Map()).set(channel, member);
  }

  leftPresence(channel: string): void {
    this.presenceMembers?.delete(channel);
  }

  /** The server has let go of it: frames still in flight must not subscribe it again. */
  get closed(): boolean {
    return this.leaving !== undefined;
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.isOpen;
  }

  markAlive(): void {
    this.lastSeenAt = Date.now();
    this.pingSentAt = undefined;
  }

  send(message: OutgoingMessage): void {
    this.sendRaw(JSON.stringify(message));
  }

  /** Broadcasts serialize once and hand the same string to every socket. */
  sendRaw(frame: string): void {
    if (this.isOpen) this.socket.send(frame);
  }

  sendError(code: ErrorCodeValue, message: string, channel?: string): void {
    this.send({ event: 'pusher:error', ...(channel ? { channel } : {}), data: { code, message } });
  }

  /** pusher-js reads the close code, not the error event, to decide whether to reconnect. */
  closeWithError(code: ErrorCodeValue, message: string): void {
    this.sendError(code, message);
    this.socket.end(code, closeReason(message));
  }
}
