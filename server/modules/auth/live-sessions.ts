import { getTableColumns } from 'drizzle-orm';
import { namedStatement, type Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { groupedCalls } from '../../lib/grouped-calls';

// Writing last_used_at on every request would turn reads into writes; once a minute is enough for the sessions list.
export const TOUCH_EVERY_MS = 60_000;

export interface LiveSession {
  user: User;
  tokenId: number;
}

/** Each key of `User` with its column: the row comes back in snake_case and leaves as the drizzle row would. */
const USER_COLUMNS = Object.entries(getTableColumns(users)).map(([key, column]) => ({ key, name: column.name }));

/**
 * The live tokens among $1 (a JSON array of hashes) with their users: not revoked, not expired ($2 is
 * now), and the user not blocked (a blocked account's tokens are revoked when it is blocked; refusing
 * blocked users here as well keeps them out even if a token were missed, issued in a race with the block).
 *
 * Why not `token_hash = any($1::varchar[])`: PostgreSQL costs a generic plan for an array parameter at
 * 10 elements and a custom one at the array's real length, so for the usual group of one or two it
 * never settles on the generic plan and plans every execution afresh (measured one lookup at a time on a
 * throwaway cluster: 3.6 times the PostgreSQL CPU of the single-token statement at 200 tokens, 37 times at
 * 2,000; planning 0.19 ms against 0.02 ms executing). A set-returning function is costed alike both
 * ways, so the generic plan is kept; the lateral subquery with `limit 1` keeps the plan one index lookup
 * per hash, whatever the statistics say.
 */
const LIVE_TOKENS = `
select live.* from jsonb_array_elements_text($1::jsonb) as h(hash) cross join lateral (
  select t.token_hash as token_hash, t.id as token_id, t.last_used_at as token_last_used_at,
         ${USER_COLUMNS.map(({ name }) => `u."${name}"`).join(', ')}
    from auth_tokens t join users u on u.id = t.user_id
   where t.token_hash = h.hash and t.revoked_at is null and t.expires_at > $2 and u.blocked_at is null
   limit 1) live`;

/**
 * Marks the tokens $1 used at $2, unless already marked since $3 (by another request or API process).
 * An array parameter here, unlike above: touches are rare, so PostgreSQL planning each one for the
 * array's real length costs little, and it keeps it on the primary key. Skip locked: a token another
 * statement is touching right now is being touched anyway, and two batches locking shared rows in
 * different orders could otherwise deadlock.
 */
const TOUCH_TOKENS = `
update auth_tokens set last_used_at = $2
 where id in (select id from auth_tokens where id = any($1::int[]) and last_used_at < $3 order by id for update skip locked)`;

type Row = Record<string, unknown> & { token_hash: string; token_id: number; token_last_used_at: Date };

// pg and PGlite already give each column the type drizzle would (timestamptz as Date, int4 as number),
// so the row only needs its keys renamed; the tests hold the result equal to drizzle's own row.
function userOf(row: Row): User {
  const user: Record<string, unknown> = {};
  for (const { key, name } of USER_COLUMNS) user[key] = row[name];
  return user as User;
}

/**
 * Session lookups in groups (`groupedCalls`): every authenticated request needs one, so the requests of
 * one event-loop turn, or those arriving while a lookup is under way, share ONE statement instead of a
 * round trip each. Still no cache: a lookup's statement is sent after its request arrived, so a token
 * revoked before that request is refused by it.
 */
export function liveSessions(db: Db) {
  const liveTokens = namedStatement<Row>(db, 'auth_live_tokens', LIVE_TOKENS);
  const touchTokens = namedStatement(db, 'auth_touch_tokens', TOUCH_TOKENS);

  // One at a time: touches are bookkeeping, and must not take the pool's connections from requests.
  const touch = groupedCalls(
    async (tokenIds: number[]) => {
      const now = new Date();
      await touchTokens([tokenIds, now, new Date(now.getTime() - TOUCH_EVERY_MS)]);
      return tokenIds;
    },
    { concurrency: 1 },
  );

  async function lookUp(hashes: string[]): Promise<Array<LiveSession | null>> {
    const now = new Date();
    const rows = await liveTokens([JSON.stringify([...new Set(hashes)]), now]);
    const byHash = new Map(rows.map((row) => [row.token_hash, row]));
    for (const row of rows) {
      // Not awaited: a touch is a commit, and no request should wait for one to be told who it is.
      // One that fails is tried again by the token's next request, which finds it still stale.
      if (now.getTime() - row.token_last_used_at.getTime() > TOUCH_EVERY_MS) touch(row.token_id).catch(() => undefined);
    }
    // Each caller its own user object, even for the same token twice: a request may not see another's changes.
    return hashes.map((hash) => {
      const row = byHash.get(hash);
      return row ? { user: userOf(row), tokenId: row.token_id } : null;
    });
  }

  /** The live session of a token's hash, or null when unknown, expired, revoked or its user blocked. */
  return groupedCalls(lookUp);
}
