import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';

/**
 * `@fastify/rate-limit` for every limited route and for message sends. With
 * `REDIS_URL` the counters live in Redis, so a limit holds however many API
 * nodes share the traffic; without it each node counts in memory.
 */
export default fp<{ redisUrl?: string }>(
  async (app, { redisUrl }) => {
    if (!redisUrl) {
      await app.register(rateLimit, { global: false });
      return;
    }
    // Fail fast at boot on a wrong URL; once running, ride out Redis restarts.
    let started = false;
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      // A request is not held up while Redis is away: the command fails and the limit lets it through (skipOnError).
      enableOfflineQueue: false,
      retryStrategy: (attempt) => (started ? Math.min(attempt * 100, 2_000) : null),
    });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit: redis error'));
    try {
      await redis.connect();
    } catch (error) {
      if (redis.status !== 'end') redis.disconnect();
      throw new Error(`rate limits: cannot connect to Redis: ${(error as Error).message}`);
    }
    started = true;
    app.addHook('onClose', async () => {
      if (redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, nameSpace: 'rate-limit:', skipOnError: true });
  },
  { name: 'rate-limits' },
);
