import fs from 'node:fs';
import path from 'node:path';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { seedCatalog } from '../../../server/db/seed/catalog-seed';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { ads, banners, businesses, images, products, users } from '../../../server/db/schema';
import { matchRoute } from '../../../shared/routes';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { api, createCatalogApp, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  await seedCatalog(ctx.database.db, ctx.app.storage);
}, 60_000);
afterAll(() => ctx.close());

const total = async (query: Promise<Array<{ value: number }>>) => Number((await query)[0].value);

test('the demo catalogue fills every screen: 30+ businesses of three kinds, 500+ items, 100 ads, banners', async () => {
  const db = ctx.database.db;
  const kinds = await db.select({ kind: businesses.kind, value: count() }).from(businesses).groupBy(businesses.kind);
  expect(Object.fromEntries(kinds.map((k) => [k.kind, Number(k.value)]))).toEqual({ store: 14, restaurant: 10, service: 8 });
  expect(await total(db.select({ value: count() }).from(products).where(eq(products.status, 'published')))).toBeGreaterThanOrEqual(500);
  expect(await total(db.select({ value: count() }).from(products).where(eq(products.kind, 'service')))).toBeGreaterThanOrEqual(100);
  expect(await total(db.select({ value: count() }).from(ads))).toBe(100);
  expect(await total(db.select({ value: count() }).from(banners))).toBeGreaterThanOrEqual(4);
  // Every name has its English translation.
  expect(await total(db.select({ value: count() }).from(products).where(sql`${products.nameEn} is null or ${products.descriptionEn} is null`))).toBe(0);
  expect(await total(db.select({ value: count() }).from(businesses).where(sql`${businesses.nameEn} is null or ${businesses.descriptionEn} is null or ${businesses.addressEn} is null`))).toBe(0);
  expect(await total(db.select({ value: count() }).from(ads).where(sql`${ads.titleEn} is null or ${ads.descriptionEn} is null or ${ads.locationEn} is null`))).toBe(0);
  expect(await total(db.select({ value: count() }).from(banners).where(sql`${banners.titleEn} is null or ${banners.subtitleEn} is null`))).toBe(0);
  // People's names are theirs, in one script: the demo people write them in Latin letters, readable in both languages.
  expect(await total(db.select({ value: count() }).from(users).where(sql`${users.name} ~ '[А-Яа-яЁё]' or ${users.about} ~ '[А-Яа-яЁё]'`))).toBe(0);
  expect(await total(db.select({ value: count() }).from(businesses).where(isNotNull(businesses.logoImageId)))).toBe(32);
}, SETUP_TIMEOUT);

test('seller@example.com owns a few businesses, with a draft among their products', async () => {
  const [seller] = await ctx.database.db.select().from(users).where(eq(users.email, 'seller@example.com'));
  const owned = await ctx.database.db.select().from(businesses).where(eq(businesses.ownerId, seller.id));
  expect(owned.length).toBeGreaterThanOrEqual(3);
  expect(owned.map((b) => b.kind).sort()).toEqual(['restaurant', 'service', 'store', 'store']);
});

test('pictures were drawn and stored: every image row has its three files', async () => {
  const rows = await ctx.database.db.select().from(images);
  expect(rows.length).toBeGreaterThan(100);
  for (const row of rows.slice(0, 20)) {
    for (const width of [200, 600, 1200]) expect(fs.existsSync(path.join(ctx.uploadsDir, 'images', row.id, `${width}.webp`))).toBe(true);
  }
  const home = await api(ctx, 'GET', '/v1/ads/home-banners');
  const file = await ctx.app.inject({ method: 'GET', url: home.body.data[0].image.url });
  expect(file.statusCode).toBe(200);
});

test('the API answers in English from the translations', async () => {
  const list = await api(ctx, 'GET', '/v1/get-business?sort=name&per_page=100', undefined, undefined, 'en');
  expect(list.body.meta.total).toBe(32);
  expect(list.body.data.map((b: { name: string }) => b.name)).toContain('Farm Shop');
  const hits = await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent('ботинки')}`);
  expect(hits.body.meta.total).toBeGreaterThan(3);
});

test('every banner links to a screen of the SPA (no link to a 404)', async () => {
  const [home, regular] = await Promise.all([api(ctx, 'GET', '/v1/ads/home-banners'), api(ctx, 'GET', '/v1/ads/regular-banners')]);
  const links: string[] = [...home.body.data, ...regular.body.data].map((banner: { link: string }) => banner.link);
  expect(links.length).toBeGreaterThanOrEqual(4);
  for (const link of links) expect([link, matchRoute(link.split('?')[0])?.screen]).toEqual([link, true]);
});
