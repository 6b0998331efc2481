import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { createTestApp, signIn, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { get, hourFromNow, letter, post } from './broadcasts-kit';

let ctx: TestContext;
let admin: { token: string; userId: number };
let buyer: { token: string; userId: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  admin = await signIn(ctx, 'admin@example.com');
  buyer = await signIn(ctx, 'buyer@example.com');
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test('only admins: moderators, support and plain users get 403 on every call, nobody signed in 401', async () => {
  const created = await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'user', user_id: buyer.userId }, { send_at: hourFromNow(5).toISOString() }));
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id;
  for (const address of ['moderator@example.com', 'support@example.com', 'buyer@example.com']) {
    const { token } = await signIn(ctx, address);
    expect((await post(ctx, token, '/v1/admin/broadcasts', letter({ kind: 'everyone' }))).statusCode).toBe(403);
    expect((await post(ctx, token, '/v1/admin/broadcasts/preview', letter({ kind: 'everyone' }))).statusCode).toBe(403);
    expect((await get(ctx, token, '/v1/admin/broadcasts')).statusCode).toBe(403);
    expect((await get(ctx, token, `/v1/admin/broadcasts/${id}`)).statusCode).toBe(403);
    expect((await post(ctx, token, `/v1/admin/broadcasts/${id}/cancel`)).statusCode).toBe(403);
  }
  expect((await ctx.app.inject({ method: 'GET', url: '/v1/admin/broadcasts' })).statusCode).toBe(401);
  // Nothing any of them tried changed it.
  expect((await get(ctx, admin.token, `/v1/admin/broadcasts/${id}`)).json().data.status).toBe('scheduled');
});

test('no text, no recipients, a past time or an unknown user: 422 on the field, translated, and nothing is created', async () => {
  const before = (await get(ctx, admin.token, '/v1/admin/broadcasts')).json().meta.total;

  const blank = await post(ctx, admin.token, '/v1/admin/broadcasts', { ...letter({ kind: 'everyone' }), title_en: '   ', body_ru: '' });
  expect(blank.statusCode).toBe(422);
  expect(blank.json().errors).toMatchObject({
    title_en: ['Fill this in: each reader gets the announcement in their own language.'],
    body_ru: ['Fill this in: each reader gets the announcement in their own language.'],
  });

  const nobody = await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'participants', category: 'senior' }), 'ru');
  expect(nobody.statusCode).toBe(422);
  expect(nobody.json().errors.audience).toEqual(['В этой аудитории никого нет: объявление никому не придёт.']);

  const past = await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'everyone' }, { send_at: hourFromNow(-1).toISOString() }));
  expect(past.statusCode).toBe(422);
  expect(past.json().errors.send_at).toEqual(['This time has already passed: choose a time ahead, or send now.']);

  const unknown = await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'user', user_id: 987654 }));
  expect(unknown.statusCode).toBe(422);
  expect(unknown.json().errors['audience.user_id']).toEqual(['There is no user with id 987654.']);

  const someUnknown = await post(ctx, admin.token, '/v1/admin/broadcasts/preview', letter({ kind: 'users', user_ids: [buyer.userId, 987655] }));
  expect(someUnknown.statusCode).toBe(422);
  expect(someUnknown.json().errors['audience.user_ids']).toEqual(['There is no user with id 987655.']);

  expect((await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'role', role: 'emperor' }))).statusCode).toBe(422);
  expect((await post(ctx, admin.token, '/v1/admin/broadcasts', letter({ kind: 'users', user_ids: [] }))).statusCode).toBe(422);
  expect((await get(ctx, admin.token, '/v1/admin/broadcasts')).json().meta.total).toBe(before);
});

test('preview counts the audience by language and shows both texts, trimmed', async () => {
  const res = await post(ctx, admin.token, '/v1/admin/broadcasts/preview', { ...letter({ kind: 'role', role: 'user' }), title_ru: '  Ярмарка  ' });
  expect(res.statusCode).toBe(200);
  const preview = res.json().data;
  // The demo's plain users: seller, buyer and whoever else the demo accounts hold with role user.
  expect(preview.recipients).toBeGreaterThanOrEqual(2);
  expect(preview.by_locale.ru + preview.by_locale.en).toBe(preview.recipients);
  expect(preview.ru).toEqual({ title: 'Ярмарка', body: 'Приходите на площадь к десяти.' });
  expect(preview.en).toEqual({ title: 'Fair on Saturday', body: 'Come to the square at ten.' });
});

test('the single-user staff call is unchanged (support may still use it)', async () => {
  const { token } = await signIn(ctx, 'support@example.com');
  const res = await ctx.app.inject({ method: 'POST', url: '/v1/admin/notifications', headers: { authorization: `Bearer ${token}` }, payload: { user_id: buyer.userId, title: 'Привет', body: '' } });
  expect(res.statusCode).toBe(201);
});
