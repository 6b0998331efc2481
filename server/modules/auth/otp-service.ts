import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '../../../shared/validation/auth';
import type { Db } from '../../db/client';
import { authCodes } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { guessesLocked, guessThrottle, type GuessLimit } from './guess-throttle';
import { sha256 } from './token-hash';

/** Codes one client may ask for one address per window (on top of the 30 s resend wait). */
export const CODES_PER_ADDRESS_AND_CLIENT = 5;
export const CODES_WINDOW_SECONDS = 15 * 60;
/**
 * Codes for one address from all clients per hour: a mailbox is not a spam target. A
 * stranger alone cannot reach it (the per-client limit above stops them at 20 an hour).
 */
export const CODES_PER_ADDRESS = 30;
export const CODES_PER_ADDRESS_WINDOW_SECONDS = 60 * 60;
/** Wrong codes one client may type for one address per window (OTP_MAX_ATTEMPTS). */
export const CODE_GUESS_WINDOW_SECONDS = 15 * 60;
/**
 * Wrong tries that clients other than the one that asked for a code may make against it,
 * all together; after that only the asking client can still use it, so strangers cannot
 * void the owner's code.
 */
export const STRANGER_TRIES_PER_CODE = 10;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const codeError = (key: string, values?: Record<string, number>) => new HttpError(422, key, values, { code: [{ key, values }] });

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What a code is for: signing in whoever owns the address (`owner: null`), or proving
 * the address for one account's pending change (`owner`: that account's id).
 */
export interface CodeScope {
  address: string;
  owner: number | null;
}

/** Serialises everything about one address (limits, issue, sign-up, claims) across requests and nodes. */
export async function lockAddress(tx: Tx, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${address}`}))`);
}

const ownerIs = (owner: number | null) => (owner === null ? isNull(authCodes.userId) : eq(authCodes.userId, owner));

export function otpService(db: Db, now: () => Date = () => new Date()) {
  const throttle = guessThrottle(db, now);
  const guessLimit = (address: string, client: string): GuessLimit => ({
    key: `code:${address}|ip:${client}`,
    max: OTP_MAX_ATTEMPTS,
    windowSeconds: CODE_GUESS_WINDOW_SECONDS,
  });

  return {
    /**
     * Stores a fresh code and returns it for delivery. Older codes keep working until
     * this one is delivered (see `activate`), so a failed resend never strands the user.
     */
    async issue({ address, owner }: CodeScope, client: string): Promise<{ code: string; id: number }> {
      const current = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await db.transaction(async (tx) => {
        await lockAddress(tx, address);
        const since = (seconds: number) => new Date(current.getTime() - seconds * 1000);
        const recent = await tx
          .select({ createdAt: authCodes.createdAt, ip: authCodes.ip })
          .from(authCodes)
          .where(and(eq(authCodes.address, address), gt(authCodes.createdAt, since(CODES_PER_ADDRESS_WINDOW_SECONDS))))
          .orderBy(desc(authCodes.createdAt));
        const waitFor = (from: Date, seconds: number) => seconds - (current.getTime() - from.getTime()) / 1000;
        const mine = recent.filter((r) => r.ip === client && r.createdAt > since(CODES_WINDOW_SECONDS));
        if (mine[0]) {
          const wait = waitFor(mine[0].createdAt, OTP_RESEND_SECONDS);
          if (wait > 0) throw tooManyRequests(wait, 'auth.errors.tooManyCodes');
        }
        if (mine.length >= CODES_PER_ADDRESS_AND_CLIENT) throw tooManyRequests(waitFor(mine[mine.length - 1].createdAt, CODES_WINDOW_SECONDS), 'auth.errors.tooManyCodes');
        if (recent.length >= CODES_PER_ADDRESS) {
          throw tooManyRequests(waitFor(recent[recent.length - 1].createdAt, CODES_PER_ADDRESS_WINDOW_SECONDS), 'auth.errors.tooManyCodes');
        }
        const [row] = await tx
          .insert(authCodes)
          .values({
            address,
            userId: owner,
            codeHash: sha256(code),
            ip: client,
            createdAt: current,
            expiresAt: new Date(current.getTime() + OTP_TTL_SECONDS * 1000),
          })
          .returning({ id: authCodes.id });
        return row.id;
      });
      return { code, id };
    },

    /**
     * The code reached its owner: the same client's older codes for the same purpose stop
     * working. Other clients' codes stay, so a stranger asking for codes voids nothing.
     */
    async activate({ address, owner }: CodeScope, client: string, id: number): Promise<void> {
      await db
        .update(authCodes)
        .set({ consumedAt: now() })
        .where(and(eq(authCodes.address, address), ownerIs(owner), eq(authCodes.ip, client), ne(authCodes.id, id), isNull(authCodes.consumedAt)));
    },

    /** Forgets a code that never reached its owner, so the resend wait does not apply to it. */
    async withdraw(id: number): Promise<void> {
      await db.delete(authCodes).where(eq(authCodes.id, id));
    },

    /**
     * Checks a code and, when it is right, consumes it and runs `then` in the same
     * transaction (under the address lock). Every try is counted per address-and-client
     * before the comparison, atomically, so parallel guesses cannot exceed the limit.
     */
    async verify<T>({ address, owner }: CodeScope, code: string, client: string, then: (tx: Tx) => Promise<T>): Promise<T> {
      const current = now();
      const live = await db
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.address, address), ownerIs(owner), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, current)))
        .orderBy(desc(authCodes.createdAt));
      if (live.length === 0) throw codeError('auth.errors.codeExpired');
      const limit = guessLimit(address, client);
      const tried = await throttle.count([limit]);
      if (tried.left < 0) throw guessesLocked(tried.retryAfter);
      const hash = sha256(code);
      const match = live.find((row) => (row.ip === client || row.attempts < STRANGER_TRIES_PER_CODE) && sameHash(row.codeHash, hash));
      if (!match) {
        const strangers = live.filter((row) => row.ip !== client).map((row) => row.id);
        if (strangers.length) await db.update(authCodes).set({ attempts: sql`${authCodes.attempts} + 1` }).where(inArray(authCodes.id, strangers));
        if (tried.left === 0) throw guessesLocked(tried.retryAfter);
        throw codeError('auth.errors.codeInvalid', { left: tried.left });
      }
      await throttle.clear([limit]);
      return db.transaction(async (tx) => {
        await lockAddress(tx, address);
        const consumed = await tx
          .update(authCodes)
          .set({ consumedAt: current })
          .where(and(eq(authCodes.id, match.id), isNull(authCodes.consumedAt)))
          .returning({ id: authCodes.id });
        // A parallel request with the same code already used it.
        if (consumed.length === 0) throw codeError('auth.errors.codeExpired');
        return then(tx);
      });
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;
