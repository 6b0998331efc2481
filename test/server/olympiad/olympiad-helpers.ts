import { sql } from 'drizzle-orm';
import type { Letter } from '../../../server/mail/mailer';
import { olympiadToday, toIsoDate, type CalendarDate } from '../../../shared/validation/olympiad-dates';
import type { RegistrationBody } from '../../../shared/api/olympiad';
import type { TestContext } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';

let counter = 0;
/** A fresh client address per call, so the per-IP limits never get in the way of unrelated tests. */
export const nextIp = () => `10.6.${Math.floor(++counter / 250)}.${(counter % 250) + 1}`;

/** Today in Moscow moved by whole years (and days): a birthday for a wanted age. */
export function yearsAgo(years: number, days = 0): CalendarDate {
  const today = olympiadToday();
  const date = new Date(Date.UTC(today.year - years, today.month - 1, today.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

let unique = 0;
/** A registration that passes every rule: a 14-year-old with a login and address of their own. */
export function validRegistration(overrides: Partial<RegistrationBody> = {}): RegistrationBody {
  const n = `${process.pid}${Date.now() % 100000}${++unique}`;
  return {
    login: `pupil${n}`,
    email: `pupil${n}@example.com`,
    password: 'secret-pass',
    password_confirmation: 'secret-pass',
    full_name: 'Мария Иванова',
    birth_date: toIsoDate(yearsAgo(14, -30)),
    sex: 'female',
    country: 'Россия',
    city: 'Казань',
    school: 'Лицей № 131',
    social_link: '',
    referral_source: 'school',
    category: 'middle',
    agreement: true,
    ...overrides,
  };
}

export interface Registered {
  token: string;
  userId: number;
  body: RegistrationBody;
}

export async function register(ctx: TestContext, overrides: Partial<RegistrationBody> = {}, lang = 'en'): Promise<Registered> {
  const body = validRegistration(overrides);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/olympiad/register',
    payload: body,
    headers: { 'accept-language': lang },
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 201) throw new Error(`register → ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: number } };
  return { token: json.token, userId: json.user.id, body };
}

/** The newest letter to an address that matches, waiting a little for letters sent after the answer. */
export async function letterTo(ctx: TestContext, to: string, match: RegExp, since = 0, timeoutMs = 2000): Promise<Letter> {
  const newest = () =>
    ctx.letters
      .slice(since)
      .reverse()
      .find((l) => l.to === to && match.test(l.subject + l.text));
  return waitFor(newest, { timeoutMs, what: `a letter matching ${match} to ${to}` });
}

/** The token of the newest link of a kind (`verify` or `recover`) in the letters to an address (from letter number `since` on). */
export async function linkToken(ctx: TestContext, to: string, kind: 'verify' | 'recover', since = 0): Promise<{ url: string; token: string }> {
  const pattern = new RegExp(`(\\S+/olympiad/${kind}\\?token=([A-Za-z0-9_-]+))`);
  const letter = await letterTo(ctx, to, pattern, since);
  const match = pattern.exec(letter.text)!;
  return { url: match[1], token: decodeURIComponent(match[2]) };
}

/** Moves the account's verification letters into the past, as if the 30-second wait had gone by. */
export async function ageVerificationLetters(ctx: TestContext, userId: number, seconds = 31): Promise<void> {
  await ctx.database.db.execute(
    sql`update olympiad_email_verifications set created_at = created_at - make_interval(secs => ${seconds}) where user_id = ${userId}`,
  );
}

export async function ageResetLinks(ctx: TestContext, userId: number, seconds: number): Promise<void> {
  await ctx.database.db.execute(
    sql`update olympiad_password_resets set created_at = created_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds}) where user_id = ${userId}`,
  );
}

/** A registration whose e-mail was confirmed by following the link in its letter, as the participant would. */
export async function registerVerified(ctx: TestContext, overrides: Partial<RegistrationBody> = {}, lang = 'en'): Promise<Registered> {
  const account = await register(ctx, overrides, lang);
  const { token } = await linkToken(ctx, account.body.email!.toLowerCase(), 'verify');
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/olympiad/email/verify', payload: { token }, remoteAddress: nextIp() });
  if (res.statusCode !== 200) throw new Error(`verify → ${res.statusCode} ${res.body}`);
  return account;
}
