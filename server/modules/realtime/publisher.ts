import { randomUUID } from 'node:crypto';
import Pusher from 'pusher';
import type { FastifyBaseLogger } from 'fastify';
import type { PublishedEventMap } from '../../../shared/api/realtime-events';

export interface PusherTarget {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port: number;
  useTLS: boolean;
}

type Payload<E extends keyof PublishedEventMap> = Omit<PublishedEventMap[E], 'event_id'>;

export interface PublishManyOptions {
  /**
   * Publish only to channels of this prefix that someone is subscribed to now (one channel query
   * first): a broadcast to 100,000 users where 1,000 are online sends 1,000 events, not 100,000.
   * Someone who subscribes just after the query misses the live event, not the notification
   * (it is stored; their count is read when their page loads). If the query fails, all are sent.
   */
  onlyOccupied?: string;
}

export interface Publisher {
  /** Queues an event for delivery; call it after the data is committed. Never throws. */
  publish<E extends keyof PublishedEventMap>(channel: string, event: E, payload: Payload<E>): string;
  /**
   * Closes every realtime connection of the user (their `private-user.{id}` sockets) on every
   * node: Pusher's "terminate user connections" call. Queued like an event; call it after commit.
   */
  terminateUserConnections(userId: number): void;
  /**
   * Many events at once (a broadcast's batch: one per recipient), sent as Pusher batch calls of
   * `BATCH_EVENTS` with a few calls in flight, so thousands of recipients take hundreds of requests.
   */
  publishMany<E extends keyof PublishedEventMap>(events: Array<{ channel: string; event: E; payload: Payload<E> }>, options?: PublishManyOptions): void;
  /** Resolves when everything queued so far was sent or given up on. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_DELAYS_MS = [200, 1000, 3000, 10_000];
/** Pusher's (and our realtime server's) limit of events in one batch call. */
const BATCH_EVENTS = 10;
/** Batch calls of `publishMany` in flight at once: enough to keep up, few enough not to flood the service. */
const BATCH_CALLS_IN_FLIGHT = 8;

/**
 * Retry only when the event surely did not arrive: no connection, or the service
 * said so (5xx, 429). A timeout usually means it arrived late; sending it again
 * would deliver it twice and add load exactly when the service is struggling.
 * Clients repair counts on reconnect, so a rare lost event heals itself.
 */
export function worthRetrying(error: unknown): boolean {
  const failure = error as { status?: number; error?: { name?: string; code?: string } } | null;
  if (failure?.error?.name === 'AbortError') return false;
  if (typeof failure?.status === 'number') return failure.status >= 500 || failure.status === 429;
  return true;
}

/**
 * Publishes through the official `pusher` SDK, so pointing PUSHER_HOST/PORT/TLS at
 * Pusher Channels, Reverb or soketi needs no code change. A failed publish is
 * logged and retried in the background; the request that caused it has already answered.
 */
export function createPusherPublisher(target: PusherTarget, log: FastifyBaseLogger): Publisher {
  const pusher = new Pusher({
    appId: target.appId,
    key: target.key,
    secret: target.secret,
    host: target.host,
    port: String(target.port),
    useTLS: target.useTLS,
    timeout: 5000,
  });
  const pending = new Set<Promise<void>>();
  let closed = false;

  async function deliver(channel: string, event: string, data: object, eventId: string) {
    await withRetries(() => pusher.trigger(channel, event, data), { channel, event, eventId });
  }

  async function withRetries(send: () => Promise<unknown>, context: Record<string, unknown>) {
    const { channel, event, eventId } = context;
    for (let attempt = 0; ; attempt++) {
      try {
        await send();
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || closed || !worthRetrying(error)) {
          log.error({ err: error, channel, event, eventId, attempts: attempt + 1 }, 'realtime publish failed; giving up');
          return;
        }
        log.warn({ err: error, channel, event, eventId, attempt: attempt + 1 }, 'realtime publish failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  /** The occupied channels of a prefix (Pusher's channel query), or null when the service would not say. */
  async function occupiedChannels(prefix: string): Promise<Set<string> | null> {
    try {
      const response = await pusher.get({ path: '/channels', params: { filter_by_prefix: prefix } });
      if (!response.ok) throw new Error(`channel query answered ${response.status}`);
      const body = (await response.json()) as { channels?: Record<string, unknown> };
      if (!body.channels || typeof body.channels !== 'object') throw new Error('channel query gave no channels');
      return new Set(Object.keys(body.channels));
    } catch (error) {
      log.warn({ err: error, prefix }, 'realtime channel query failed; publishing to every channel');
      return null;
    }
  }

  // publishMany's chunks wait here; BATCH_CALLS_IN_FLIGHT workers drain it.
  const chunks: Array<Array<{ channel: string; name: string; data: object }>> = [];
  let draining = 0;
  async function drain() {
    draining++;
    try {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        const batch = chunk;
        await withRetries(() => pusher.triggerBatch(batch), { channel: batch[0].channel, event: batch[0].name, eventId: `batch of ${batch.length}` });
      }
    } finally {
      draining--;
    }
  }

  return {
    publish(channel, event, payload) {
      const eventId = randomUUID();
      const task = deliver(channel, event, { ...payload, event_id: eventId }, eventId).finally(() => pending.delete(task));
      pending.add(task);
      return eventId;
    },
    terminateUserConnections(userId) {
      const channel = `private-user.${userId}`;
      const task = withRetries(() => pusher.terminateUserConnections(String(userId)), { channel, event: 'terminate_connections', eventId: randomUUID() }).finally(() => pending.delete(task));
      pending.add(task);
    },
    publishMany(events, options = {}) {
      const enqueue = (chosen: typeof events) => {
        for (let at = 0; at < chosen.length; at += BATCH_EVENTS) {
          chunks.push(chosen.slice(at, at + BATCH_EVENTS).map(({ channel, event, payload }) => ({ channel, name: event, data: { ...payload, event_id: randomUUID() } })));
        }
        while (draining < BATCH_CALLS_IN_FLIGHT && chunks.length) {
          const task = drain().finally(() => pending.delete(task));
          pending.add(task);
        }
      };
      if (!options.onlyOccupied || !events.length) return enqueue(events);
      const task = occupiedChannels(options.onlyOccupied)
        .then((occupied) => enqueue(occupied ? events.filter((e) => occupied.has(e.channel)) : events))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      closed = true;
      await Promise.all([...pending]);
    },
  };
}

/** Keeps events in memory: for tests that assert what would have been sent. */
export function memoryPublisher(): Publisher & { sent: Array<{ channel: string; event: string; data: Record<string, unknown> }>; terminated: number[] } {
  const sent: Array<{ channel: string; event: string; data: Record<string, unknown> }> = [];
  const terminated: number[] = [];
  return {
    sent,
    terminated,
    terminateUserConnections(userId) {
      terminated.push(userId);
    },
    publish(channel, event, payload) {
      const eventId = randomUUID();
      sent.push({ channel, event, data: { ...payload, event_id: eventId } });
      return eventId;
    },
    publishMany(events) {
      for (const { channel, event, payload } of events) sent.push({ channel, event, data: { ...payload, event_id: randomUUID() } });
    },
    flush: async () => undefined,
    close: async () => undefined,
  };
}
