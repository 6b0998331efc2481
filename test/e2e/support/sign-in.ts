import type { BrowserContext, Page } from 'playwright-core';
import { BASE_URL, personAddress } from './browser';
import { codeFromMailCatcher, lettersSeenBy } from './mail';

/** Signs in through the real /auth screen with the code read from the mail catcher. */
export async function signInThroughUi(page: Page, address: string): Promise<void> {
  const sentAfter = Date.now() - 1000;
  // A sign-in of the same address a moment before (through the API) left a letter within that second: its code is used.
  const seen = await lettersSeenBy(address);
  await page.goto('/auth');
  await page.getByLabel(/E-mail/).fill(address);
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-sent').waitFor();
  const code = await codeFromMailCatcher(address, sentAfter, undefined, seen);
  await page.getByLabel(/^(Код|Code)$/).fill(code);
  await page.getByTestId('verify-code').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Signs in through the API (for the other party of a test, e.g. staff) and returns the bearer token. */
export async function signInThroughApi(address: string): Promise<string> {
  return (await signInThroughApiAs(address)).token;
}

/**
 * As signInThroughApi, with the account's id (what the SPA keeps in its `userId` cookie).
 * Every sign-in asks from an address of its own (a person of its own, browser.ts): the limits
 * on codes count per address and client, so no sign-in waits out another's, in this file or an
 * earlier one. A 429 here is a failure, not something to wait out.
 */
export async function signInThroughApiAs(address: string): Promise<{ token: string; userId: number }> {
  const sentAfter = Date.now() - 1000;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': personAddress() };
  const sent = await fetch(`${BASE_URL}/v1/auth`, { method: 'POST', headers, body: JSON.stringify({ address }) });
  if (!sent.ok) throw new Error(`POST /v1/auth → ${sent.status} ${await sent.text()}`);
  const code = await codeFromMailCatcher(address, sentAfter);
  const verified = await fetch(`${BASE_URL}/v1/verify-auth-otp`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ address, code }),
  });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  const body = (await verified.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

/** The session the SPA keeps in a person's cookies: the bearer token and the account's id. */
export async function sessionOf(context: BrowserContext): Promise<{ token: string; userId: number }> {
  const cookies = await context.cookies();
  const userId = Number(cookies.find((cookie) => cookie.name === 'userId')!.value);
  const token = decodeURIComponent(cookies.find((cookie) => cookie.name === 'auth_token')!.value);
  return { token, userId };
}
