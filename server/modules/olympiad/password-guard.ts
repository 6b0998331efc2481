import { guessesLocked, type GuessLimit, type GuessThrottle } from '../auth/guess-throttle';

/** Wrong passwords one client may try on one account (or unknown login) in the window. */
export const PASSWORD_GUESSES_PER_ACCOUNT_AND_CLIENT = 5;
/** Wrong passwords one client may try across accounts: a school network shares one address. */
export const PASSWORD_GUESSES_PER_CLIENT = 50;
export const PASSWORD_GUESS_WINDOW_SECONDS = 15 * 60;

/**
 * What a password is checked against: an account by id, or the identifier typed when no
 * account has it, so an unknown login is limited exactly like a known one.
 */
export type PasswordSubject = { userId: number } | { identifier: string };

const subjectKey = (subject: PasswordSubject) => ('userId' in subject ? `u${subject.userId}` : `id:${subject.identifier.toLowerCase()}`);

function limits(subject: PasswordSubject, client: string): { pair: GuessLimit; client: GuessLimit } {
  return {
    pair: { key: `password:${subjectKey(subject)}|ip:${client}`, max: PASSWORD_GUESSES_PER_ACCOUNT_AND_CLIENT, windowSeconds: PASSWORD_GUESS_WINDOW_SECONDS },
    client: { key: `password:ip:${client}`, max: PASSWORD_GUESSES_PER_CLIENT, windowSeconds: PASSWORD_GUESS_WINDOW_SECONDS },
  };
}

/**
 * Guards every check of a participant's password (sign-in, password change, account
 * deletion). Guessing is slowed per account-and-client and per client, never per account
 * alone: the owner on their own device is not refused because strangers guessed wrong.
 */
export function passwordGuard(throttle: GuessThrottle) {
  return {
    /**
     * Runs `check` unless a limit is exhausted: true for the right password, false for a
     * wrong one, 429 (before the password is looked at) once a limit is reached.
     */
    async verify(subject: PasswordSubject, client: string, check: () => Promise<boolean>): Promise<boolean> {
      const { pair, client: perClient } = limits(subject, client);
      const tried = await throttle.count([pair, perClient]);
      if (tried.left < 0) throw guessesLocked(tried.retryAfter);
      if (await check()) {
        await throttle.clear([pair]);
        await throttle.refund([perClient]);
        return true;
      }
      if (tried.left === 0) throw guessesLocked(tried.retryAfter);
      return false;
    },
  };
}

export type PasswordGuard = ReturnType<typeof passwordGuard>;
