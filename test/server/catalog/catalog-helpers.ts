import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { adCategories, businessCategories } from '../../../server/db/schema';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { bearer, createTestApp, signIn, type TestContext } from '../helpers/test-app';

export interface CatalogTestContext extends TestContext {
  uploadsDir: string;
}

/** The real app on a fresh database, with uploads in a temp folder of its own. */
export async function createCatalogApp(): Promise<CatalogTestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bazaar-catalog-test-'));
  const ctx = await createTestApp({ dataDir });
  const close = ctx.close;
  return Object.assign(ctx, {
    uploadsDir: path.join(dataDir, 'uploads'),
    async close() {
      try {
        await close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  });
}

export async function businessCategoryId(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: businessCategories.id }).from(businessCategories).where(eq(businessCategories.slug, slug));
  return row.id;
}

export async function adCategoryId(ctx: TestContext, slug: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: adCategories.id }).from(adCategories).where(eq(adCategories.slug, slug));
  return row.id;
}

export const EVERY_DAY = { open: '09:00', close: '21:00' };
export const WEEK = { mon: EVERY_DAY, tue: EVERY_DAY, wed: EVERY_DAY, thu: EVERY_DAY, fri: EVERY_DAY, sat: { open: '10:00', close: '18:00' }, sun: null };

type Json = Record<string, unknown>;

export async function api(ctx: TestContext, method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: Json, lang = 'ru') {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? (res.headers['content-type']?.toString().includes('json') ? res.json() : res.body) : null };
}

/**
 * A new business as its owner sends it, still waiting for a moderator (businesses need approval
 * before they are public by default, issue 17): for tests of moderation itself.
 */
export async function createBusinessAwaitingModeration(ctx: TestContext, token: string, overrides: Json = {}) {
  const res = await api(ctx, 'POST', '/v1/business', token, {
    kind: 'store',
    category_id: await businessCategoryId(ctx, 'groceries'),
    name: 'Фермерская лавка',
    name_en: 'Farm shop',
    description: 'Свежие овощи с грядки',
    address: 'Москва, ул. Полевая, 1',
    working_hours: WEEK,
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`POST /v1/business → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number } & Json;
}

const moderatorTokens = new WeakMap<TestContext, Promise<string>>();

/** The demo moderator's token for this app (signed in once, from an address of its own). */
export function moderatorToken(ctx: TestContext): Promise<string> {
  if (!moderatorTokens.has(ctx)) {
    const token = seedDemoAccounts(ctx.database.db).then(() => signIn(ctx, 'moderator@example.com', { ip: '10.250.0.1' }));
    moderatorTokens.set(ctx, token.then((session) => session.token));
  }
  return moderatorTokens.get(ctx)!;
}

/** Approves an item the real way: the moderator claims it and approves it through the queue's calls. */
export async function approveThroughModeration(ctx: TestContext, kind: 'businesses' | 'ads' | 'products', id: number): Promise<void> {
  const token = await moderatorToken(ctx);
  for (const step of ['claim', 'approve']) {
    const res = await api(ctx, 'POST', `/v1/admin/moderation/${kind}/${id}/${step}`, token);
    if (res.status !== 200) throw new Error(`moderation ${step} of ${kind} ${id} → ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A business as tests of everything else need it: created by its owner and approved by the moderator, so it is public. */
export async function createBusiness(ctx: TestContext, token: string, overrides: Json = {}) {
  const business = await createBusinessAwaitingModeration(ctx, token, overrides);
  await approveThroughModeration(ctx, 'businesses', business.id);
  return Object.assign(business, { moderation: { status: 'approved', reason: null } });
}

export async function createProduct(ctx: TestContext, token: string, businessId: number, overrides: Json = {}) {
  const res = await api(ctx, 'POST', '/v1/products', token, { business_id: businessId, name: 'Огурцы', price: 15000, stock: 10, ...overrides });
  if (res.status !== 201) throw new Error(`POST /v1/products → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number } & Json;
}

/** A real PNG of the given size, with an EXIF comment that must not survive processing. */
export function pngImage(width = 800, height = 600): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .withExif({ IFD0: { Copyright: 'secret-exif-marker', Artist: 'Someone' } })
    .toBuffer();
}

export function jpegImage(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-exif-marker' } })
    .toBuffer();
}

/** A multipart body by hand (one file field), as a browser's FormData would send it. */
export function multipartBody(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----bazaar${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadImage(ctx: TestContext, token: string, content: Buffer, filename = 'photo.png', contentType = 'image/png', lang = 'ru') {
  const body = multipartBody('image', filename, contentType, content);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/uploads/images',
    headers: { ...bearer(token), ...body.headers, 'accept-language': lang },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}
