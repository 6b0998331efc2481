import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { signIn, SETUP_TIMEOUT } from '../helpers/test-app';
import { adCategoryId, api, businessCategoryId, createBusiness, createCatalogApp, createProduct, type CatalogTestContext } from './catalog-helpers';

/**
 * The optional English version of what sellers write (names, descriptions, a business's address,
 * an ad's place): accepted on create and edit under the same rules as the Russian texts, read
 * back for the edit form, and shown to a reader of English wherever it exists — otherwise the
 * original, as written.
 */
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

describe('a business', () => {
  test('its English name, description and address are read in English, the originals in Russian, both in the edit texts', async () => {
    const created = await createBusiness(ctx, seller.token, {
      name: 'Сырная лавка',
      name_en: 'Cheese Shop',
      description: 'Сыры из Подмосковья',
      description_en: 'Cheeses from near Moscow',
      address: 'Москва, ул. Полевая, 1',
      address_en: '  1 Polevaya St, Moscow  ',
    });
    expect(created.texts).toEqual({
      name: 'Сырная лавка',
      name_en: 'Cheese Shop',
      description: 'Сыры из Подмосковья',
      description_en: 'Cheeses from near Moscow',
      address: 'Москва, ул. Полевая, 1',
      address_en: '1 Polevaya St, Moscow',
    });
    const english = (await api(ctx, 'GET', `/v1/business/${created.id}`, buyer.token, undefined, 'en')).body.data;
    expect(english).toMatchObject({ name: 'Cheese Shop', description: 'Cheeses from near Moscow', address: '1 Polevaya St, Moscow' });
    const russian = (await api(ctx, 'GET', `/v1/business/${created.id}`, buyer.token, undefined, 'ru')).body.data;
    expect(russian).toMatchObject({ name: 'Сырная лавка', description: 'Сыры из Подмосковья', address: 'Москва, ул. Полевая, 1' });

    // The card in lists speaks the same language as the page.
    const list = (await api(ctx, 'GET', '/v1/business?per_page=100', seller.token, undefined, 'en')).body.data as Array<{ id: number; name: string; address: string }>;
    expect(list.find((b) => b.id === created.id)).toMatchObject({ name: 'Cheese Shop', address: '1 Polevaya St, Moscow' });
  });

  test('without an English version (or with it emptied on edit) a reader of English sees what the owner wrote', async () => {
    const created = await createBusiness(ctx, seller.token, { name: 'Лавка без перевода', name_en: null, description: 'Только по-русски', address: 'Тула, ул. Советская, 5' });
    expect(created.texts).toMatchObject({ name_en: null, description_en: null, address_en: null });
    const english = (await api(ctx, 'GET', `/v1/business/${created.id}`, undefined, undefined, 'en')).body.data;
    expect(english).toMatchObject({ name: 'Лавка без перевода', description: 'Только по-русски', address: 'Тула, ул. Советская, 5' });

    const translated = await createBusiness(ctx, seller.token, { name: 'Лавка', name_en: 'Shop', address: 'Тула', address_en: 'Tula' });
    const body = { kind: 'store', category_id: await businessCategoryId(ctx, 'groceries'), name: 'Лавка', name_en: '', address: 'Тула', address_en: '   ' };
    const edited = await api(ctx, 'POST', `/v1/business/${translated.id}`, seller.token, body, 'en');
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Лавка', address: 'Тула', texts: { name_en: null, address_en: null } });
  });

  test('an English address longer than an address may be is refused in the reader’s words', async () => {
    const body = { kind: 'store', category_id: await businessCategoryId(ctx, 'groceries'), name: 'Лавка', name_en: 'S'.repeat(121), address: 'Тула', address_en: 'a'.repeat(256) };
    const english = await api(ctx, 'POST', '/v1/business', seller.token, body, 'en');
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({ name_en: ['At most 120 characters.'], address_en: ['At most 255 characters.'] });
    const russian = await api(ctx, 'POST', '/v1/business', seller.token, body, 'ru');
    expect(russian.body.errors).toEqual({ name_en: ['Не более 120 символов.'], address_en: ['Не более 255 символов.'] });
  });
});

describe('an ad', () => {
  const adBody = async (extra: Record<string, unknown>) => ({ category_id: await adCategoryId(ctx, 'transport'), title: 'Велосипед горный', description: 'Катался одно лето', price: 1_500_000, location: 'Казань', ...extra });

  test('its English title, description and place are read in English, and kept for the edit form', async () => {
    const created = await api(ctx, 'POST', '/v1/ads', buyer.token, await adBody({ title_en: 'Mountain bike', description_en: 'Ridden for one summer', location_en: 'Kazan' }));
    expect(created.status).toBe(201);
    expect(created.body.data.texts).toEqual({
      name: 'Велосипед горный',
      name_en: 'Mountain bike',
      description: 'Катался одно лето',
      description_en: 'Ridden for one summer',
      location: 'Казань',
      location_en: 'Kazan',
    });
    const id = created.body.data.id as number;
    expect((await api(ctx, 'GET', `/v1/ads/${id}`, undefined, undefined, 'en')).body.data).toMatchObject({ title: 'Mountain bike', description: 'Ridden for one summer', location: 'Kazan' });
    expect((await api(ctx, 'GET', `/v1/ads/${id}`, undefined, undefined, 'ru')).body.data).toMatchObject({ title: 'Велосипед горный', description: 'Катался одно лето', location: 'Казань' });
    const mine = (await api(ctx, 'GET', `/v1/ads/users/${buyer.userId}`, undefined, undefined, 'en')).body.data as Array<{ id: number; title: string; location: string }>;
    expect(mine.find((ad) => ad.id === id)).toMatchObject({ title: 'Mountain bike', location: 'Kazan' });
  });

  test('a Russian-only ad is shown to a reader of English as written', async () => {
    const created = await api(ctx, 'POST', '/v1/ads', buyer.token, await adBody({ title: 'Санки детские' }));
    expect(created.body.data.texts).toMatchObject({ name_en: null, description_en: null, location_en: null });
    expect((await api(ctx, 'GET', `/v1/ads/${created.body.data.id}`, undefined, undefined, 'en')).body.data).toMatchObject({ title: 'Санки детские', location: 'Казань' });
  });

  test('an English place longer than a place may be is refused under the same rule as the Russian one', async () => {
    const res = await api(ctx, 'POST', '/v1/ads', buyer.token, await adBody({ location: 'К'.repeat(121), location_en: 'K'.repeat(121) }), 'en');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ location: ['At most 120 characters.'], location_en: ['At most 120 characters.'] });
  });
});

describe('a product', () => {
  test('is read in English, found by its English name, and named in English in a chat about it', async () => {
    const shop = await createBusiness(ctx, seller.token, { name: 'Мёд и воск', name_en: 'Honey and Wax' });
    const product = await createProduct(ctx, seller.token, shop.id, { name: 'Мёд гречишный', name_en: 'Buckwheat honey', description: 'Урожай этого года', description_en: 'This year’s harvest' });
    expect((await api(ctx, 'GET', `/v1/products/${product.id}`, undefined, undefined, 'en')).body.data).toMatchObject({
      name: 'Buckwheat honey',
      description: 'This year’s harvest',
      business: { name: 'Honey and Wax' },
      texts: { name: 'Мёд гречишный', name_en: 'Buckwheat honey' },
    });

    const found = (await api(ctx, 'GET', `/v1/search?q=${encodeURIComponent('buckwheat honey')}&type=product`, undefined, undefined, 'en')).body.data as Array<{ id: number }>;
    expect(found.map((hit) => hit.id)).toContain(product.id);

    const sent = await api(ctx, 'POST', '/v1/messages', buyer.token, { recipient_id: seller.userId, subject_type: 'product', subject_id: product.id, content: 'Здравствуйте! Мёд ещё есть?' });
    expect(sent.status).toBe(201);
    const chatId = sent.body.data.chat_id as number;
    expect((await api(ctx, 'GET', `/v1/chats/${chatId}`, buyer.token, undefined, 'en')).body.data.subject).toMatchObject({ type: 'product', name: 'Buckwheat honey' });
    expect((await api(ctx, 'GET', `/v1/chats/${chatId}`, buyer.token, undefined, 'ru')).body.data.subject).toMatchObject({ type: 'product', name: 'Мёд гречишный' });
  });

  test('an English name longer than a name may be is refused in the reader’s words', async () => {
    const shop = await createBusiness(ctx, seller.token);
    const res = await api(ctx, 'POST', '/v1/products', seller.token, { business_id: shop.id, name: 'Мёд', name_en: 'H'.repeat(121), price: 100 }, 'en');
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name_en: ['At most 120 characters.'] });
  });
});
