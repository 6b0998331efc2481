import type { Db } from '../../db/client';
import type { User } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { participantsRepository, type ParticipantAccount } from './participants-repository';
import { isEmailVerified } from './verification-service';

/**
 * For olympiad actions that need a confirmed participant (starting a test,
 * uploading a work): 403 with a clear message for a user who is not a
 * participant or whose e-mail is not verified; otherwise the account.
 */
export async function requireVerifiedParticipant(db: Db, user: User): Promise<ParticipantAccount> {
  const account = await participantsRepository(db).byUserId(user.id);
  if (!account) throw new HttpError(403, 'olympiad.errors.notParticipant');
  if (!isEmailVerified(account.participant, account.user)) throw new HttpError(403, 'olympiad.errors.emailNotVerified');
  return account;
}
