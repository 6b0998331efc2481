import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';
import { codeFromMailCatcher } from './mail';

/** Signs in through the real /auth screen with the code read from the mail catcher. */
export async function signInThroughUi(page: Page, address: string): Promise<void> {
  const sentAfter = Date.now() - 1000;
  await page.goto('/auth');
  await page.getByLabel(/E-mail/).fill(address);
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-sent').waitFor();
  const code = await codeFromMailCatcher(address, sentAfter);
  await page.getByLabel(/^(Код|Code)$/).fill(code);
  await page.getByTestId('verify-code').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Signs in through the API (for the other party of a test, e.g. staff) and returns the bearer token. */
export async function signInThroughApi(address: string): Promise<string> {
  const sentAfter = Date.now() - 1000;
  const sent = await fetch(`${BASE_URL}/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address }),
  });
  if (!sent.ok) throw new Error(`POST /v1/auth → ${sent.status} ${await sent.text()}`);
  const code = await codeFromMailCatcher(address, sentAfter);
  const verified = await fetch(`${BASE_URL}/v1/verify-auth-otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, code }),
  });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  return ((await verified.json()) as { token: string }).token;
}
