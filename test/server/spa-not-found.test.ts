import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES } from '../../shared/routes';
import { SIGNED_IN_HEADER_READS } from '../../shared/first-reads';
import { SESSION_TOKEN_COOKIE } from '../../shared/session-cookie';
import { adCategoryId, api, createBusiness, createProduct } from './catalog/catalog-helpers';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';
import { createContest } from './helpers/works-fixtures';
import { seedOlympiad } from '../../server/db/seed/olympiad-seed';
import { seedOlympiadTests } from '../../server/db/seed/olympiad-tests-seed';
import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';

/** A direct load of a page of one thing answers 404 when the thing is not there for the visitor (issue 14, item 6). */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-not-found-'));
const webRoot = path.join(root, 'web');
fs.mkdirSync(webRoot);
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>t</title></head><body>spa</body></html>');

let ctx: TestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };
let stranger: { token: string; userId: number };
const ids = { business: 0, product: 0, draft: 0, ad: 0, chat: 0, order: 0, supportChat: 0, address: 0, category: 0, contest: 0, test: 0 };

beforeAll(async () => {
  ctx = await createTestApp({ webRoot, dataDir: path.join(root, 'data') });
  seller = await signIn(ctx, 'spa-404-seller@example.com');
  buyer = await signIn(ctx, 'spa-404-buyer@example.com');
  stranger = await signIn(ctx, 'spa-404-stranger@example.com');
  ids.business = (await createBusiness(ctx, seller.token)).id;
  ids.product = (await createProduct(ctx, seller.token, ids.business)).id;
  ids.draft = (await createProduct(ctx, seller.token, ids.business, { name: 'Черновик', status: 'draft' })).id;
  const ad = await api(ctx, 'POST', '/v1/ads', seller.token, { category_id: await adCategoryId(ctx, 'electronics'), title: 'Ноутбук', price: 100_000, location: 'Москва', condition: 'used' });
  ids.ad = ad.body.data.id;
  const message = await api(ctx, 'POST', '/v1/messages', buyer.token, { recipient_id: seller.userId, content: 'Здравствуйте' });
  expect(message.status).toBe(201);
  ids.chat = message.body.data.chat_id;
  expect((await api(ctx, 'POST', '/v1/cart/items', buyer.token, { product_id: ids.product, quantity: 1 })).status).toBe(200);
  const order = await api(ctx, 'POST', '/v1/orders/from-cart', buyer.token, { idempotency_key: 'spa-404-order', delivery_kind: 'pickup', payment_kind: 'cash' });
  expect(order.status).toBe(201);
  ids.order = order.body.data.orders[0].id;
  expect((await api(ctx, 'POST', '/v1/support/messages', buyer.token, { content: 'Помогите', client_id: randomUUID() })).status).toBe(201);
  ids.supportChat = (await api(ctx, 'GET', '/v1/support/chat', buyer.token)).body.data.id;
  const address = await api(ctx, 'POST', '/v1/addresses', buyer.token, { city: 'Москва', street: 'Тверская', house: '1' });
  expect(address.status).toBe(201);
  ids.address = address.body.data.id;
  ids.category = (await api(ctx, 'POST', '/v1/categories', seller.token, { business_id: ids.business, name: 'Овощи' })).body.data.id;
  ids.contest = await createContest(ctx.database.db);
  await seedOlympiad(ctx.database.db);
  await seedOlympiadTests(ctx.database.db);
  const published = await ctx.database.db.execute(
    sql`select t.id from olympiad_tests t join olympiad_stages s on s.id = t.stage_id where t.published and not s.in_person order by t.id limit 1`,
  );
  ids.test = Number((published as unknown as { rows: Array<{ id: number }> }).rows[0].id);
}, SETUP_TIMEOUT * 2);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function load(url: string, token?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, ...(token ? { cookies: { [SESSION_TOKEN_COOKIE]: token } } : {}) });
  // Either way the SPA's page comes back: it renders the screen or its Page Not Found.
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('spa');
  return res.statusCode;
}

test('every entity route of the table is checked (the route table says which thing each names)', () => {
  expect(ROUTES.filter((route) => route.entity).map((route) => [route.path, route.entity])).toEqual([
    ['/chats/:id', 'chat'],
    ['/support/chats/:id', 'support-chat'],
    ['/admin/users/:id', 'user'],
    ['/admin/notifications/:id', 'broadcast'],
    ['/stores/:id', 'business'],
    ['/products/:id', 'product'],
    ['/ads/:id', 'ad'],
    ['/user/:id', 'user'],
    ['/create/category/product/:id', 'product-category'],
    ['/settings/address/edit/:id', 'address'],
    ['/order/:id', 'order'],
    ['/order/business/:id', 'order'],
    ['/olympiad/tests/:id', 'olympiad-test'],
    ['/olympiad/attempts/:id', 'olympiad-attempt'],
    ['/olympiad/attempts/:id/essay', 'olympiad-attempt'],
    ['/olympiad/attempts/:id/results', 'olympiad-attempt'],
    ['/olympiad/works/:id', 'olympiad-work'],
    ['/olympiad/contests/:id', 'olympiad-contest'],
  ]);
});

test('an existing product, ad, business and user answer 200; missing ones 404', async () => {
  expect(await load(`/products/${ids.product}`)).toBe(200);
  expect(await load(`/ads/${ids.ad}`)).toBe(200);
  expect(await load(`/stores/${ids.business}`)).toBe(200);
  expect(await load(`/user/${seller.userId}`)).toBe(200);
  expect(await load(`/user/${seller.userId}/`)).toBe(200);
  expect(await load('/products/999999')).toBe(404);
  expect(await load('/ads/999999')).toBe(404);
  expect(await load('/stores/999999')).toBe(404);
  expect(await load('/user/999999')).toBe(404);
  expect(await load('/chats/999999', buyer.token)).toBe(404);
});

test.each(['abc', '0', '-1', '01', '1.5', '1e3', '%20' + '1', '2147483648', '99999999999999999999'])('a malformed id (%s) is a 404, never a 500', async (raw) => {
  for (const base of ['/products', '/ads', '/stores', '/user', '/chats']) {
    expect(await load(`${base}/${raw}`, buyer.token)).toBe(404);
  }
});

test('a draft exists for its owner only, as the API says', async () => {
  expect(await load(`/products/${ids.draft}`)).toBe(404);
  expect(await load(`/products/${ids.draft}`, buyer.token)).toBe(404);
  expect(await load(`/products/${ids.draft}`, seller.token)).toBe(200);
});

test('a chat is 200 for its members, and 404 alike for a stranger and for a chat that does not exist', async () => {
  expect(await load(`/chats/${ids.chat}`, buyer.token)).toBe(200);
  expect(await load(`/chats/${ids.chat}`, seller.token)).toBe(200);
  expect(await load(`/chats/${ids.chat}`, stranger.token)).toBe(404);
  expect(await load(`/chats/${ids.chat + 1000}`, stranger.token)).toBe(404);
  // A guest (or an expired token) is asked to sign in whatever the id, so learns nothing.
  expect(await load(`/chats/${ids.chat}`)).toBe(200);
  expect(await load(`/chats/${ids.chat + 1000}`)).toBe(200);
  expect(await load(`/chats/${ids.chat}`, 'not-a-token')).toBe(200);
});

test('an order is 200 for its buyer and its seller, and 404 alike for a stranger and for an order that does not exist', async () => {
  for (const path of [`/order/${ids.order}`, `/order/business/${ids.order}`]) {
    expect(await load(path, buyer.token)).toBe(200);
    expect(await load(path, seller.token)).toBe(200);
    expect(await load(path, stranger.token)).toBe(404);
    // A guest is asked to sign in whatever the id.
    expect(await load(path)).toBe(200);
  }
  expect(await load(`/order/${ids.order + 1000}`, buyer.token)).toBe(404);
  expect(await load('/order/01', buyer.token)).toBe(404);
  // `/order/history` is a list, not an order numbered "history".
  expect(await load('/order/history', buyer.token)).toBe(200);
});

test("a support chat, an address and a product category are 200 for their owner, and 404 alike for a stranger and for one that does not exist", async () => {
  const cases: Array<[string, string, { token: string }]> = [
    [`/support/chats/${ids.supportChat}`, `/support/chats/${ids.supportChat + 1000}`, buyer],
    [`/settings/address/edit/${ids.address}`, `/settings/address/edit/${ids.address + 1000}`, buyer],
    [`/create/category/product/${ids.category}`, `/create/category/product/${ids.category + 1000}`, seller],
  ];
  for (const [path, missing, owner] of cases) {
    expect(await load(path, owner.token)).toBe(200);
    expect(await load(path, stranger.token)).toBe(404);
    expect(await load(missing, owner.token)).toBe(404);
    // A guest is asked to sign in whatever the id.
    expect(await load(path)).toBe(200);
    expect(await load(missing)).toBe(200);
  }
});

test("the olympiad's tests, attempts, works and contests that are not there answer 404", async () => {
  expect(await load(`/olympiad/tests/${ids.test}`, buyer.token)).toBe(200);
  expect(await load('/olympiad/tests/999999', buyer.token)).toBe(404);
  expect(await load('/olympiad/attempts/999999', buyer.token)).toBe(404);
  expect(await load('/olympiad/attempts/999999/results', buyer.token)).toBe(404);
  expect(await load(`/olympiad/contests/${ids.contest}`)).toBe(200);
  expect(await load('/olympiad/contests/999999')).toBe(404);
  expect(await load('/olympiad/works/999999')).toBe(404);
  // A guest is sent to sign in from a test or an attempt whatever the id.
  expect(await load('/olympiad/tests/999999')).toBe(200);
  expect(await load('/olympiad/attempts/999999')).toBe(200);
});

test('paths that are not screens stay 404, screens without a thing stay 200', async () => {
  expect(await load('/no-such-page')).toBe(404);
  expect(await load('/settings/security/sessions')).toBe(404);
  expect(await load('/profile/seller/statistics')).toBe(200);
  expect(await load('/home')).toBe(200);
  expect(await load('/test-routing')).toBe(200);
  expect(await load('/pwa-test')).toBe(200);
  expect(await load('/elements-test')).toBe(200);
  expect(await load('/home/index_backup')).toBe(200);
});

/** The JSON block of first reads in a served page, or null. */
async function firstReads(url: string, options: { token?: string; lang?: string } = {}) {
  const cookies: Record<string, string> = { ...(options.token ? { [SESSION_TOKEN_COOKIE]: options.token } : {}), ...(options.lang ? { lang: options.lang } : {}) };
  const res = await ctx.app.inject({ method: 'GET', url, cookies });
  const block = /<script id="first-reads" type="application\/json"(?: data-session)?>(.*?)<\/script>/.exec(res.body);
  return block ? (JSON.parse(block[1]) as Record<string, { data: Record<string, unknown> }>) : null;
}

test("a guest's page comes with its screen's first reads, answered as the API answers them, in the page's language", async () => {
  const product = await firstReads(`/products/${ids.product}`, { lang: 'en' });
  const direct = await api(ctx, 'GET', `/v1/products/${ids.product}`, undefined, undefined, 'en');
  expect(product).toEqual({ [`/v1/products/${ids.product}`]: direct.body });
  // Its largest picture is preloaded as the gallery's <img> asks for it (same srcset and sizes), or not at all without one.
  const page = (await ctx.app.inject({ method: 'GET', url: `/products/${ids.product}` })).body;
  const picture = direct.body.data.images[0] ?? direct.body.data.image;
  if (picture) expect(page).toContain(`imagesrcset="${picture.srcset.replace(/&/g, '&amp;')}" imagesizes="(max-width: 800px) 100vw, 600px"`);
  else expect(page).not.toContain('rel="preload" as="image"');
  const home = await firstReads('/home');
  expect(Object.keys(home ?? {})).toEqual(['/v1/ads/home-banners', '/v1/ads/home-promoted', '/v1/products/popular?per_page=8', '/v1/products/discounted?per_page=8', '/v1/businesses/ordered?per_page=8&sort=popular', '/v1/home/stats']);
  // Search's read follows the address's words and filters; without words there is none.
  const search = await firstReads(`/search?q=${encodeURIComponent('смартфон')}&type=product`);
  const searchPath = `/v1/search?q=${encodeURIComponent('смартфон')}&page=1&per_page=24&type=product`;
  expect(Object.keys(search ?? {})).toEqual([searchPath]);
  expect(search?.[searchPath]).toEqual((await api(ctx, 'GET', searchPath)).body);
  expect(await firstReads('/search?q=%20')).toBeNull();
  // A signed-in visitor's public screens are asked as usual (their reads carry their marks): the page has the header's only; a missing thing sends none.
  expect(Object.keys((await firstReads(`/products/${ids.product}`, { token: buyer.token })) ?? {})).toEqual(SIGNED_IN_HEADER_READS);
  expect(await firstReads('/products/999999')).toBeNull();
  expect(await firstReads(`/products/${ids.draft}`)).toBeNull();
});

test("a signed-in visitor's page comes with its screen's own reads answered as them, for their session only, kept from shared caches", async () => {
  const page = await ctx.app.inject({ method: 'GET', url: '/chats', cookies: { [SESSION_TOKEN_COOKIE]: buyer.token } });
  expect(page.body).toContain('<script id="first-reads" type="application/json" data-session>');
  expect(page.headers['cache-control']).toBe('private, no-cache');
  const chats = await firstReads('/chats', { token: buyer.token });
  // The screen's read, then what the header shows on every screen (the name, the cart's count, the menu).
  const expected: Record<string, unknown> = {};
  for (const path of ['/v1/chats?page=1&per_page=50', ...SIGNED_IN_HEADER_READS]) expected[path] = (await api(ctx, 'GET', path, buyer.token)).body;
  expect(Object.keys(chats ?? {})).toEqual(Object.keys(expected));
  expect(chats).toEqual(expected);
  // A guest's /chats has none (the screen sends them to sign in), nor has an unknown session's.
  expect(await firstReads('/chats')).toBeNull();
  expect(await firstReads('/chats', { token: 'not-a-session' })).toBeNull();
  // Nor has an unknown session's public page: the SPA's requests carry that token, so a guest's reads would go untaken.
  expect(await firstReads('/home', { token: 'not-a-session' })).toBeNull();
  expect(await firstReads('/home')).not.toBeNull();
  expect((await ctx.app.inject({ method: 'GET', url: '/chats' })).headers['cache-control']).toBe('no-cache');
});

test('a page comes compressed as the browser accepts it, the same page once unpacked', async () => {
  const plain = await ctx.app.inject({ method: 'GET', url: '/home' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  const br = await ctx.app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  const unpack = (body: Buffer) => zlib.brotliDecompressSync(body).toString('utf8');
  // The reads inside are answered again per request, so only the page around them is compared.
  const shell = (html: string) => html.replace(/<script id="first-reads"[^]*?<\/script>/, '');
  expect(shell(unpack(br.rawPayload))).toBe(shell(plain.body));
  const gzip = await ctx.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'accept-encoding': 'gzip' } });
  expect([gzip.statusCode, gzip.headers['content-encoding']]).toEqual([404, 'gzip']);
  expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<body>spa</body>');
});

test("a broadcast's page is 200 for admins, and 404 alike for anyone else and for a broadcast that does not exist", async () => {
  await seedDemoAccounts(ctx.database.db);
  const admin = await signIn(ctx, 'admin@example.com');
  const sent = await api(ctx, 'POST', '/v1/admin/broadcasts', admin.token, {
    title_ru: 'Объявление',
    body_ru: 'Текст',
    title_en: 'Announcement',
    body_en: 'Text',
    audience: { kind: 'user', user_id: buyer.userId },
  });
  expect(sent.status).toBe(201);
  const id = (sent.body as { data: { id: number } }).data.id;
  expect(await load(`/admin/notifications/${id}`, admin.token)).toBe(200);
  expect(await load(`/admin/notifications/${id + 1000}`, admin.token)).toBe(404);
  expect(await load(`/admin/notifications/${id}`, stranger.token)).toBe(404);
});
