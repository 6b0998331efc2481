import { MAIL_API } from './browser';

interface CaughtLetter {
  id: string;
  subject: string;
  text: string;
  to: Array<{ address: string }>;
  date: string;
}

/** Waits for the newest sign-in letter to `address` in the mail catcher and returns its code. */
export async function codeFromMailCatcher(address: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const response = await fetch(`${MAIL_API}/email`);
    const letters = (await response.json()) as CaughtLetter[];
    const mine = letters
      .filter((l) => l.to.some((t) => t.address === address) && new Date(l.date).getTime() >= after)
      .sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime());
    const code = mine[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sign-in letter reached ${address} within ${timeoutMs} ms`);
}
