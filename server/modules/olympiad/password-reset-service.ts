import { and, desc, eq, isNull } from 'drizzle-orm';
import { RESET_TTL_MINUTES, VERIFICATION_RESEND_SECONDS } from '../../../shared/validation/olympiad-account';
import type { Db } from '../../db/client';
import { olympiadPasswordResets } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { newToken, sha256 } from '../auth/token-hash';

type ResetLink = typeof olympiadPasswordResets.$inferSelect;

const linkError = (key: string) => new HttpError(422, key, undefined, { token: [{ key }] });

/** DESIGN's password recovery: request → link sent (single use, 60 minutes) → password changed. */
export function passwordResetService(db: Db, now: () => Date = () => new Date()) {
  return {
    /**
     * A fresh link for the account, or null when one went out less than 30
     * seconds ago (the caller answers the same either way). Older links stop
     * working: only the newest letter counts.
     */
    async issue(userId: number, ip: string): Promise<string | null> {
      const at = now();
      const [last] = await db
        .select({ createdAt: olympiadPasswordResets.createdAt })
        .from(olympiadPasswordResets)
        .where(eq(olympiadPasswordResets.userId, userId))
        .orderBy(desc(olympiadPasswordResets.createdAt))
        .limit(1);
      if (last && at.getTime() - last.createdAt.getTime() < VERIFICATION_RESEND_SECONDS * 1000) return null;
      const token = newToken();
      await db.transaction(async (tx) => {
        await tx
          .update(olympiadPasswordResets)
          .set({ consumedAt: at })
          .where(and(eq(olympiadPasswordResets.userId, userId), isNull(olympiadPasswordResets.consumedAt)));
        await tx.insert(olympiadPasswordResets).values({
          userId,
          tokenHash: sha256(token),
          ip: ip.slice(0, 64),
          createdAt: at,
          expiresAt: new Date(at.getTime() + RESET_TTL_MINUTES * 60 * 1000),
        });
      });
      return token;
    },

    /** The live link a token belongs to; 422 on the `token` field when it is unknown, used or expired. */
    async check(token: string): Promise<ResetLink> {
      const [link] = await db.select().from(olympiadPasswordResets).where(eq(olympiadPasswordResets.tokenHash, sha256(token))).limit(1);
      if (!link) throw linkError('olympiad.errors.linkInvalid');
      if (link.consumedAt) throw linkError('olympiad.errors.linkUsed');
      if (link.expiresAt <= now()) throw linkError('olympiad.errors.linkExpired');
      return link;
    },

    /** Uses the link up; of two requests with the same link only one gets here. */
    async consume(link: ResetLink): Promise<void> {
      const rows = await db
        .update(olympiadPasswordResets)
        .set({ consumedAt: now() })
        .where(and(eq(olympiadPasswordResets.id, link.id), isNull(olympiadPasswordResets.consumedAt)))
        .returning({ id: olympiadPasswordResets.id });
      if (rows.length === 0) throw linkError('olympiad.errors.linkUsed');
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
