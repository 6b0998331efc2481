import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { rawRows } from '../../../server/modules/catalog/common/raw-rows';
import { ageCodes, bearer, lastCode, type TestContext } from '../helpers/test-app';

/** A complete announcement to send; `audience` and `send_at` vary per test. */
export const letter = (audience: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  title_ru: 'Ярмарка в субботу',
  body_ru: 'Приходите на площадь к десяти.',
  title_en: 'Fair on Saturday',
  body_en: 'Come to the square at ten.',
  audience,
  ...extra,
});

export const post = (ctx: TestContext, token: string, url: string, payload?: unknown, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });

export const get = (ctx: TestContext, token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

/** A user straight in the table (these tests are about who is reached, not about signing in). */
export async function addUser(db: Db, email: string, locale: 'ru' | 'en', role = 'user'): Promise<number> {
  const [row] = await rawRows<{ id: number }>(db, sql`insert into users (email, name, locale, role) values (${email}, ${email}, ${locale}, ${role}) returning id`);
  return Number(row.id);
}

export async function addBusiness(db: Db, ownerId: number, categoryId: number): Promise<void> {
  await db.execute(sql`insert into businesses (owner_id, kind, category_id, name, address, working_hours)
                       select ${ownerId}, kind, id, 'Лавка', 'ул. Мира, 1', '{}'::jsonb from business_categories where id = ${categoryId}`);
}

export async function addParticipant(db: Db, userId: number, category: string): Promise<void> {
  await db.execute(sql`insert into olympiad_participants (user_id, login, password_hash, full_name, birth_date, sex, country, city, school, referral_source, category, agreement_accepted_at)
                       values (${userId}, ${`p${userId}`}, 'x', 'Участник', '2010-01-01', 'male', 'Россия', 'Казань', 'Школа 1', 'friends', ${category}, now())`);
}

/** The notifications each user holds from one broadcast: user id → titles. */
export async function received(db: Db, broadcastId: number): Promise<Map<number, string[]>> {
  const rows = await rawRows<{ user_id: number; title: string }>(db, sql`select user_id, title from notifications where broadcast_id = ${broadcastId} order by id`);
  const byUser = new Map<number, string[]>();
  for (const row of rows) byUser.set(Number(row.user_id), [...(byUser.get(Number(row.user_id)) ?? []), row.title]);
  return byUser;
}

export async function openUserIds(db: Db): Promise<number[]> {
  return (await rawRows<{ id: number }>(db, sql`select id from users where blocked_at is null order by id`)).map((row) => Number(row.id));
}

export const hourFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000);

/** Signs in through the real two calls in a language (the account keeps it as its own). */
export async function signInSpeaking(ctx: TestContext, address: string, lang: 'ru' | 'en'): Promise<{ token: string; userId: number }> {
  await ageCodes(ctx, address);
  const headers = { 'accept-language': lang };
  expect((await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers, payload: { address } })).statusCode).toBe(200);
  const verified = await ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', headers, payload: { address, code: lastCode(ctx.letters, address) } });
  expect(verified.statusCode).toBe(200);
  return { token: verified.json().token, userId: verified.json().user.id };
}
