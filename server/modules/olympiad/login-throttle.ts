import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { olympiadParticipants, type OlympiadParticipant } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

/** Per account: this many wrong passwords within the window lock the account's sign-in until the window ends. */
export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

const windowStart = (now: Date) => new Date(now.getTime() - FAILED_LOGIN_WINDOW_SECONDS * 1000);

function lockedSeconds(failed: number, since: Date | null, now: Date): number {
  if (failed < MAX_FAILED_LOGINS || !since) return 0;
  return Math.max(0, FAILED_LOGIN_WINDOW_SECONDS - (now.getTime() - since.getTime()) / 1000);
}

/** 429 with Retry-After; the text speaks in minutes, a participant does not count seconds. */
function locked(seconds: number): HttpError {
  const whole = Math.max(1, Math.ceil(seconds));
  return new HttpError(429, 'olympiad.errors.accountLocked', { minutes: Math.ceil(whole / 60) }, undefined, { 'retry-after': String(whole) });
}

/**
 * Guards every check of a participant's password (sign-in, password change,
 * account deletion): a locked account is refused before the password is
 * looked at, so guessing cannot go on in the background.
 */
export function loginThrottle(db: Db) {
  return {
    assertOpen(participant: OlympiadParticipant, now: Date): void {
      const seconds = lockedSeconds(participant.failedLogins, participant.failedLoginsSince, now);
      if (seconds > 0) throw locked(seconds);
    },

    /** Counts a wrong password (atomically, so parallel guesses are all counted); throws once the limit is reached. */
    async recordFailure(userId: number, now: Date): Promise<void> {
      const fresh = sql`${olympiadParticipants.failedLoginsSince} is null or ${olympiadParticipants.failedLoginsSince} < ${windowStart(now).toISOString()}`;
      const [row] = await db
        .update(olympiadParticipants)
        .set({
          failedLogins: sql`case when ${fresh} then 1 else ${olympiadParticipants.failedLogins} + 1 end`,
          failedLoginsSince: sql`case when ${fresh} then ${now.toISOString()}::timestamptz else ${olympiadParticipants.failedLoginsSince} end`,
        })
        .where(eq(olympiadParticipants.userId, userId))
        .returning({ failed: olympiadParticipants.failedLogins, since: olympiadParticipants.failedLoginsSince });
      if (!row) return;
      const seconds = lockedSeconds(row.failed, row.since, now);
      if (seconds > 0) throw locked(seconds);
    },

    async recordSuccess(participant: OlympiadParticipant): Promise<void> {
      if (participant.failedLogins === 0) return;
      await db.update(olympiadParticipants).set({ failedLogins: 0, failedLoginsSince: null }).where(eq(olympiadParticipants.userId, participant.userId));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
