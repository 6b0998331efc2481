import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottle } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

/**
 * A limit on guesses under one key. Keys name who guesses (the client) and, where there
 * is one, what is guessed (the account or address), never the account alone: OWASP's
 * lockout guidance, so strangers' wrong guesses cannot lock out the owner signing in
 * from their own client.
 */
export interface GuessLimit {
  key: string;
  max: number;
  windowSeconds: number;
}

export interface CountedTry {
  /** Tries left under the tightest limit after this one; below 0 means this try is over the limit. */
  left: number;
  /** Seconds until the tightest exhausted limit opens again (0 while none is exhausted). */
  retryAfter: number;
}

/** One message for every guessing lock, whatever was guessed and whether it exists. */
export function guessesLocked(seconds: number): HttpError {
  const whole = Math.max(1, Math.ceil(seconds));
  return new HttpError(429, 'auth.errors.tooManyGuesses', { minutes: Math.ceil(whole / 60) }, undefined, { 'retry-after': String(whole) });
}

/** Rows whose window ended this long ago are deleted now and then. */
const STALE_AFTER_MS = 24 * 3600 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Guess counters in the database, so the limits hold across API processes. A try is
 * counted before the secret is compared (atomically per key), so parallel guesses can
 * never exceed a limit; a right guess is then taken back.
 */
export function guessThrottle(db: Db, now: () => Date = () => new Date()) {
  let lastPurge = 0;

  async function purgeStale(at: Date) {
    if (at.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at.getTime();
    await db.delete(authThrottle).where(lt(authThrottle.windowStart, new Date(at.getTime() - STALE_AFTER_MS)));
  }

  return {
    async count(limits: GuessLimit[]): Promise<CountedTry> {
      const at = now();
      await purgeStale(at);
      const result: CountedTry = { left: Number.POSITIVE_INFINITY, retryAfter: 0 };
      for (const limit of limits) {
        const expired = sql`${authThrottle.windowStart} <= ${new Date(at.getTime() - limit.windowSeconds * 1000).toISOString()}::timestamptz`;
        const [row] = await db
          .insert(authThrottle)
          .values({ key: limit.key, failures: 1, windowStart: at })
          .onConflictDoUpdate({
            target: authThrottle.key,
            set: {
              failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
              windowStart: sql`case when ${expired} then ${at.toISOString()}::timestamptz else ${authThrottle.windowStart} end`,
            },
          })
          .returning({ failures: authThrottle.failures, windowStart: authThrottle.windowStart });
        const left = limit.max - row.failures;
        result.left = Math.min(result.left, left);
        if (left <= 0) {
          const opensIn = limit.windowSeconds - (at.getTime() - row.windowStart.getTime()) / 1000;
          result.retryAfter = Math.max(result.retryAfter, opensIn);
        }
      }
      return result;
    },

    /** A right guess: the client's earlier wrong ones under these keys are forgotten. */
    async clear(limits: GuessLimit[]): Promise<void> {
      if (limits.length === 0) return;
      await db.delete(authThrottle).where(
        inArray(
          authThrottle.key,
          limits.map((l) => l.key),
        ),
      );
    },

    /** Takes back one counted try (a right guess under a limit that counts only wrong ones). */
    async refund(limits: GuessLimit[]): Promise<void> {
      if (limits.length === 0) return;
      await db
        .update(authThrottle)
        .set({ failures: sql`greatest(${authThrottle.failures} - 1, 0)` })
        .where(
          inArray(
            authThrottle.key,
            limits.map((l) => l.key),
          ),
        );
    },
  };
}

export type GuessThrottle = ReturnType<typeof guessThrottle>;
