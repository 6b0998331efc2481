import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { images } from '../../../server/db/schema';
import { bearer, signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { api, createBusiness, createCatalogApp, createProduct, jpegImage, multipartBody, pngImage, uploadImage, type CatalogTestContext } from './catalog-helpers';

let ctx: CatalogTestContext;
let seller: { token: string; userId: number };
let buyer: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createCatalogApp();
  await seedDemoAccounts(ctx.database.db);
  seller = await signIn(ctx, 'seller@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const imageCount = async () => Number((await ctx.database.db.select({ value: count() }).from(images))[0].value);

describe('accepted images', () => {
  test('a PNG becomes WebP at 200, 600 and 1200 px, without its metadata, served with a long cache', async () => {
    const res = await uploadImage(ctx, seller.token, await pngImage(1600, 1200));
    expect(res.status).toBe(201);
    const image = res.body.data;
    expect(image).toMatchObject({ width: 1200, height: 900, url: `/storage/images/${image.id}/600.webp` });
    expect(image.variants.map((v: { width: number; height: number }) => [v.width, v.height])).toEqual([
      [200, 150],
      [600, 450],
      [1200, 900],
    ]);
    expect(image.srcset).toBe(image.variants.map((v: { url: string; width: number }) => `${v.url} ${v.width}w`).join(', '));
    for (const variant of image.variants) {
      const file = await ctx.app.inject({ method: 'GET', url: variant.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    }
  });

  test('a JPEG and a WebP are accepted too; a small picture is not enlarged', async () => {
    const jpeg = await uploadImage(ctx, seller.token, await jpegImage(300, 200), 'photo.jpg', 'image/jpeg');
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.data.variants.map((v: { width: number }) => v.width)).toEqual([200, 300, 300]);
    const webp = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#08f' } }).webp().toBuffer();
    expect((await uploadImage(ctx, seller.token, webp, 'photo.webp', 'image/webp')).status).toBe(201);
  });

  test('an uploaded image can be used by its uploader only', async () => {
    const shop = await createBusiness(ctx, seller.token);
    const mine = (await uploadImage(ctx, seller.token, await pngImage(400, 400))).body.data.id;
    const product = await createProduct(ctx, seller.token, shop.id, { image_ids: [mine] });
    expect((product.images as Array<{ id: string }>).map((i) => i.id)).toEqual([mine]);
    const theirs = (await uploadImage(ctx, buyer.token, await pngImage(400, 400))).body.data.id;
    const stolen = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shop.id, name: 'Чужое фото', price: 100, image_ids: [theirs] }, 'en');
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ image_ids: ['The image was not found. Upload it again.'] });
  });
});

describe('refused uploads', () => {
  test('a script named photo.png is refused on the field image with the catalogue message, in both languages', async () => {
    const before = await imageCount();
    const script = Buffer.from('<script>alert(document.cookie)</script>\n#!/bin/sh\nrm -rf /\n');
    const en = await uploadImage(ctx, seller.token, script, 'photo.png', 'image/png', 'en');
    expect(en.status).toBe(422);
    expect(en.body).toEqual({ message: 'The file has an invalid format.', errors: { image: ['The file has an invalid format.'] } });
    const ru = await uploadImage(ctx, seller.token, script, 'photo.png', 'image/png', 'ru');
    expect(ru.body.errors).toEqual({ image: ['Файл имеет недопустимый формат.'] });
    expect(await imageCount()).toBe(before);
  });

  test('a PNG header followed by garbage, an SVG and a GIF are refused', async () => {
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really an image')]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    for (const [content, name, type] of [
      [fakePng, 'a.png', 'image/png'],
      [svg, 'a.svg', 'image/svg+xml'],
      [gif, 'a.gif', 'image/gif'],
    ] as const) {
      const res = await uploadImage(ctx, seller.token, content, name, type, 'en');
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ image: ['The file has an invalid format.'] });
    }
  });

  test('a 50 MB upload gets 413 with a translated message; so does 11 MB', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    const en = await uploadImage(ctx, seller.token, big, 'huge.png', 'image/png', 'en');
    expect(en.status).toBe(413);
    expect(en.body.message).toBe('The image is larger than 10 MB.');
    const ru = await uploadImage(ctx, seller.token, Buffer.concat([await pngImage(10, 10), Buffer.alloc(11 * 1024 * 1024)]), 'big.png', 'image/png', 'ru');
    expect(ru.status).toBe(413);
    expect(ru.body.message).toBe('Изображение больше 10 МБ.');
  });

  test('no file, the wrong field, a guest: 422, 422, 401', async () => {
    const json = await ctx.app.inject({ method: 'POST', url: '/v1/uploads/images', headers: { ...bearer(seller.token), 'accept-language': 'en' }, payload: {} });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ image: ['Choose a file.'] });
    const wrongField = multipartBody('file', 'a.png', 'image/png', await pngImage(10, 10));
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/uploads/images', headers: { ...bearer(seller.token), ...wrongField.headers }, payload: wrongField.payload });
    expect(res.statusCode).toBe(422);
    const guest = await ctx.app.inject({ method: 'POST', url: '/v1/uploads/images', ...multipartBody('image', 'a.png', 'image/png', await pngImage(10, 10)) });
    expect(guest.statusCode).toBe(401);
  });
});

describe('serving files', () => {
  test('only stored files under safe names are served; nothing else leaks', async () => {
    fs.mkdirSync(ctx.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(ctx.uploadsDir, 'notes.txt'), 'private');
    for (const url of ['/storage/notes.txt', '/storage/../package.json', '/storage/images/nope/600.webp', '/storage/%2e%2e/%2e%2e/etc/passwd', '/storage/images']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('private');
    }
  });
});
