import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Response } from 'light-my-request';
import sharp from 'sharp';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import type { ContestBody } from '../../../shared/api/olympiad-works';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp, register } from '../olympiad/olympiad-helpers';

export interface WorksKit {
  ctx: TestContext;
  dataDir: string;
  admin: string;
  moderator: string;
  /** The demo participant `student`, verified. */
  student: Person;
}

export interface Person {
  token: string;
  userId: number;
  email: string;
}

/** The real app with a data folder of its own, the demo accounts and the olympiad's stages and demo participant. */
export function setUpWorksKit(): () => WorksKit {
  let kit: WorksKit | undefined;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'works-test-data-'));
    const ctx = await createTestApp({ dataDir });
    await seedDemoAccounts(ctx.database.db);
    await seedOlympiad(ctx.database.db);
    const [admin, moderator, student] = await Promise.all([
      signIn(ctx, 'admin@example.com', { ip: nextIp() }),
      signIn(ctx, 'moderator@example.com', { ip: nextIp() }),
      signIn(ctx, 'student@example.com', { ip: nextIp() }),
    ]);
    kit = { ctx, dataDir, admin: admin.token, moderator: moderator.token, student: { ...student, email: 'student@example.com' } };
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await kit?.ctx.close();
    if (kit) fs.rmSync(kit.dataDir, { recursive: true, force: true });
  });
  return () => kit!;
}

/** A newly registered participant whose e-mail is confirmed, answering in `lang`. */
export async function participant(ctx: TestContext, overrides: { category?: 'junior' | 'middle' | 'senior' } = {}, lang = 'en'): Promise<Person> {
  const account = await register(ctx, overrides, lang);
  const email = account.body.email!.toLowerCase();
  await ctx.database.db.execute(sql`update olympiad_participants set email_verified_at = now(), verified_email = ${email} where user_id = ${account.userId}`);
  await ctx.database.db.execute(sql`update users set email = pending_email, pending_email = null, locale = ${lang} where id = ${account.userId}`);
  return { token: account.token, userId: account.userId, email };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function call(ctx: TestContext, method: Method, url: string, token?: string, payload?: unknown, lang = 'en'): Promise<Response> {
  return ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
    // A client address per call: the per-address limits have tests of their own.
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export function contestBody(overrides: Partial<ContestBody> = {}): ContestBody {
  return {
    title_ru: 'Рисунок «Моя олимпиада»',
    title_en: 'Drawing “My olympiad”',
    description_ru: 'Нарисуйте, как вы готовитесь к олимпиаде.',
    description_en: 'Draw how you prepare for the olympiad.',
    starts_at: daysFromNow(-1),
    ends_at: daysFromNow(10),
    stage_kinds: [],
    categories: [],
    works_per_participant: 3,
    ...overrides,
  };
}

/** A contest made by staff through the API. */
export async function createContest(kit: WorksKit, overrides: Partial<ContestBody> = {}): Promise<number> {
  const res = await call(kit.ctx, 'POST', '/v1/olympiad/contests', kit.moderator, contestBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create contest → ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export interface WorkFile {
  name: string;
  data: Buffer;
  type?: string;
}

/** The upload form as the SPA sends it. */
export function workForm(fields: Record<string, string | number | undefined>, file?: WorkFile): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, String(value));
  if (file) data.append('file', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

export function upload(kit: WorksKit, who: Person, contestId: number, file: WorkFile, overrides: Record<string, string | undefined> = {}, lang = 'en') {
  const fields = { contest_id: contestId, title: 'Весна в городе', description: 'Акварель, А4', upload_key: crypto.randomUUID(), ...overrides };
  return call(kit.ctx, 'POST', '/v1/olympiad/works', who.token, workForm(fields, file), lang);
}

/** Uploads a small picture and returns the work's id. */
export async function uploadedWork(kit: WorksKit, who: Person, contestId: number, title = 'Весна в городе'): Promise<number> {
  const res = await upload(kit, who, contestId, { name: 'spring.png', data: await picture('png'), type: 'image/png' }, { title });
  if (res.statusCode !== 201) throw new Error(`upload → ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export function picture(format: 'png' | 'jpeg', width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** Moves a work's time on moderation into the past, as if it had waited that long. */
export async function ageWork(ctx: TestContext, workId: number, hours: number): Promise<void> {
  await ctx.database.db.execute(sql`update creative_works set submitted_at = now() - make_interval(hours => ${hours}) where id = ${workId}`);
}

export { nextIp };
