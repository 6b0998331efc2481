import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '../../../shared/validation/auth';
import { contactKind } from '../../../shared/validation/contact';
import type { Db } from '../../db/client';
import { authCodes, users, type User } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { sha256 } from './token-hash';

/** At most this many codes per address per window: a mailbox is not a spam target. */
export const CODES_PER_ADDRESS = 5;
export const CODES_WINDOW_SECONDS = 15 * 60;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const codeError = (key: string, values?: Record<string, number>) =>
  new HttpError(422, key, values, { code: [{ key, values }] });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises everything about one address (limits, issue, sign-up) across requests and nodes. */
async function lockAddress(tx: Tx, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${address}`}))`);
}

export function otpService(db: Db, now: () => Date = () => new Date()) {
  return {
    /**
     * Stores a fresh code for the address and returns it for delivery. Older
     * codes keep working until this one is delivered (see `activate`), so a
     * failed resend never strands the user.
     */
    async issue(address: string, ip: string): Promise<{ code: string; id: number }> {
      const current = now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await db.transaction(async (tx) => {
        await lockAddress(tx, address);
        const windowStart = new Date(current.getTime() - CODES_WINDOW_SECONDS * 1000);
        const recent = await tx
          .select({ createdAt: authCodes.createdAt })
          .from(authCodes)
          .where(and(eq(authCodes.address, address), gt(authCodes.createdAt, windowStart)))
          .orderBy(desc(authCodes.createdAt));
        const last = recent[0];
        if (last) {
          const wait = OTP_RESEND_SECONDS - (current.getTime() - last.createdAt.getTime()) / 1000;
          if (wait > 0) throw tooManyRequests(wait, 'auth.errors.tooManyCodes');
        }
        if (recent.length >= CODES_PER_ADDRESS) {
          const oldest = recent[recent.length - 1];
          const wait = CODES_WINDOW_SECONDS - (current.getTime() - oldest.createdAt.getTime()) / 1000;
          throw tooManyRequests(wait, 'auth.errors.tooManyCodes');
        }
        const [row] = await tx
          .insert(authCodes)
          .values({
            address,
            codeHash: sha256(code),
            ip,
            createdAt: current,
            expiresAt: new Date(current.getTime() + OTP_TTL_SECONDS * 1000),
          })
          .returning({ id: authCodes.id });
        return row.id;
      });
      return { code, id };
    },

    /** The code reached its owner: every older code of the address stops working. */
    async activate(address: string, id: number): Promise<void> {
      await db
        .update(authCodes)
        .set({ consumedAt: now() })
        .where(and(eq(authCodes.address, address), ne(authCodes.id, id), isNull(authCodes.consumedAt)));
    },

    /** Forgets a code that never reached its owner, so the resend wait does not apply to it. */
    async withdraw(id: number): Promise<void> {
      await db.delete(authCodes).where(eq(authCodes.id, id));
    },

    /**
     * Checks the code; a right one is consumed and yields the account (created
     * on first sign-in). Every try is counted before the comparison, atomically,
     * so parallel guesses cannot exceed the limit.
     */
    async verify(address: string, code: string): Promise<User> {
      const current = now();
      const [row] = await db
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.address, address), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, current)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      if (!row) throw codeError('auth.errors.codeExpired');
      const [counted] = await db
        .update(authCodes)
        .set({ attempts: sql`${authCodes.attempts} + 1` })
        .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt), lt(authCodes.attempts, OTP_MAX_ATTEMPTS)))
        .returning({ attempts: authCodes.attempts });
      if (!counted) throw codeError('auth.errors.codeAttempts');
      if (!sameHash(row.codeHash, sha256(code))) {
        const left = Math.max(0, OTP_MAX_ATTEMPTS - counted.attempts);
        throw left === 0 ? codeError('auth.errors.codeAttempts') : codeError('auth.errors.codeInvalid', { left });
      }
      return db.transaction(async (tx) => {
        await lockAddress(tx, address);
        const consumed = await tx
          .update(authCodes)
          .set({ consumedAt: current })
          .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
          .returning({ id: authCodes.id });
        // A parallel request with the same code already used it.
        if (consumed.length === 0) throw codeError('auth.errors.codeExpired');
        const column = contactKind(address) === 'phone' ? users.phone : users.email;
        const [existing] = await tx.select().from(users).where(eq(column, address)).limit(1);
        if (existing) return existing;
        const [created] = await tx
          .insert(users)
          .values(contactKind(address) === 'phone' ? { phone: address } : { email: address })
          .returning();
        return created;
      });
    },
  };
}

export type OtpService = ReturnType<typeof otpService>;
