import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Response } from 'light-my-request';
import sharp from 'sharp';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { eq } from 'drizzle-orm';
import { adCategories, ads, adSubscriptions, promotionPlans, users } from '../../../server/db/schema';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';

/** Sellers' banners through the real app: people, paying sellers, the creation form. */

export interface BannersKit {
  ctx: TestContext;
  dataDir: string;
  admin: string;
  moderator: string;
}

export interface Person {
  token: string;
  userId: number;
}

export function setUpBannersKit(): () => BannersKit {
  let kit: BannersKit | undefined;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'banners-test-data-'));
    const ctx = await createTestApp({ dataDir });
    await seedDemoAccounts(ctx.database.db);
    const [admin, moderator] = await Promise.all([signIn(ctx, 'admin@example.com', { ip: nextIp() }), signIn(ctx, 'moderator@example.com', { ip: nextIp() })]);
    kit = { ctx, dataDir, admin: admin.token, moderator: moderator.token };
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await kit?.ctx.close();
    if (kit) fs.rmSync(kit.dataDir, { recursive: true, force: true });
  });
  return () => kit!;
}

let people = 0;

/** A new marketplace user who reads the site in `lang`. */
export async function person(ctx: TestContext, lang: 'ru' | 'en' = 'en'): Promise<Person> {
  people += 1;
  const who = await signIn(ctx, `banner-seller-${people}-${Date.now()}@example.com`, { ip: nextIp() });
  await ctx.database.db.update(users).set({ locale: lang, name: `Seller ${people}` }).where(eq(users.id, who.userId));
  return who;
}

/**
 * Makes `userId` a paying seller: an active ad subscription running for `days` more (or one in
 * `status`). The purchase flow is another module's; its table is what the banners read.
 */
export async function subscribe(ctx: TestContext, userId: number, status: 'active' | 'paused' | 'expired' = 'active', days = 30): Promise<void> {
  const db = ctx.database.db;
  const [plan] = await db
    .insert(promotionPlans)
    .values({ slug: `banner-test-${userId}-${status}-${Date.now()}`, name: 'Тест', perks: ['raise'], durationDays: 30, price: 100_000 })
    .returning();
  const target = { adId: await placeAd(ctx, userId) };
  await db.insert(adSubscriptions).values({
    userId,
    planId: plan.id,
    ...target,
    status,
    idempotencyKey: `k-${Date.now()}-${Math.random()}`,
    perks: ['raise'],
    boost: 1,
    durationDays: 30,
    price: 100_000,
    currency: 'RUB',
    startedAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + days * 86_400_000),
  });
}

/** A published ad of `userId`'s own; its id. */
export async function placeAd(ctx: TestContext, userId: number): Promise<number> {
  const [category] = await ctx.database.db.select({ id: adCategories.id }).from(adCategories).limit(1);
  const [ad] = await ctx.database.db.insert(ads).values({ userId, categoryId: category.id, title: 'Велосипед', status: 'published', publishedAt: new Date() }).returning({ id: ads.id });
  return ad.id;
}

type Method = 'GET' | 'POST';

export function call(ctx: TestContext, method: Method, url: string, token?: string, payload?: unknown, lang = 'en'): Promise<Response> {
  return ctx.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const DAY = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export interface BannerFile {
  name: string;
  data: Buffer;
  type?: string;
}

export function picture(format: 'png' | 'jpeg' = 'png', width = 96, height = 32): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** The creation form as the SPA sends it. */
export function bannerForm(fields: Record<string, string | undefined>, file?: BannerFile): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) data.append(key, value);
  if (file) data.append('image', new Blob([file.data], { type: file.type ?? 'image/png' }), file.name);
  return data;
}

export async function createBanner(ctx: TestContext, who: Person, overrides: Record<string, string | undefined> = {}, file?: BannerFile, lang = 'en'): Promise<Response> {
  const fields = {
    title: 'Скидки недели',
    subtitle: 'До −30 %',
    link: `/user/${who.userId}`,
    placement: 'home',
    starts_at: daysFromNow(-1),
    ends_at: daysFromNow(30),
    ...overrides,
  };
  return call(ctx, 'POST', '/v1/ads/create-banner', who.token, bannerForm(fields, file ?? { name: 'banner.png', data: await picture() }), lang);
}

/** A banner created by `who` (already paying), waiting for a moderator; its id. */
export async function createdBanner(ctx: TestContext, who: Person, overrides: Record<string, string | undefined> = {}): Promise<number> {
  const res = await createBanner(ctx, who, overrides);
  if (res.statusCode !== 201) throw new Error(`create-banner → ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

export { nextIp };
