import type { BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { BASE_URL, browserPerFile } from './support/browser';
import { approveAsModerator, call, openStore, publishProduct } from './support/catalog-api';
import { sessionOf, signInThroughApiAs, signInThroughUi } from './support/sign-in';
import { waitFor } from './support/wait-for';

const people = browserPerFile();
const stamp = `${process.pid}${Date.now() % 100000}`;
let counter = 0;
const freshAddress = (role: string) => `e2e-${role}-${stamp}-${++counter}@example.com`;

interface Person {
  context: BrowserContext;
  page: Page;
  userId: number;
  token: string;
}

/** A new person signed in through the real /auth screen, with a display name. */
async function signedIn(role: string, name: string): Promise<Person> {
  const { context, page } = await people.open();
  // Deleting asks for confirmation; the person agrees.
  page.on('dialog', (dialog) => void dialog.accept());
  const address = freshAddress(role);
  await signInThroughUi(page, address);
  const { token, userId } = await sessionOf(context);
  await call(token, 'POST', '/v1/profile', { name, email: address });
  return { context, page, userId, token };
}

/** A seller made through the API: a store with one published product. */
async function sellerWithProduct(ownerName: string, productName: string) {
  const address = freshAddress('seller');
  const { token, userId } = await signInThroughApiAs(address);
  await call(token, 'POST', '/v1/profile', { name: ownerName, email: address });
  const businessName = `Лавка ${ownerName}`;
  const businessId = await openStore(token, businessName);
  const productId = await publishProduct(token, businessId, productName);
  return { token, userId, businessId, businessName, productId };
}

const picture = (r: number, g: number, b: number) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** Waits until `read` gives `expected`, as a person waits for the screen to settle. */
async function until<T>(read: () => Promise<T>, expected: T): Promise<void> {
  let last: T | undefined;
  await waitFor(async () => (last = await read()) === expected, { what: () => `${JSON.stringify(expected)}, saw ${JSON.stringify(last)}` });
}

const heading = (page: Page, text: string) => page.locator('h1.page-title').filter({ hasText: text }).waitFor();

/** Every picture inside `scope` has arrived and has pixels (no broken image). */
async function picturesLoaded(scope: Locator, atLeast = 1) {
  await scope.locator('img').nth(atLeast - 1).waitFor();
  await scope.page().waitForFunction(
    (count) => {
      const images = [...document.querySelectorAll<HTMLImageElement>('main img, .cat-image-box img')];
      return images.length >= count && images.every((img) => img.complete && img.naturalWidth > 0);
    },
    atLeast,
  );
}

/** Waits until the form's draft in localStorage holds `expected` (the form writes it a moment after typing stops). */
async function storedDraft(page: Page, key: string, expected: Record<string, string>): Promise<void> {
  const draft = () => page.evaluate((storageKey) => JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, unknown>, key);
  await waitFor(async () => {
    const stored = await draft();
    return Object.entries(expected).every(([field, value]) => String(stored[field]) === value);
  }, { what: `the draft ${key} holds ${JSON.stringify(expected)}` });
}

/**
 * Waits until the clock has left the millisecond in which the person followed the business: the
 * product's publication time is a whole millisecond of the clock, the follow is stored finer, and
 * only a product published after the follow counts as new to the follower.
 */
async function pastTheFollow(token: string, businessId: number): Promise<void> {
  const followed = (await call(token, 'GET', '/v1/me/subscribed-businesses')).body.data as Array<{ business: { id: number }; subscribed_at: string }>;
  const followedAt = Date.parse(followed.find((entry) => entry.business.id === businessId)!.subscribed_at);
  await waitFor(() => Date.now() > followedAt, { what: 'the clock passes the moment of following' });
}

async function pressed(locator: Locator) {
  return locator.getAttribute('aria-pressed');
}

test('an owner creates a business with pictures, adds and renames a category, edits and deletes; someone else gets no controls and a 403', async () => {
  const owner = await signedIn('owner', 'Анна Владелица');
  const { page } = owner;
  const name = `Пекарня «Колос» ${stamp}`;

  await page.goto('/create/business');
  await page.getByLabel('Тип', { exact: true }).selectOption('restaurant');
  await page.getByLabel('Категория', { exact: true }).selectOption({ label: 'Пекарни и кондитерские' });
  await page.getByLabel('Название', { exact: true }).fill(name);
  await page.getByLabel('Описание', { exact: true }).fill('Хлеб на закваске каждое утро');
  await page.getByLabel('Адрес', { exact: true }).fill('Москва, ул. Хлебная, 7');
  await page.getByLabel('Телефон', { exact: true }).fill('+7 900 123-45-67');
  await page.getByLabel('Логотип').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture(240, 200, 80) });
  await page.getByLabel('Обложка').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await picture(120, 60, 20) });
  await until(() => page.locator('.cat-previews img').count(), 2);
  await page.getByTestId('save').click();
  await page.waitForURL(/\/stores\/\d+$/);
  const businessId = Number(page.url().split('/').pop());
  await heading(page, name);
  await page.getByText('Хлеб на закваске каждое утро').waitFor();
  await picturesLoaded(page.locator('main'));
  // Every width the screens use, none wider than the upload (900 px).
  expect(await page.locator('.cat-image-box img').first().getAttribute('srcset')).toMatch(/200w, .*600w, .*900w$/);
  // The owner writes to nobody about their own business.
  expect(await page.getByTestId('start-chat').count()).toBe(0);

  // A category of the business, then renamed.
  await page.getByRole('link', { name: 'Новая категория товаров' }).click();
  await page.waitForURL(/\/create\/category\/product\?business=/);
  await page.getByLabel('Название', { exact: true }).fill('Выпечка');
  await page.getByTestId('save').click();
  await page.waitForURL(new RegExp(`/stores/${businessId}\\?category=\\d+$`));
  const categoryId = Number(new URL(page.url()).searchParams.get('category'));
  await page.getByRole('link', { name: 'Выпечка (0)' }).waitFor();
  await page.getByRole('link', { name: 'Изменить «Выпечка»' }).click();
  await page.waitForURL(`**/create/category/product/${categoryId}`);
  const categoryName = page.getByLabel('Название', { exact: true });
  await until(() => categoryName.inputValue(), 'Выпечка');
  await categoryName.fill('Хлеб и выпечка');
  await page.getByTestId('save').click();
  await page.getByRole('link', { name: 'Хлеб и выпечка (0)' }).waitFor();

  // Editing the business starts from what it has.
  await page.getByTestId('edit').click();
  await page.waitForURL(`**/create/business?edit=${businessId}`);
  const businessName = page.getByLabel('Название', { exact: true });
  await until(() => businessName.inputValue(), name);
  await businessName.fill(`${name} и кофе`);
  await page.getByTestId('save').click();
  await page.waitForURL(`**/stores/${businessId}`);
  await heading(page, `${name} и кофе`);

  // A new business waits for a moderator before anyone else sees it (issue 17).
  await approveAsModerator('businesses', businessId);

  // Someone else: the page, but no edit controls, the forms refuse, and the API answers 403.
  const stranger = await signedIn('stranger', 'Борис Посторонний');
  await stranger.page.goto(`/stores/${businessId}`);
  await heading(stranger.page, `${name} и кофе`);
  await stranger.page.getByTestId('start-chat').waitFor();
  expect(await stranger.page.getByTestId('edit').count()).toBe(0);
  expect(await stranger.page.getByTestId('delete').count()).toBe(0);
  expect(await stranger.page.getByRole('link', { name: 'Изменить «Хлеб и выпечка»' }).count()).toBe(0);
  await stranger.page.goto(`/create/business?edit=${businessId}`);
  await stranger.page.getByText('Изменять это может только владелец.').waitFor();
  await stranger.page.goto(`/create/category/product/${categoryId}`);
  await stranger.page.getByText('Изменять это может только владелец.').waitFor();
  const own = (await call(owner.token, 'GET', `/v1/business/${businessId}`)).body.data as { kind: string; category: { id: number }; address: string };
  const takeover = { kind: own.kind, category_id: own.category.id, name: 'Захвачено', address: own.address };
  expect((await call(stranger.token, 'POST', `/v1/business/${businessId}`, takeover)).status).toBe(403);
  expect((await call(stranger.token, 'POST', `/v1/categories/${categoryId}`, { name: 'Захвачено' })).status).toBe(403);
  expect((await call(stranger.token, 'DELETE', `/v1/categories/${categoryId}`)).status).toBe(403);
  expect((await call(stranger.token, 'DELETE', `/v1/business/${businessId}`)).status).toBe(403);

  // The owner deletes the category, then the business.
  await page.goto(`/create/category/product/${categoryId}`);
  await page.getByTestId('delete').click();
  await page.waitForURL(`**/stores/${businessId}`);
  await heading(page, `${name} и кофе`);
  expect(await page.getByRole('link', { name: /Хлеб и выпечка/ }).count()).toBe(0);
  await page.getByTestId('delete').click();
  await page.waitForURL('**/stores');
  expect((await call(null, 'GET', `/v1/business/${businessId}`)).status).toBe(404);
});

test('an ad: bad input gets translated messages on its fields and survives a reload; then it shows on the offer page and /user/:id', async () => {
  const author = await signedIn('author', 'Вера Продавщица');
  const { page, context } = author;
  const title = `Велосипед горный ${stamp}`;

  await page.goto('/create/ad');
  await page.getByLabel('Заголовок', { exact: true }).fill(title);
  await page.getByLabel(/^Цена/).fill('-5');
  await page.getByTestId('save').click();
  await page.getByText('Цена не может быть отрицательной.').waitFor();
  await page.getByText('Выберите значение из списка.').waitFor();
  expect(await page.getByLabel(/^Цена/).getAttribute('aria-invalid')).toBe('true');

  // The draft outlives a reload, and the same messages come in English.
  await storedDraft(page, 'catalog-draft:ad:new', { title, price: '-5' });
  await context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  await page.reload();
  const englishTitle = page.getByLabel('Title', { exact: true });
  await until(() => englishTitle.inputValue(), title);
  expect(await page.getByLabel(/^Price/).inputValue()).toBe('-5');
  await page.getByTestId('save').click();
  await page.getByText('The price cannot be negative.').waitFor();
  await context.addCookies([{ name: 'lang', value: 'ru', url: BASE_URL }]);
  await page.reload();

  await page.getByLabel('Категория', { exact: true }).selectOption({ label: 'Транспорт' });
  await page.getByLabel(/^Цена/).fill('15 000');
  await page.getByLabel('Где', { exact: true }).fill('Москва, Сокольники');
  await page.getByLabel('Состояние', { exact: true }).selectOption('used');
  await page.getByLabel(/Фотографии/).setInputFiles({ name: 'bike.png', mimeType: 'image/png', buffer: await picture(30, 140, 90) });
  await page.getByRole('img', { name: 'Фото 1' }).waitFor();
  await page.getByTestId('save').click();
  await page.waitForURL(/\/ads\/\d+$/);
  const adId = Number(page.url().split('/').pop());
  await heading(page, title);
  await page.getByText(/15\s000\s₽/).first().waitFor();
  await picturesLoaded(page.locator('main'));

  // The reload after saving starts a blank form: the draft went with the save.
  await page.goto('/create/ad');
  await until(() => page.getByLabel('Заголовок', { exact: true }).inputValue(), '');

  await page.goto(`/ads/${adId}`);
  await page.getByRole('link', { name: 'Вера Продавщица' }).click();
  await page.waitForURL(`**/user/${author.userId}`);
  await heading(page, 'Вера Продавщица');
  await page.getByTestId('ad-card').filter({ hasText: title }).waitFor();
  expect(await page.getByTestId('start-chat').count()).toBe(0);

  // Another person: the offer and a way to write, no controls; the API refuses changes.
  const reader = await signedIn('reader', 'Глеб Читатель');
  await reader.page.goto(`/user/${author.userId}`);
  await reader.page.getByTestId('ad-card').filter({ hasText: title }).locator('a').first().click();
  await reader.page.waitForURL(`**/ads/${adId}`);
  await heading(reader.page, title);
  await reader.page.getByTestId('start-chat').waitFor();
  expect(await reader.page.getByTestId('edit').count()).toBe(0);
  const body = { category_id: 1, title: 'Чужое', price: 1 };
  expect((await call(reader.token, 'POST', `/v1/ads/${adId}`, body)).status).toBe(403);
  expect((await call(reader.token, 'DELETE', `/v1/ads/${adId}`)).status).toBe(403);

  // The author edits and then deletes it.
  await page.goto(`/ads/${adId}`);
  await page.getByTestId('edit').click();
  await page.waitForURL(`**/create/ad?edit=${adId}`);
  const titleField = page.getByLabel('Заголовок', { exact: true });
  await until(() => titleField.inputValue(), title);
  await titleField.fill(`${title}, почти новый`);
  await page.getByTestId('save').click();
  await page.waitForURL(`**/ads/${adId}`);
  await heading(page, `${title}, почти новый`);
  await page.getByTestId('delete').click();
  await page.waitForURL(`**/user/${author.userId}`);
  await heading(page, 'Вера Продавщица');
  expect(await page.getByTestId('ad-card').filter({ hasText: title }).count()).toBe(0);
  expect((await call(null, 'GET', `/v1/ads/${adId}`)).status).toBe(404);
});

test('a favorite toggled in one tab is right in the other tab at once', async () => {
  const fan = await signedIn('fan', 'Дина Любитель');
  const seller = await sellerWithProduct('Евгений', `Мёд липовый ${stamp}`);
  const productTab = fan.page;
  const favoritesTab = await fan.context.newPage();
  await productTab.goto(`/products/${seller.productId}`);
  await heading(productTab, `Мёд липовый ${stamp}`);
  await favoritesTab.goto('/favorites');
  await favoritesTab.getByText('В избранном пока пусто', { exact: false }).waitFor();

  // The page's own heart (the strip below shows the same product again).
  const heart = productTab.locator('.cat-detail').getByTestId(`favorite-product-${seller.productId}`);
  expect(await pressed(heart)).toBe('false');
  await productTab.bringToFront();
  await heart.click();
  await until(() => pressed(heart), 'true');
  // The other tab lists it without a reload.
  const listed = favoritesTab.getByTestId('favorites').getByText(`Мёд липовый ${stamp}`, { exact: true });
  await listed.waitFor();

  // Taken back in the favorites tab: the product tab follows.
  await favoritesTab.bringToFront();
  await favoritesTab.getByTestId(`favorite-product-${seller.productId}`).click();
  await until(() => pressed(heart), 'false');
  await productTab.reload();
  await heading(productTab, `Мёд липовый ${stamp}`);
  expect(await pressed(heart)).toBe('false');
  await favoritesTab.close();
});

test('a follower sees the new product on /subscriptions and a notification that opens it', async () => {
  const follower = await signedIn('follower', 'Жанна Подписчица');
  const seller = await sellerWithProduct('Захар', `Сыр козий ${stamp}`);
  const { page } = follower;
  await page.goto(`/stores/${seller.businessId}`);
  await heading(page, seller.businessName);
  const follow = page.getByTestId('subscribe');
  const followed = page.waitForResponse((response) => response.url().endsWith(`/v1/businesses/${seller.businessId}/toggle-subscription`));
  await follow.click();
  await until(() => pressed(follow), 'true');
  expect((await followed).ok()).toBe(true);

  // The seller publishes something new after that.
  await pastTheFollow(follower.token, seller.businessId);
  const freshId = await publishProduct(seller.token, seller.businessId, `Творог домашний ${stamp}`, 40_000);

  await page.goto('/subscriptions');
  const entry = page.getByTestId('subscription').filter({ has: page.getByRole('link', { name: seller.businessName }) });
  await entry.getByText(`Творог домашний ${stamp}`, { exact: true }).waitFor();
  await entry.getByText('1 новинка').waitFor();

  await page.goto('/notifications');
  const notification = page.getByTestId('notification-item').filter({ hasText: `Новинка от «${seller.businessName}»` });
  await notification.getByText(`Творог домашний ${stamp}`).click();
  await page.waitForURL(`**/products/${freshId}`);
  await heading(page, `Творог домашний ${stamp}`);
});

test('landing pages show real content; a category page lists its businesses; filters and sort in the URL survive a reload', async () => {
  const { page } = await people.open();
  const landings: Array<[string, string]> = [
    ['/page/stores', 'Магазины'],
    ['/page/services', 'Услуги'],
    ['/page/restaurants', 'Рестораны'],
  ];
  for (const [path, title] of landings) {
    await page.goto(path);
    await heading(page, title);
    await page.getByTestId('business-card').first().waitFor();
    await page.getByTestId('product-card').first().waitFor();
    expect(await page.locator('.cat-chips a').count()).toBeGreaterThan(2);
  }
  await page.goto('/page/WhatToBuy');
  await heading(page, 'Что купить');
  await page.getByTestId('product-card').first().waitFor();
  expect(await page.getByTestId('strip').count()).toBeGreaterThanOrEqual(3);

  // A section of the restaurants: only its businesses.
  await page.goto('/page/restaurants');
  const chip = page.locator('.cat-chips a').filter({ hasText: 'Пиццерии' });
  await chip.click();
  await page.waitForURL(/\/stores\/category\/\d+$/);
  await heading(page, 'Пиццерии');
  const cards = page.getByTestId('business-card');
  await cards.first().waitFor();
  for (const text of await cards.locator('p.cat-muted').first().allTextContents()) expect(text).toContain('Пиццерии');
  expect(await cards.filter({ hasNotText: 'Пиццерии' }).count()).toBe(0);

  // /stores: kind and sort go into the URL; a reload shows the same list.
  await page.goto('/stores');
  await page.getByTestId('business-card').first().waitFor();
  await page.getByLabel('Тип', { exact: true }).selectOption('restaurant');
  await page.waitForURL(/kind=restaurant/);
  await page.getByLabel('Сортировка', { exact: true }).selectOption('rating');
  await page.waitForURL(/sort=rating/);
  await page.reload();
  await page.getByTestId('business-card').first().waitFor();
  expect(await page.getByLabel('Тип', { exact: true }).inputValue()).toBe('restaurant');
  expect(await page.getByLabel('Сортировка', { exact: true }).inputValue()).toBe('rating');
  expect(await page.getByTestId('business-card').filter({ hasNotText: 'Ресторан' }).count()).toBe(0);

  // Search: sort and price bounds live in the URL too.
  await page.goto(`/search?q=${encodeURIComponent('пицца')}`);
  await page.getByTestId('search-results').waitFor();
  await page.getByLabel('Сортировка', { exact: true }).selectOption('price_asc');
  await page.waitForURL(/sort=price_asc/);
  await page.getByLabel('от', { exact: true }).fill('300');
  await page.getByRole('button', { name: 'Применить' }).click();
  await page.waitForURL(/price_min=300/);
  await page.getByTestId('search-results').waitFor();
  const firstPrice = async () => (await page.getByTestId('search-results').locator('.cat-price strong').first().textContent())!.replace(/\D/g, '');
  const before = await firstPrice();
  await page.reload();
  await page.getByTestId('search-results').waitFor();
  expect(await page.getByLabel('Сортировка', { exact: true }).inputValue()).toBe('price_asc');
  expect(await page.getByLabel('от', { exact: true }).inputValue()).toBe('300');
  expect(await firstPrice()).toBe(before);
  expect(Number(before)).toBeGreaterThanOrEqual(300);
});

test('a buyer starts a chat from a product page and lands in the chat with the seller; guests are sent to sign in', async () => {
  const seller = await sellerWithProduct('Ирина Продавец', `Варенье вишнёвое ${stamp}`);

  // A guest sees the button, which leads to sign-in and back to this product afterwards.
  const guest = await people.open();
  await guest.page.goto(`/products/${seller.productId}`);
  await heading(guest.page, `Варенье вишнёвое ${stamp}`);
  await guest.page.getByRole('link', { name: 'Написать' }).click();
  await guest.page.waitForURL(`**/auth?next=${encodeURIComponent(`/products/${seller.productId}`)}`);

  const buyer = await signedIn('buyer', 'Кирилл Покупатель');
  const { page } = buyer;
  await page.goto(`/products/${seller.productId}`);
  await heading(page, `Варенье вишнёвое ${stamp}`);
  await page.getByTestId('start-chat').click();
  await page.getByTestId('chat-input').fill('Здравствуйте! Варенье без косточек?');
  await page.getByTestId('chat-send').click();
  await page.waitForURL(/\/chats\/\d+$/);
  await page.getByTestId('chat-title').filter({ hasText: 'Ирина Продавец' }).waitFor();
  await page.getByTestId('chat-message').filter({ hasText: 'Варенье без косточек?' }).waitFor();

  // The seller has the same chat with the buyer.
  const chatId = Number(page.url().split('/').pop());
  const chats = await call(seller.token, 'GET', '/v1/chats');
  expect((chats.body.data as Array<{ id: number }>).map((chat) => chat.id)).toContain(chatId);
});
