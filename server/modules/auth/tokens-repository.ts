import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, users, type User } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { newToken, sha256 } from './token-hash';

/** Signing in to a blocked account: the person reads why, in their language. */
export const accountBlocked = (reason: string) => new HttpError(403, 'auth.errors.blocked', { reason });

export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last_used_at on every request would turn reads into writes; once a minute is enough for the sessions list.
const TOUCH_EVERY_MS = 60_000;

export interface IssuedToken {
  token: string;
  id: number;
}

export function tokensRepository(db: Db) {
  // Every authenticated request runs it: built once and sent by name, so neither drizzle nor PostgreSQL plans it per request.
  const live = db
    .select({ user: users, tokenId: authTokens.id, lastUsedAt: authTokens.lastUsedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    // A blocked account's tokens are revoked when it is blocked; refusing blocked users here as well
    // keeps them out even if a token were missed (issued in a race with the block).
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
        isNull(users.blockedAt),
      ),
    )
    .limit(1)
    .prepare('auth_live_token');
  // Once a minute per session: at the start of a timed test every participant's first request does it.
  const touch = db
    .update(authTokens)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}` })
    .where(eq(authTokens.id, sql.placeholder('id')))
    .prepare('auth_touch_token');

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

    /** The live token's user, or null when unknown, expired or revoked. */
    async resolve(token: string): Promise<{ user: User; tokenId: number } | null> {
      const now = new Date();
      const [row] = await live.execute({ hash: sha256(token), now });
      if (!row) return null;
      if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
        await touch.execute({ now, id: row.tokenId });
      }
      return { user: row.user, tokenId: row.tokenId };
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
