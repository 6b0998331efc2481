import { seedDemoAccounts } from '../../server/db/seed/demo-accounts';
import { api } from './catalog/catalog-helpers';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';
import { waitFor } from './helpers/wait-for';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const setLocale = (token: string | null, locale: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/v1/profile/locale', headers: token ? bearer(token) : {}, payload: { locale } });

test('the language a person chooses is the one announcements reach them in', async () => {
  const person = await signIn(ctx, `locale-${Date.now()}@example.com`);
  const chosen = await setLocale(person.token, 'en');
  expect(chosen.statusCode).toBe(200);
  expect(chosen.json().data.locale).toBe('en');

  const admin = await signIn(ctx, 'admin@example.com');
  const sent = await api(ctx, 'POST', '/v1/admin/broadcasts', admin.token, {
    title_ru: 'Объявление',
    body_ru: 'Текст',
    title_en: 'Announcement',
    body_en: 'Text',
    audience: { kind: 'user', user_id: person.userId },
  });
  expect(sent.status).toBe(201);
  const titles = await waitFor(
    async () => {
      const res = await api(ctx, 'GET', '/v1/notifications', person.token);
      const list = (res.body as { data: Array<{ title: string }> }).data.map((n) => n.title);
      return list.length ? list : null;
    },
    { what: 'the announcement in the notifications', timeoutMs: 15_000 },
  );
  expect(titles).toEqual(['Announcement']);
});

test('only a known language, and only for a signed-in person', async () => {
  const person = await signIn(ctx, `locale-bad-${Date.now()}@example.com`);
  expect((await setLocale(person.token, 'de')).statusCode).toBe(422);
  expect((await setLocale(person.token, 42)).statusCode).toBe(422);
  expect((await setLocale(null, 'en')).statusCode).toBe(401);
});
