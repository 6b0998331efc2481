import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages';
import type { ContactKind } from '../../../shared/validation/contact';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { guessThrottle } from '../auth/guess-throttle';
import { pendingOf, provePendingAddress } from '../auth/address-ownership';
import type { CodeSender } from '../auth/code-sender';
import type { OtpService } from '../auth/otp-service';

/** Confirmation codes one client may have sent, whatever the addresses. */
export const CODES_PER_CLIENT = 20;
export const CODES_PER_CLIENT_WINDOW_SECONDS = 10 * 60;

/**
 * A marketplace account's pending e-mail or phone: a code goes to the new address, and
 * the address becomes the account's when the code comes back. Whether the address
 * already belongs to someone is told only to whoever proves they own it.
 */
export function contactClaims(db: Db, otp: OtpService, sender: CodeSender, log: FastifyBaseLogger) {
  const throttle = guessThrottle(db);
  return {
    /** Sends a code to the account's pending address (429 within the resend wait, 503 when delivery fails). */
    async sendCode(user: User, kind: ContactKind, lang: Language, client: string): Promise<void> {
      const address = pendingOf(user, kind);
      if (!address) throw new HttpError(409, 'auth.errors.noPendingAddress');
      // Per client across addresses, as for sign-in codes: nobody turns profile saves into a mail cannon.
      const sent = await throttle.count([{ key: `address-codes:ip:${client}`, max: CODES_PER_CLIENT, windowSeconds: CODES_PER_CLIENT_WINDOW_SECONDS }]);
      if (sent.left < 0) throw tooManyRequests(sent.retryAfter);
      const scope = { address, owner: user.id };
      const { code, id } = await otp.issue(scope, client);
      try {
        await sender.send({ channel: kind, address, code, lang, purpose: 'confirm' });
      } catch (error) {
        await otp.withdraw(id);
        log.error({ err: error, channel: kind }, 'confirmation code delivery failed');
        throw new HttpError(503, 'auth.errors.sendFailed');
      }
      await otp.activate(scope, client, id);
    },

    /** The code came back: the pending address becomes the account's, and the old one is told. */
    async confirm(user: User, kind: ContactKind, code: string, lang: Language, client: string): Promise<User> {
      const address = pendingOf(user, kind);
      if (!address) throw new HttpError(409, 'auth.errors.noPendingAddress');
      const change = await otp.verify({ address, owner: user.id }, code, client, (tx) => provePendingAddress(tx, user.id, kind, address, 'code'));
      if (change.previous) {
        const notice = { channel: kind, address: change.previous, replacement: address, lang };
        sender.replaced(notice).catch((err: unknown) => log.error({ err }, 'address change notice failed'));
      }
      return change.user;
    },

    async cancel(userId: number, kind: ContactKind): Promise<User> {
      const [row] = await db
        .update(users)
        .set(kind === 'phone' ? { pendingPhone: null } : { pendingEmail: null })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },
  };
}

export type ContactClaims = ReturnType<typeof contactClaims>;
