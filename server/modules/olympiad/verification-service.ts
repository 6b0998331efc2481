import { and, desc, eq, isNull } from 'drizzle-orm';
import type { EmailStatus } from '../../../shared/api/olympiad';
import { VERIFICATION_RESEND_SECONDS, VERIFICATION_TTL_HOURS } from '../../../shared/validation/olympiad-account';
import type { Db } from '../../db/client';
import { olympiadEmailVerifications, olympiadParticipants, users, type OlympiadParticipant, type User } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { provenByAnother, provePendingAddress, type ProvenChange } from '../auth/address-ownership';
import { newToken, sha256 } from '../auth/token-hash';

type Letter = typeof olympiadEmailVerifications.$inferSelect;

export interface VerificationState {
  status: EmailStatus;
  /** Seconds until another letter may be asked for. */
  resendIn: number;
}

/** What goes to the address waiting for proof: the link, or — when another account already proved it — a note to sign in there. */
export interface VerificationLetters {
  link(to: string, token: string): Promise<void>;
  alreadyOwned(to: string): Promise<void>;
}

const linkError = (key: string) => new HttpError(422, key, undefined, { token: [{ key }] });

/** Verified: the account's address is proven and no other waits to replace it. */
export const isEmailVerified = (user: User) => !!user.email && !user.pendingEmail;

/**
 * DESIGN's e-mail verification: not_verified → letter_sent → verified. The address being
 * verified is the account's pending one (address-ownership.ts); a letter may follow the
 * previous one after 30 seconds (429 before).
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
      if (isEmailVerified(user)) return { status: 'verified', resendIn };
      const live = letter && !letter.consumedAt && letter.email === user.pendingEmail && letter.expiresAt > at;
      return { status: live ? 'letter_sent' : 'not_verified', resendIn };
    },

    /**
     * Stores a new link for the account's pending address and sends it; a delivery that
     * fails takes the link back, so the participant may ask again at once. When another
     * account already proved the address, its owner gets a note instead of a link (the
     * answer is the same, so registration does not tell who has an account).
     */
    async send(participant: OlympiadParticipant, user: User, letters: VerificationLetters): Promise<void> {
      const to = user.pendingEmail;
      if (!to) throw new HttpError(409, user.email ? 'olympiad.errors.alreadyVerified' : 'olympiad.errors.noEmail');
      const at = now();
      const wait = waitSeconds(await latestLetter(participant.userId), at);
      if (wait > 0) throw tooManyRequests(wait, 'olympiad.errors.resendWait');
      const token = newToken();
      const [row] = await db
        .insert(olympiadEmailVerifications)
        .values({
          userId: participant.userId,
          email: to,
          tokenHash: sha256(token),
          createdAt: at,
          expiresAt: new Date(at.getTime() + VERIFICATION_TTL_HOURS * 3600 * 1000),
        })
        .returning({ id: olympiadEmailVerifications.id });
      try {
        const owned = await provenByAnother(db, 'email', to, user.id);
        await (owned ? letters.alreadyOwned(to) : letters.link(to, token));
      } catch (error) {
        await db.delete(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.id, row.id));
        throw error;
      }
    },

    /** Follows a link from a letter: once, before it expires, and only for the address the account still waits for. */
    async verify(token: string): Promise<ProvenChange> {
      const at = now();
      const [letter] = await db.select().from(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.tokenHash, sha256(token))).limit(1);
      if (!letter) throw linkError('olympiad.errors.linkInvalid');
      if (letter.consumedAt) throw linkError('olympiad.errors.linkUsed');
      if (letter.expiresAt <= at) throw linkError('olympiad.errors.linkExpired');
      const [owner] = await db.select({ pendingEmail: users.pendingEmail }).from(users).where(eq(users.id, letter.userId)).limit(1);
      if (owner?.pendingEmail !== letter.email) throw linkError('olympiad.errors.linkInvalid');
      return db.transaction(async (tx) => {
        const consumed = await tx
          .update(olympiadEmailVerifications)
          .set({ consumedAt: at })
          .where(and(eq(olympiadEmailVerifications.id, letter.id), isNull(olympiadEmailVerifications.consumedAt)))
          .returning({ id: olympiadEmailVerifications.id });
        // The same link opened twice at once: the other request won.
        if (consumed.length === 0) throw linkError('olympiad.errors.linkUsed');
        const change = await provePendingAddress(tx, letter.userId, 'email', letter.email, 'token');
        await tx
          .update(olympiadParticipants)
          .set({ emailVerifiedAt: at, verifiedEmail: letter.email })
          .where(eq(olympiadParticipants.userId, letter.userId));
        return change;
      });
    },
  };
}

export type VerificationService = ReturnType<typeof verificationService>;
