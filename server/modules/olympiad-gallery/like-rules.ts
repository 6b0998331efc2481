import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError, conflict } from '../../lib/http-error';
import { requireVerifiedParticipant } from '../olympiad/participant-guard';

export const likeRefusal = {
  /** 409: liking one's own work (nothing is stored). */
  ownWork: () => conflict('olympiad.gallery.errors.ownWork'),
  /** 403: an olympiad account younger than the setting (`LIKE_MIN_ACCOUNT_AGE_MINUTES`). */
  accountTooNew: (minutes: number) => new HttpError(403, 'olympiad.gallery.errors.accountTooNew', { minutes }),
};

/**
 * Who may like: a participant with a confirmed e-mail (403 otherwise, as for tests and uploads) whose
 * olympiad account is at least `minAgeMinutes` old, so accounts made for a burst of likes are of no
 * use until then.
 */
export async function mayLike(db: Db, user: User, now: Date, minAgeMinutes: number): Promise<void> {
  const { participant } = await requireVerifiedParticipant(db, user);
  if (now.getTime() - participant.createdAt.getTime() < minAgeMinutes * 60_000) throw likeRefusal.accountTooNew(minAgeMinutes);
}
