import { and, desc, eq, isNull } from 'drizzle-orm';
import type { EmailStatus } from '../../../shared/api/olympiad';
import { VERIFICATION_RESEND_SECONDS, VERIFICATION_TTL_HOURS } from '../../../shared/validation/olympiad-account';
import type { Db } from '../../db/client';
import { olympiadEmailVerifications, olympiadParticipants, type OlympiadParticipant, type User } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { newToken, sha256 } from '../auth/token-hash';

type Letter = typeof olympiadEmailVerifications.$inferSelect;

export interface VerificationState {
  status: EmailStatus;
  /** Seconds until another letter may be asked for. */
  resendIn: number;
}

const linkError = (key: string) => new HttpError(422, key, undefined, { token: [{ key }] });

/** Verified means: this very address was confirmed; a changed e-mail must be confirmed again. */
export const isEmailVerified = (participant: OlympiadParticipant, user: User) =>
  participant.emailVerifiedAt !== null && !!user.email && participant.verifiedEmail === user.email;

/**
 * DESIGN's e-mail verification: not_verified → letter_sent → verified. A
 * letter may follow the previous one after 30 seconds (429 before).
 */
export function verificationService(db: Db, now: () => Date = () => new Date()) {
  async function latestLetter(userId: number): Promise<Letter | null> {
    const [row] = await db
      .select()
      .from(olympiadEmailVerifications)
      .where(eq(olympiadEmailVerifications.userId, userId))
      .orderBy(desc(olympiadEmailVerifications.createdAt))
      .limit(1);
    return row ?? null;
  }

  const waitSeconds = (letter: Letter | null, at: Date) =>
    letter ? Math.max(0, Math.ceil(VERIFICATION_RESEND_SECONDS - (at.getTime() - letter.createdAt.getTime()) / 1000)) : 0;

  return {
    async state(participant: OlympiadParticipant, user: User): Promise<VerificationState> {
      const at = now();
      const letter = await latestLetter(participant.userId);
      const resendIn = waitSeconds(letter, at);
      if (isEmailVerified(participant, user)) return { status: 'verified', resendIn };
      const live = letter && !letter.consumedAt && letter.email === user.email && letter.expiresAt > at;
      return { status: live ? 'letter_sent' : 'not_verified', resendIn };
    },

    /**
     * Stores a new link for the account's current address and hands its token
     * to `deliver`; a delivery that fails takes the link back, so the
     * participant may ask again at once.
     */
    async send(participant: OlympiadParticipant, user: User, deliver: (token: string) => Promise<void>): Promise<void> {
      if (isEmailVerified(participant, user)) throw new HttpError(409, 'olympiad.errors.alreadyVerified');
      if (!user.email) throw new HttpError(409, 'olympiad.errors.noEmail');
      const at = now();
      const wait = waitSeconds(await latestLetter(participant.userId), at);
      if (wait > 0) throw tooManyRequests(wait, 'olympiad.errors.resendWait');
      const token = newToken();
      const [row] = await db
        .insert(olympiadEmailVerifications)
        .values({
          userId: participant.userId,
          email: user.email,
          tokenHash: sha256(token),
          createdAt: at,
          expiresAt: new Date(at.getTime() + VERIFICATION_TTL_HOURS * 3600 * 1000),
        })
        .returning({ id: olympiadEmailVerifications.id });
      try {
        await deliver(token);
      } catch (error) {
        await db.delete(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.id, row.id));
        throw error;
      }
    },

    /** Follows a link from a letter: once, before it expires, and only for the address the account still has. */
    async verify(token: string, currentEmailOf: (userId: number) => Promise<string | null>): Promise<{ email: string }> {
      const at = now();
      const [letter] = await db.select().from(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.tokenHash, sha256(token))).limit(1);
      if (!letter) throw linkError('olympiad.errors.linkInvalid');
      if (letter.consumedAt) throw linkError('olympiad.errors.linkUsed');
      if (letter.expiresAt <= at) throw linkError('olympiad.errors.linkExpired');
      if ((await currentEmailOf(letter.userId)) !== letter.email) throw linkError('olympiad.errors.linkInvalid');
      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(olympiadEmailVerifications)
          .set({ consumedAt: at })
          .where(and(eq(olympiadEmailVerifications.id, letter.id), isNull(olympiadEmailVerifications.consumedAt)))
          .returning({ id: olympiadEmailVerifications.id });
        // The same link opened twice at once: the other request won.
        if (consumed.length === 0) throw linkError('olympiad.errors.linkUsed');
        await tx
          .update(olympiadParticipants)
          .set({ emailVerifiedAt: at, verifiedEmail: letter.email })
          .where(eq(olympiadParticipants.userId, letter.userId));
        return { email: letter.email };
      });
    },
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
