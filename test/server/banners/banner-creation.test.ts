import sharp from 'sharp';
import { gpsJpeg, METADATA_MARKERS } from '../helpers/metadata-fixtures';
import { createBusiness, createProduct } from '../catalog/catalog-helpers';
import { call, createBanner, daysFromNow, person, picture, placeAd, setUpBannersKit, subscribe, type Person } from './banners-kit';

/** A paying seller creates a banner: the picture checked by content and cleaned, the link one of their own pages, sane dates. */

jest.setTimeout(60_000);
const kit = setUpBannersKit();
let seller: Person;
let stranger: Person;

beforeAll(async () => {
  seller = await person(kit().ctx, 'en');
  stranger = await person(kit().ctx, 'en');
  await subscribe(kit().ctx, seller.userId);
});

const fieldErrors = (res: { json(): { errors?: Record<string, string[]> } }) => res.json().errors ?? {};

test('a paying seller’s banner waits for a moderator, stored as WebP renditions, and is listed as theirs', async () => {
  const res = await createBanner(kit().ctx, seller, { title: 'Весенняя распродажа', title_en: 'Spring sale' });
  expect(res.statusCode).toBe(201);
  const banner = res.json().data;
  expect(banner).toMatchObject({ status: 'moderation', title: 'Весенняя распродажа', title_en: 'Spring sale', link: `/user/${seller.userId}`, placement: 'home', live: false, rejection_reason: null });
  expect(banner.image.variants.length).toBeGreaterThan(0);
  const served = await call(kit().ctx, 'GET', banner.image.url);
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/webp');
  const mine = (await call(kit().ctx, 'GET', '/v1/ads/my-banners', seller.token)).json().data;
  expect(mine[0]).toMatchObject({ id: banner.id, status: 'moderation' });
  // Nobody else sees it in their list, and buyers do not see it before approval.
  expect((await call(kit().ctx, 'GET', '/v1/ads/my-banners', stranger.token)).json().data).toEqual([]);
  const home = (await call(kit().ctx, 'GET', '/v1/ads/home-banners')).json().data;
  expect(home.some((b: { id: number }) => b.id === banner.id)).toBe(false);
});

test('an HTML file renamed .png is refused by its content, in the reader’s language', async () => {
  const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const en = await createBanner(kit().ctx, seller, {}, { name: 'banner.png', data: html, type: 'image/png' });
  expect(en.statusCode).toBe(422);
  expect(fieldErrors(en).image).toEqual(['The picture must be a PNG, JPEG or WebP image.']);
  const ru = await createBanner(kit().ctx, seller, {}, { name: 'banner.png', data: html, type: 'image/png' }, 'ru');
  expect(fieldErrors(ru).image).toEqual(['Картинка должна быть в формате PNG, JPEG или WebP.']);
  // A PNG signature with a script behind it does not parse as a picture either.
  const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
  const fake = await createBanner(kit().ctx, seller, {}, { name: 'banner.png', data: disguised });
  expect(fake.statusCode).toBe(422);
  expect(Object.keys(fieldErrors(fake))).toEqual(['image']);
});

test('a picture over 10 MB is refused with the limit named', async () => {
  const big = Buffer.concat([await picture(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
  const res = await createBanner(kit().ctx, seller, {}, { name: 'big.png', data: big });
  expect(res.statusCode).toBe(422);
  expect(fieldErrors(res).image).toEqual(['The picture is larger than 10 MB.']);
});

test('EXIF, GPS and XMP are stripped from every stored copy', async () => {
  const jpeg = await gpsJpeg();
  const res = await createBanner(kit().ctx, seller, {}, { name: 'photo.jpg', data: jpeg, type: 'image/jpeg' });
  expect(res.statusCode).toBe(201);
  for (const { url } of res.json().data.image.variants as Array<{ url: string }>) {
    const body = (await call(kit().ctx, 'GET', url)).rawPayload;
    const meta = await sharp(body).metadata();
    expect({ url, format: meta.format, exif: meta.exif, xmp: meta.xmp }).toEqual({ url, format: 'webp', exif: undefined, xmp: undefined });
    for (const marker of METADATA_MARKERS) expect({ marker, found: body.includes(marker) }).toEqual({ marker, found: false });
  }
});

test('the link must be one of the seller’s own pages: theirs is accepted, someone else’s or an outside address is not', async () => {
  const ownStore = await createBusiness(kit().ctx, seller.token, { name: 'Лавка продавца' });
  const ownProduct = await createProduct(kit().ctx, seller.token, ownStore.id, { name: 'Мёд' });
  const ownAd = await placeAd(kit().ctx, seller.userId);
  const theirStore = await createBusiness(kit().ctx, stranger.token, { name: 'Чужая лавка' });
  const theirProduct = await createProduct(kit().ctx, stranger.token, theirStore.id, { name: 'Чужой мёд' });
  const theirAd = await placeAd(kit().ctx, stranger.userId);

  for (const link of [`/stores/${ownStore.id}`, `/products/${ownProduct.id}`, `/ads/${ownAd}`, `/user/${seller.userId}`]) {
    expect({ link, status: (await createBanner(kit().ctx, seller, { link })).statusCode }).toEqual({ link, status: 201 });
  }
  const refused = [`/stores/${theirStore.id}`, `/products/${theirProduct.id}`, `/ads/${theirAd}`, `/user/${stranger.userId}`, 'https://evil.example.com/', '//evil.example.com/stores/1', '/stores/999999', '/about', `/stores/${ownStore.id}?x=1`];
  for (const link of refused) {
    const res = await createBanner(kit().ctx, seller, { link });
    expect({ link, status: res.statusCode, errors: fieldErrors(res).link }).toEqual({
      link,
      status: 422,
      errors: ['A banner may lead only to a page of your own: your store, your product, your ad or your profile.'],
    });
  }
  // The form's list offers exactly the seller's own pages.
  const links = (await call(kit().ctx, 'GET', '/v1/ads/banner-links', seller.token)).json().data.map((o: { link: string }) => o.link);
  expect(links).toEqual(expect.arrayContaining([`/user/${seller.userId}`, `/stores/${ownStore.id}`, `/products/${ownProduct.id}`, `/ads/${ownAd}`]));
  expect(links).not.toEqual(expect.arrayContaining([`/stores/${theirStore.id}`]));
  expect(links.some((l: string) => [`/stores/${theirStore.id}`, `/products/${theirProduct.id}`, `/ads/${theirAd}`, `/user/${stranger.userId}`].includes(l))).toBe(false);
});

test('dates: the end after the start, at most a year, not in the past', async () => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ starts_at: daysFromNow(10), ends_at: daysFromNow(5) }, 'The end must come after the start.'],
    [{ starts_at: daysFromNow(0), ends_at: daysFromNow(400) }, 'A banner can run for at most a year (366 days).'],
    [{ starts_at: daysFromNow(-10), ends_at: daysFromNow(-1) }, 'The end date has already passed.'],
    [{ starts_at: 'tomorrow', ends_at: daysFromNow(5) }, 'The date is not valid.'],
  ];
  for (const [dates, message] of cases) {
    const res = await createBanner(kit().ctx, seller, dates);
    expect({ dates, status: res.statusCode, message: [...(fieldErrors(res).ends_at ?? []), ...(fieldErrors(res).starts_at ?? [])][0] }).toEqual({ dates, status: 422, message });
  }
  // Every field's problem at once, so the form can mark them all.
  const blank = await createBanner(kit().ctx, seller, { title: '', link: '', placement: 'sky', starts_at: '', ends_at: '' });
  expect(Object.keys(fieldErrors(blank)).sort()).toEqual(['ends_at', 'link', 'placement', 'starts_at', 'title']);
});

test('only paying sellers may create banners: without an active subscription the answer says to buy a plan', async () => {
  const newcomer = await person(kit().ctx, 'ru');
  const res = await createBanner(kit().ctx, newcomer, {}, undefined, 'ru');
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('Баннеры доступны продавцам с действующим продвижением. Сначала купите тариф продвижения.');
  // A paused or expired subscription does not count; an active one does.
  await subscribe(kit().ctx, newcomer.userId, 'paused');
  await subscribe(kit().ctx, newcomer.userId, 'expired');
  expect((await createBanner(kit().ctx, newcomer)).statusCode).toBe(403);
  await subscribe(kit().ctx, newcomer.userId, 'active', -1);
  expect((await createBanner(kit().ctx, newcomer)).statusCode).toBe(403);
  await subscribe(kit().ctx, newcomer.userId, 'active', 5);
  expect((await createBanner(kit().ctx, newcomer)).statusCode).toBe(201);
  // A guest is asked to sign in.
  expect((await call(kit().ctx, 'POST', '/v1/ads/create-banner')).statusCode).toBe(401);
});
