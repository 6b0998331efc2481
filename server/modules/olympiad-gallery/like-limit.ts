import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIKES_PER_WINDOW, LIKE_WINDOW_SECONDS } from '../../../shared/validation/olympiad-works-rules';
import { tooManyRequests } from '../../lib/http-error';

/**
 * Likes and take-backs one person may make per window: `@fastify/rate-limit`'s counter keyed by
 * the signed-in user (in Redis with `REDIS_URL`, so it holds across API nodes), as chat sends are
 * limited (chats/send-limit.ts). Every attempt counts, a repeated one too: a script toggling a
 * like is exactly what this stops.
 */
export function likeLimit(app: FastifyInstance) {
  const limit = app.createRateLimit({
    timeWindow: LIKE_WINDOW_SECONDS * 1000,
    max: LIKES_PER_WINDOW,
    keyGenerator: (request) => `like:${request.user ? `user:${request.user.id}` : `ip:${request.ip}`}`,
  });

  return {
    /** Uses one like's allowance; 429 with Retry-After when none is left. */
    async take(request: FastifyRequest): Promise<void> {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(state.ttl / 1000, 'olympiad.gallery.errors.tooManyLikes');
    },
  };
}
