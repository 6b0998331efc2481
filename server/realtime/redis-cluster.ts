import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ChannelBroadcast, Cluster } from './cluster';
import { errorFields, type RealtimeLogger } from './logger';
import { memberRemovedMessage } from './presence-messages';
import { RedisBus } from './redis-bus';
import { redisKeys } from './redis-keys';
import { RedisPresenceStore } from './redis-presence';

export interface RedisClusterOptions {
  url: string;
  prefix?: string;
  heartbeatMs?: number;
  /** A node silent this long is presumed dead and its presence entries are removed. */
  nodeTimeoutMs?: number;
  logger: RealtimeLogger;
  /** Delivers to this node's sockets: events other nodes published, and departures of dead nodes' users. */
  onBroadcast(message: ChannelBroadcast): void;
}

export interface RedisCluster extends Cluster {
  /** Removes what dead nodes left behind; runs on every heartbeat, exposed for tests. */
  sweepDeadNodes(): Promise<void>;
}

export async function createRedisCluster(options: RedisClusterOptions): Promise<RedisCluster> {
  const { logger } = options;
  const nodeId = randomUUID();
  const keys = redisKeys(options.prefix ?? 'realtime:');
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const nodeTimeoutMs = options.nodeTimeoutMs ?? 30_000;

  // Fail fast at boot so a wrong REDIS_URL is reported at once; once running, ride out Redis restarts.
  let started = false;
  const retryStrategy = (attempt: number): number | null => (started ? Math.min(attempt * 100, 2_000) : null);
  // Subscriber mode blocks ordinary commands, so pub/sub needs its own connection.
  const redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3, retryStrategy });
  const subscriber = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3, retryStrategy });
  for (const client of [redis, subscriber]) {
    client.on('error', (error: unknown) => logger.warn('realtime.redis.error', errorFields(error)));
  }
  const abandon = (): void => {
    // disconnect() on a client that already ended leaves a stray timer behind in ioredis.
    for (const client of [redis, subscriber]) if (client.status !== 'end') client.disconnect();
  };
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
  } catch (error) {
    abandon();
    throw new Error(`realtime: cannot connect to Redis at ${redactUrl(options.url)}: ${errorFields(error).error}`);
  }

  const presence = new RedisPresenceStore(redis, keys, nodeId);
  const bus = new RedisBus(redis, subscriber, keys.events, nodeId, logger);

  // Redis's clock, not ours, so skew between hosts cannot make a live node look dead.
  const redisNow = async (): Promise<number> => {
    const [seconds, micros] = await redis.time();
    return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
  };

  const heartbeat = async (): Promise<void> => {
    const added = await redis.zadd(keys.nodes, await redisNow(), nodeId);
    // Re-added means another node presumed this one dead (a long pause) and removed its presence members.
    if (started && Number(added) === 1) logger.error('realtime.redis.node_was_swept', { node: nodeId });
  };

  /** Leaves every presence channel on a node's behalf, announcing users who are now gone. */
  const removeNodeEntries = async (node: string): Promise<number> => {
    const entries = await presence.nodeEntries(node);
    for (const entry of entries) {
      if (await presence.leaveAs(node, entry)) {
        // The dead node cannot announce its users' departure, so this one does, to every node.
        const message = memberRemovedMessage(entry.appId, entry.channel, entry.userId);
        options.onBroadcast(message);
        await bus.publish(message);
      }
    }
    await redis.del(keys.nodeChannels(node), keys.nodePresence(node));
    await redis.zrem(keys.nodes, node);
    return entries.length;
  };

  const sweepNode = async (deadNode: string): Promise<void> => {
    // Several live nodes notice the same death; only one should announce the departures.
    const locked = await redis.set(keys.sweepLock(deadNode), nodeId, 'PX', nodeTimeoutMs, 'NX');
    if (locked !== 'OK') return;
    const presenceEntries = await removeNodeEntries(deadNode);
    logger.warn('realtime.redis.node_swept', { node: deadNode, presenceEntries });
  };

  const sweepDeadNodes = async (): Promise<void> => {
    const deadline = (await redisNow()) - nodeTimeoutMs;
    const dead = await redis.zrangebyscore(keys.nodes, '-inf', `(${deadline}`);
    for (const deadNode of dead) if (deadNode !== nodeId) await sweepNode(deadNode);
  };

  const liveNodes = async (): Promise<string[]> => {
    const deadline = (await redisNow()) - nodeTimeoutMs;
    return redis.zrangebyscore(keys.nodes, deadline, '+inf');
  };

  try {
    await heartbeat();
    await bus.start(options.onBroadcast);
    await sweepDeadNodes();
  } catch (error) {
    abandon();
    throw error;
  }
  started = true;

  let beating: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    beating = heartbeat()
      .then(sweepDeadNodes)
      .catch((error: unknown) => logger.warn('realtime.redis.heartbeat_failed', errorFields(error)));
  }, heartbeatMs);
  timer.unref();

  return {
    presence,
    sweepDeadNodes,
    publish: (message) => bus.publish(message),
    localCountChanged(appId, channel, count) {
      const field = JSON.stringify([appId, channel]);
      const write = count > 0 ? redis.hset(keys.nodeChannels(nodeId), field, count) : redis.hdel(keys.nodeChannels(nodeId), field);
      write.catch((error: unknown) => logger.warn('realtime.redis.count_failed', { channel, ...errorFields(error) }));
    },
    async channelCounts(appId) {
      const nodes = await liveNodes();
      const pipeline = redis.pipeline();
      for (const node of nodes) pipeline.hgetall(keys.nodeChannels(node));
      const replies = (await pipeline.exec()) ?? [];
      const result = new Map<string, number>();
      for (const [error, reply] of replies) {
        if (error) throw error;
        for (const [field, count] of Object.entries(reply as Record<string, string>)) {
          const [fieldApp, channel] = JSON.parse(field) as [string, string];
          if (fieldApp === appId) result.set(channel, (result.get(channel) ?? 0) + Number(count));
        }
      }
      return result;
    },
    async close() {
      clearInterval(timer);
      await beating;
      try {
        // Local sockets have normally left by now; this catches leaves that failed on the way.
        await removeNodeEntries(nodeId);
      } catch (error) {
        logger.warn('realtime.redis.deregister_failed', errorFields(error));
      }
      await Promise.allSettled([redis.quit(), subscriber.quit()]);
    },
  };
}

/** Keeps a password in REDIS_URL out of logs and error messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured URL';
  }
}
