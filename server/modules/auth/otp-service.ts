import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
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

export function otpService(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Stores a fresh code for the address and returns it for delivery; older codes stop working. */
    async issue(address: string, ip: string): Promise<{ code: string; id: number }> {
      const current = now();
      const windowStart = new Date(current.getTime() - CODES_WINDOW_SECONDS * 1000);
      const recent = await db
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
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await db.transaction(async (tx) => {
        await tx
          .update(authCodes)
          .set({ consumedAt: current })
          .where(and(eq(authCodes.address, address), isNull(authCodes.consumedAt)));
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

    /** Forgets a code that never reached its owner, so the resend wait does not apply to it. */
    async withdraw(id: number): Promise<void> {
      await db.delete(authCodes).where(eq(authCodes.id, id));
    },

    /**
     * Checks the code; a right one is consumed and yields the account (created
     * on first sign-in). Wrong codes count against the attempt limit.
     */
    async verify(address: string, code: string): Promise<User> {
      const current = now();
      const [row] = await db
        .select()
        .from(authCodes)
        .where(and(eq(authCodes.address, address), isNull(authCodes.consumedAt), gt(authCodes.expiresAt, current)))
        .orderBy(desc(authCodes.createdAt))
        .limit(1);
      if (!row) throw new HttpError(422, 'auth.errors.codeExpired', undefined, { code: [{ key: 'auth.errors.codeExpired' }] });
      if (row.attempts >= OTP_MAX_ATTEMPTS) {
        throw new HttpError(422, 'auth.errors.codeAttempts', undefined, { code: [{ key: 'auth.errors.codeAttempts' }] });
      }
      if (!sameHash(row.codeHash, sha256(code))) {
        // Counted atomically so parallel guesses cannot exceed the limit.
        const [updated] = await db
          .update(authCodes)
          .set({ attempts: sql`${authCodes.attempts} + 1` })
          .where(eq(authCodes.id, row.id))
          .returning({ attempts: authCodes.attempts });
        const left = Math.max(0, OTP_MAX_ATTEMPTS - updated.attempts);
        const key = left === 0 ? 'auth.errors.codeAttempts' : 'auth.errors.codeInvalid';
        throw new HttpError(422, key, { left }, { code: [{ key, values: { left } }] });
      }
      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(authCodes)
          .set({ consumedAt: current })
          .where(and(eq(authCodes.id, row.id), isNull(authCodes.consumedAt)))
          .returning({ id: authCodes.id });
        // A parallel request with the same code already used it.
        if (consumed.length === 0) {
          throw new HttpError(422, 'auth.errors.codeExpired', undefined, { code: [{ key: 'auth.errors.codeExpired' }] });
        }
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
