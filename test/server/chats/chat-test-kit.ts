import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { bearer, createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { businessCategories, businesses, products } from '../../../server/db/schema';
import { messagingFor } from '../../../server/modules/chats/messaging';

export interface Account {
  token: string;
  userId: number;
}

/** A private DATA_DIR per test file, so stored attachments can be looked at and are removed afterwards. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'chats-test-data-'));
}

/**
 * The app a chat or support test file runs against, set up once for the file:
 * a data folder of its own, the demo accounts, then `prepare` (sign people in,
 * keep `app` in the file's `ctx`). Before each test the recorded events and the
 * send limits start afresh; afterwards the app closes and the folder goes.
 */
export function setUpChatTestApp(prepare: (app: TestContext, dataDir: string) => Promise<void>): void {
  let app: TestContext | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = tempDataDir();
    app = await createTestApp({ dataDir });
    await seedDemoAccounts(app.database.db);
    await prepare(app, dataDir);
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    if (!app) return;
    app.events.length = 0;
    resetSendLimits(app);
  });
}

export async function image(format: 'png' | 'jpeg' | 'webp', width = 4, height = 3): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

/** The smallest document every PDF reader opens. */
export function pdf(padTo = 0): Buffer {
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
  ].join('\n');
  const text = Buffer.from(`${body}\n%%EOF\n`);
  return padTo > text.length ? Buffer.concat([text, Buffer.alloc(padTo - text.length, 0x20)]) : text;
}

export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function form(fields: Record<string, string | number>, files: FilePart[] = [], fileField = 'files'): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const file of files) data.append(fileField, new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return data;
}

export const post = (ctx: TestContext, url: string, who: Account, payload?: object | FormData) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(who.token), payload: payload as never });

export const get = (ctx: TestContext, url: string, who: Account) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });

export const counts = async (ctx: TestContext, who: Account) =>
  (await get(ctx, '/v1/dashboard/summary', who)).json().data.counts as { unread_notifications: number; unread_messages: number; total_unread: number };

/** Each test starts with full sending allowances (the per-user limit is tested on its own). */
export const resetSendLimits = (ctx: TestContext) => messagingFor(ctx.app).limiter.reset();

/** Every file below a folder, at any depth (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Every file stored under a DATA_DIR's chat uploads (temp files included). */
export const storedFiles = (dataDir: string): string[] => filesUnder(path.join(dataDir, 'uploads', 'chats'));

export const uuid = () => crypto.randomUUID();

/** A business of `ownerId` with one product: real subjects for chats started from the catalog. */
export async function catalogSubjects(ctx: TestContext, ownerId: number): Promise<{ businessId: number; productId: number }> {
  const db = ctx.database.db;
  const slug = `chat-test-${ownerId}-${Date.now()}`;
  const [category] = await db.insert(businessCategories).values({ slug, kind: 'store', name: 'Овощи' }).returning();
  const day = { open: '09:00', close: '18:00' };
  const [business] = await db
    .insert(businesses)
    .values({
      ownerId,
      kind: 'store',
      categoryId: category.id,
      name: 'Ферма Олега',
      address: 'Москва, ул. Полевая, 1',
      workingHours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: null, sun: null },
    })
    .returning();
  const [product] = await db.insert(products).values({ businessId: business.id, name: 'Помидоры черри', price: 25000 }).returning();
  return { businessId: business.id, productId: product.id };
}
