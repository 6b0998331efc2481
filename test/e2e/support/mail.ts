import { MAIL_API } from './browser';
import { waitFor } from './wait-for';

interface CaughtLetter {
  id: string;
  subject: string;
  text: string;
  to: Array<{ address: string }>;
  date: string;
}

async function lettersTo(address: string): Promise<CaughtLetter[]> {
  const letters = (await (await fetch(`${MAIL_API}/email`)).json()) as CaughtLetter[];
  return letters.filter((l) => l.to.some((t) => t.address === address));
}

/** The letters `address` has already had: a wait for the next one leaves them out (their dates are only to the second). */
export const lettersSeenBy = async (address: string): Promise<Set<string>> => new Set((await lettersTo(address)).map((l) => l.id));

/**
 * Waits for a letter to `address`, sent at `after` or later, from which `pick` takes something,
 * and returns what it takes from the newest such letter.
 */
async function fromNewestLetter(address: string, after: number, pick: (letter: CaughtLetter) => string | undefined, what: string, timeoutMs = 10_000, seen = new Set<string>()): Promise<string> {
  const picked = async () => {
    const letters = await lettersTo(address);
    return letters
      .filter((l) => !seen.has(l.id) && new Date(l.date).getTime() >= after)
      .sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime())
      .map(pick)
      .find(Boolean);
  };
  return waitFor(picked, { timeoutMs, intervalMs: 200, what: `${what} reaches ${address}` });
}

/** Waits for the newest sign-in letter to `address` in the mail catcher and returns its code. */
export function codeFromMailCatcher(address: string, after = 0, timeoutMs = 10_000, seen?: Set<string>): Promise<string> {
  return fromNewestLetter(address, after, (letter) => letter.text.match(/\b(\d{6})\b/)?.[1], 'a sign-in letter', timeoutMs, seen);
}

/** Waits for the newest letter to `address` holding a link to `/olympiad/<kind>?token=…` and returns the link. */
export function linkFromMailCatcher(address: string, kind: 'verify' | 'recover', after: number): Promise<string> {
  const pattern = new RegExp(`https?://\\S+/olympiad/${kind}\\?token=[A-Za-z0-9_-]+`);
  return fromNewestLetter(address, after, (letter) => pattern.exec(letter.text)?.[0], `a ${kind} letter`);
}
