import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_ROLES } from '../../../shared/roles';
import { tooManyRequests } from '../../lib/http-error';

/**
 * Messages one sender may send per window. A person typing never comes near
 * it; a script or a stuck retry loop does. Agents answer many people with
 * canned replies, so staff get more room. Same long-run rates as before
 * (1 and 3 a second), counted per 20-second window.
 */
export const SEND_WINDOW_MS = 20_000;
export const USER_SENDS_PER_WINDOW = 20;
export const STAFF_SENDS_PER_WINDOW = 60;

const TOO_MANY = 'chats.errors.tooManyMessages';

/**
 * The allowance shared by every way of sending a message (chats, support,
 * console replies): `@fastify/rate-limit`'s counter, keyed by the signed-in
 * user (by IP for a guest), in Redis when the app has `REDIS_URL`, so it
 * holds across API nodes. Called from the handler rather than as route
 * config, so that one counter serves all three routes and a retry of a stored
 * message is answered without using the allowance.
 */
export function sendLimit(app: FastifyInstance) {
  // Bumped by `reset`: counters under an older epoch are no longer looked at and expire on their own.
  let epoch = 0;
  const limit = app.createRateLimit({
    timeWindow: SEND_WINDOW_MS,
    max: (request) => (request.user && STAFF_ROLES.includes(request.user.role) ? STAFF_SENDS_PER_WINDOW : USER_SENDS_PER_WINDOW),
    keyGenerator: (request) => `send:${epoch}:${request.user ? `user:${request.user.id}` : `ip:${request.ip}`}`,
  });

  return {
    /** Refuses (429 with Retry-After) a sender whose allowance is used up, without using any of it. */
    async check(request: FastifyRequest): Promise<void> {
      const state = await limit(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) throw tooManyRequests(state.ttl / 1000, TOO_MANY);
    },

    /** Uses one message's allowance; refuses when there was none left (a concurrent send took the last). */
    async take(request: FastifyRequest): Promise<void> {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) throw tooManyRequests(state.ttl / 1000, TOO_MANY);
    },

    /** Full allowances for everyone (tests start each case afresh). */
    reset(): void {
      epoch++;
    },
  };
}

export type SendLimit = ReturnType<typeof sendLimit>;
