import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { liveSessions, type LiveSession } from './live-sessions';
import { newToken, sha256 } from './token-hash';

/** Signing in to a blocked account: the person reads why, in their language. */
export const accountBlocked = (reason: string) => new HttpError(403, 'auth.errors.blocked', { reason });

export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface IssuedToken {
  token: string;
  id: number;
}

export function tokensRepository(db: Db) {
  const liveSession = liveSessions(db);

  return {
    /**
     * Every sign-in ends here (code, password, registration), so this is where a blocked account is
     * refused: 403 with the reason staff gave.
     */
    async issue(userId: number, meta: { userAgent?: string; ip?: string }): Promise<IssuedToken> {
      const [account] = await db.select({ blockedAt: users.blockedAt, reason: users.blockedReason }).from(users).where(eq(users.id, userId));
      if (account?.blockedAt) throw accountBlocked(account.reason ?? '');
      const token = newToken();
      const [row] = await db
        .insert(authTokens)
        .values({
          userId,
          tokenHash: sha256(token),
          userAgent: (meta.userAgent ?? '').slice(0, 512),
          ip: (meta.ip ?? '').slice(0, 64),
          expiresAt: new Date(Date.now() + TOKEN_TTL_MS),
        })
        .returning({ id: authTokens.id });
      return { token, id: row.id };
    },

    /** The live token's user, or null when unknown, expired or revoked (or the user blocked). */
    resolve(token: string): Promise<LiveSession | null> {
      return liveSession(sha256(token));
    },

    listActive(userId: number) {
      return db
        .select({
          id: authTokens.id,
          userAgent: authTokens.userAgent,
          ip: authTokens.ip,
          createdAt: authTokens.createdAt,
          lastUsedAt: authTokens.lastUsedAt,
          expiresAt: authTokens.expiresAt,
        })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date())))
        .orderBy(desc(authTokens.lastUsedAt));
    },

    /** Revokes one of the user's own tokens; false when it is not theirs or already gone. */
    async revoke(userId: number, tokenId: number): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(authTokens.id, tokenId), eq(authTokens.userId, userId), isNull(authTokens.revokedAt)))
        .returning({ id: authTokens.id });
      return rows.length > 0;
    },

    async revokeAllExcept(userId: number, keepTokenId: number | null): Promise<number> {
      const conditions = [eq(authTokens.userId, userId), isNull(authTokens.revokedAt)];
      if (keepTokenId !== null) conditions.push(ne(authTokens.id, keepTokenId));
      const rows = await db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(and(...conditions))
        .returning({ id: authTokens.id });
      return rows.length;
    },
  };
}

export type TokensRepository = ReturnType<typeof tokensRepository>;
