import type { Page } from 'playwright-core';
import { BASE_URL, personAddress } from './browser';
import { linkFromMailCatcher } from './mail';

let participants = 0;

/**
 * A participant of the olympiad of their own, registered through the API and with the e-mail
 * confirmed through the link in the letter (tests are for confirmed participants only).
 */
export async function verifiedParticipant(): Promise<{ login: string; password: string }> {
  const n = `${process.pid}${Date.now() % 1_000_000}${++participants}`;
  const login = `pupil${n}`;
  const email = `pupil${n}@example.com`;
  const password = 'secret-pass';
  const headers = { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': personAddress() };
  const sentAfter = Date.now() - 1000;
  const registered = await fetch(`${BASE_URL}/v1/olympiad/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      login,
      email,
      password,
      password_confirmation: password,
      full_name: 'Maria Ivanova',
      birth_date: `${new Date().getFullYear() - 14}-01-15`,
      sex: 'female',
      country: 'Russia',
      city: 'Kazan',
      school: 'Lyceum 131',
      social_link: '',
      referral_source: 'school',
      category: 'middle',
      agreement: true,
    }),
  });
  if (registered.status !== 201) throw new Error(`register → ${registered.status} ${await registered.text()}`);
  const link = new URL(await linkFromMailCatcher(email, 'verify', sentAfter));
  const verified = await fetch(`${BASE_URL}/v1/olympiad/email/verify`, { method: 'POST', headers, body: JSON.stringify({ token: link.searchParams.get('token') }) });
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  return { login, password };
}

/** A confirmed participant of the caller's own signs in through the olympiad's own form and lands on `next`; their credentials. */
export async function signInAsParticipant(page: Page, next: string): Promise<{ login: string; password: string }> {
  const { login, password } = await verifiedParticipant();
  await page.goto(`/olympiad/login?next=${encodeURIComponent(next)}`);
  await page.locator('#field-login').fill(login);
  await page.locator('#field-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(`**${next}`);
  return { login, password };
}
