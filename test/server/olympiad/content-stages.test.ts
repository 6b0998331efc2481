import { seedDemoAccounts } from '../../../server/db/seed/demo-accounts';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import { CONTENT_KEYS } from '../../../shared/validation/olympiad-content';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp } from './olympiad-helpers';

let ctx: TestContext;
let admin: string;
let moderator: string;
let user: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoAccounts(ctx.database.db);
  await seedOlympiad(ctx.database.db);
  admin = (await signIn(ctx, 'admin@example.com', { ip: nextIp() })).token;
  moderator = (await signIn(ctx, 'moderator@example.com', { ip: nextIp() })).token;
  user = (await signIn(ctx, 'buyer@example.com', { ip: nextIp() })).token;
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const get = (url: string, lang: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) } });
const put = (url: string, payload: object, token?: string) =>
  ctx.app.inject({ method: 'PUT', url, payload, headers: { 'accept-language': 'en', ...(token ? bearer(token) : {}) } });

describe('olympiad pages', () => {
  test('every page has real text in Russian and English', async () => {
    for (const key of CONTENT_KEYS) {
      const ru = (await get(`/v1/olympiad/content/${key}`, 'ru')).json().data;
      const en = (await get(`/v1/olympiad/content/${key}`, 'en')).json().data;
      expect(ru.body.length).toBeGreaterThan(200);
      expect(en.body.length).toBeGreaterThan(200);
      expect(ru.body).toMatch(/[а-яё]/i);
      expect(en.body).not.toMatch(/[а-яё]/i);
      expect(ru).toMatchObject({ key, editable: false });
      expect(ru.translations).toBeUndefined();
    }
    const rules = (await get('/v1/olympiad/content/rules', 'en')).json().data.body;
    for (const fact of ['25 minutes', '30 minutes', '45-minute essay', '5000 characters', 'Moscow', 'unlimited attempts']) expect(rules).toContain(fact);
    const faq = (await get('/v1/olympiad/content/faq', 'ru')).json().data.body;
    expect(faq.match(/^### /gm)!.length).toBeGreaterThanOrEqual(8);
    expect((await get('/v1/olympiad/content/secret', 'en')).statusCode).toBe(404);
  });

  test('admin and moderator edit a page in both languages; others may not', async () => {
    const staffView = (await get('/v1/olympiad/content/about', 'en', moderator)).json().data;
    expect(staffView.editable).toBe(true);
    expect(Object.keys(staffView.translations)).toEqual(['ru', 'en']);

    const edit = { ru: { title: 'Об олимпиаде', body: 'Новый текст страницы.' }, en: { title: 'About', body: 'New page text.' } };
    expect((await put('/v1/olympiad/content/about', edit)).statusCode).toBe(401);
    expect((await put('/v1/olympiad/content/about', edit, user)).statusCode).toBe(403);
    const blank = await put('/v1/olympiad/content/about', { ...edit, en: { title: ' ', body: '' } }, admin);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ 'en.title': ['There are blank fields.'], 'en.body': ['There are blank fields.'] });

    const saved = await put('/v1/olympiad/content/about', edit, moderator);
    expect(saved.statusCode).toBe(200);
    expect((await get('/v1/olympiad/content/about', 'ru')).json().data).toMatchObject({ title: 'Об олимпиаде', body: 'Новый текст страницы.' });
    expect((await get('/v1/olympiad/content/about', 'en')).json().data).toMatchObject({ title: 'About', body: 'New page text.' });
  });
});

describe('olympiad stages', () => {
  test('four stages in order with their rules, states and the server time', async () => {
    const res = await get('/v1/olympiad/stages', 'en');
    const { data, server_time } = res.json();
    expect(Math.abs(Date.parse(server_time) - Date.now())).toBeLessThan(5000);
    expect(data.map((s: { kind: string }) => s.kind)).toEqual(['training', 'first', 'second', 'final']);
    expect(data.map((s: { state: string }) => s.state)).toEqual(['active', 'active', 'upcoming', 'upcoming']);
    expect(data[0]).toMatchObject({ time_limit_minutes: null, attempts_allowed: null });
    expect(data[1]).toMatchObject({ time_limit_minutes: 25, attempts_allowed: 1 });
    expect(data[2]).toMatchObject({ time_limit_minutes: 30, attempts_allowed: 1, essay_minutes: 45, essay_max_chars: 5000 });
    expect(data[3]).toMatchObject({ in_person: true });
    expect(res.json().editable).toBe(false);
    expect((await get('/v1/olympiad/stages', 'en', user)).json().editable).toBe(false);
    expect((await get('/v1/olympiad/stages', 'en', admin)).json().editable).toBe(true);
  });

  test('staff mark a stage ended and set dates; an end before the start is refused', async () => {
    const first = (await get('/v1/olympiad/stages', 'en')).json().data[1];
    const body = { starts_at: first.starts_at, ends_at: first.ends_at, ended: true };
    expect((await put(`/v1/olympiad/stages/${first.id}`, body, user)).statusCode).toBe(403);
    const ended = await put(`/v1/olympiad/stages/${first.id}`, body, admin);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ ended: true, state: 'ended' });

    const wrong = await put(`/v1/olympiad/stages/${first.id}`, { starts_at: first.ends_at, ends_at: first.starts_at, ended: false }, admin);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ ends_at: ['The end must be later than the start.'] });

    const reopened = await put(`/v1/olympiad/stages/${first.id}`, { ...body, ended: false }, moderator);
    expect(reopened.json().data).toMatchObject({ ended: false, state: 'active' });
    expect((await put('/v1/olympiad/stages/9999', body, admin)).statusCode).toBe(404);
  });
});
