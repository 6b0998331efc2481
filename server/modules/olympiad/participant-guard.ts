import type { Db } from '../../db/client';
import type { OlympiadParticipant, User } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { participantsRepository, type ParticipantAccount } from './participants-repository';

/**
 * The same rule for a participant row already loaded with other data (the
 * start of a test reads it in the same query as the test): the 403 to answer,
 * or null when the user may go on.
 */
export function participantRefusal(participant: OlympiadParticipant | null, user: User): HttpError | null {
  if (!participant) return new HttpError(403, 'olympiad.errors.notParticipant');
  // A proven address is enough: a change waiting for its own letter does not stop a participant.
  if (!user.email) return new HttpError(403, 'olympiad.errors.emailNotVerified');
  return null;
}

/**
 * For olympiad actions that need a confirmed participant (starting a test,
 * uploading a work): 403 with a clear message for a user who is not a
 * participant or whose e-mail is not verified; otherwise the account.
 */
export async function requireVerifiedParticipant(db: Db, user: User): Promise<ParticipantAccount> {
  const account = await participantsRepository(db).byUserId(user.id);
  const refusal = participantRefusal(account?.participant ?? null, account?.user ?? user);
  if (refusal) throw refusal;
  return account as ParticipantAccount;
}
