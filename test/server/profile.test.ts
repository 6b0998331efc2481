import { eq } from 'drizzle-orm';
import { users, type User } from '../../server/db/schema';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import { bearer, createTestApp, lastCode, lastSmsCode, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

let ipCounter = 0;
const login = (address: string) => signIn(ctx, address, { ip: `10.3.0.${++ipCounter}` });

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const maxLength = (max: number) => ru['validation.maxLength'].replace('{max}', String(max));

function save(token: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...bearer(token), ...headers }, payload: payload as object });
}

async function row(userId: number): Promise<User> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
  return user;
}

describe('GET /v1/profile and /v1/profile-data', () => {
  test('answer my own account in the data envelope', async () => {
    const { token, userId } = await login('reader@example.com');
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: userId,
        name: '',
        email: 'reader@example.com',
        phone: null,
        pending_email: null,
        pending_phone: null,
        about: '',
        image: null,
        role: 'user',
        locale: 'ru',
        created_at: expect.any(String),
      },
    });
    expect(new Date(res.json().data.created_at).toISOString()).toBe(res.json().data.created_at);

    await login('reader@example.com');
    const data = await ctx.app.inject({ method: 'GET', url: '/v1/profile-data', headers: bearer(token) });
    expect(data.statusCode).toBe(200);
    expect(data.json()).toEqual({ data: { user: res.json().data, stats: { active_sessions: 2 } } });
  });

  test('an account created from a phone number has the phone and no e-mail', async () => {
    const { token } = await login('+79001234567');
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
    expect(res.json().data).toMatchObject({ phone: '+79001234567', email: null });
  });

  test('without a token they answer 401 "Unauthenticated."', async () => {
    for (const url of ['/v1/profile', '/v1/profile-data']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
    const post = await ctx.app.inject({ method: 'POST', url: '/v1/profile', payload: { name: 'Nobody' } });
    expect(post.statusCode).toBe(401);
    expect(post.json()).toEqual(UNAUTHENTICATED);
  });
});

describe('POST /v1/profile', () => {
  test('saves name and about at once; a new e-mail or phone waits for the code sent to it, then becomes the account\'s', async () => {
    const { token, userId } = await login('editor@example.com');
    const res = await save(token, {
      name: '  Иван Петров  ',
      email: ' Editor.New@Example.com ',
      phone: '8 (900) 765-43-21',
      about: ' Продаю мёд ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: userId,
      name: 'Иван Петров',
      email: 'editor@example.com',
      phone: null,
      pending_email: 'editor.new@example.com',
      pending_phone: '+79007654321',
      about: 'Продаю мёд',
      role: 'user',
    });
    const again = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
    expect(again.json().data).toEqual(res.json().data);
    expect(ctx.letters.at(-1)).toMatchObject({ to: 'editor.new@example.com', subject: expect.stringMatching(/^Подтвердите адрес/) });

    const confirm = (kind: string, code: string) =>
      ctx.app.inject({ method: 'POST', url: `/v1/profile/contacts/${kind}/confirm`, headers: bearer(token), payload: { code } });
    expect((await confirm('email', lastCode(ctx.letters, 'editor.new@example.com'))).json().data).toMatchObject({
      email: 'editor.new@example.com',
      pending_email: null,
    });
    expect((await confirm('phone', lastSmsCode(ctx.sms, '+79007654321'))).json().data).toMatchObject({ phone: '+79007654321', pending_phone: null });
    expect(await row(userId)).toMatchObject({ name: 'Иван Петров', email: 'editor.new@example.com', phone: '+79007654321', about: 'Продаю мёд' });
    // The old address is told, and no longer signs in to this account.
    expect(ctx.letters.filter((l) => l.to === 'editor@example.com').at(-1)!.subject).toBe(ru['mail.addressReplaced.subject']);
    expect((await login('editor@example.com')).userId).not.toBe(userId);
    // The new addresses sign in to the same account.
    expect((await login('editor.new@example.com')).userId).toBe(userId);
    expect((await login('+79007654321')).userId).toBe(userId);
  });

  test('ignores fields a user may not set, such as the role', async () => {
    const { token, userId } = await login('climber@example.com');
    const res = await save(token, { name: 'Climber', email: 'climber@example.com', role: 'admin', id: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: userId, role: 'user' });
    expect((await row(userId)).role).toBe('user');
  });

  test('the name is required', async () => {
    const { token, userId } = await login('nameless@example.com');
    for (const payload of [{ email: 'nameless@example.com' }, { name: '', email: 'nameless@example.com' }, { name: '   ', email: 'nameless@example.com' }]) {
      const res = await save(token, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: ru['validation.required'], errors: { name: [ru['validation.required']] } });
    }
    expect((await row(userId)).name).toBe('');
  });

  test('the name is at most 255 characters', async () => {
    const { token, userId } = await login('longname@example.com');
    expect((await save(token, { name: 'я'.repeat(255), email: 'longname@example.com' })).statusCode).toBe(200);
    const res = await save(token, { name: 'я'.repeat(256), email: 'longname@example.com' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [maxLength(255)] });
    const english = await save(token, { name: 'x'.repeat(300), email: 'longname@example.com' }, { 'accept-language': 'en' });
    expect(english.json().errors).toEqual({ name: ['At most 255 characters.'] });
    expect((await row(userId)).name).toBe('я'.repeat(255));
  });

  test('about is at most 1000 characters', async () => {
    const { token } = await login('talker@example.com');
    const res = await save(token, { name: 'Talker', email: 'talker@example.com', about: 'a'.repeat(1001) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ about: [maxLength(1000)] });
  });

  test('a bad e-mail or phone is a 422 on that field', async () => {
    const { token } = await login('typos@example.com');
    const email = await save(token, { name: 'T', email: 'not-an-email' }, { cookie: 'lang=en' });
    expect(email.statusCode).toBe(422);
    expect(email.json()).toEqual({ message: en['validation.email'], errors: { email: [en['validation.email']] } });

    const phone = await save(token, { name: 'T', email: 'typos@example.com', phone: '12-34' });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ phone: [ru['validation.phone']] });
  });

  test('another account\'s address is saved like any other (nothing told); proving it then says it belongs elsewhere, and nothing changes', async () => {
    await login('first-owner@example.com');
    const { token, userId } = await login('second@example.com');
    await save(token, { name: 'Before', email: 'second@example.com', about: 'old' });

    const res = await save(token, { name: 'After', email: 'FIRST-OWNER@example.com', about: 'new' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: 'second@example.com', pending_email: 'first-owner@example.com' });
    // Only someone who holds the mailbox learns it is taken.
    const code = lastCode(ctx.letters, 'first-owner@example.com');
    const proved = await ctx.app.inject({ method: 'POST', url: '/v1/profile/contacts/email/confirm', headers: bearer(token), payload: { code } });
    expect(proved.statusCode).toBe(422);
    expect(proved.json()).toEqual({ message: ru['auth.errors.addressProvenElsewhere'], errors: { code: [ru['auth.errors.addressProvenElsewhere']] } });
    expect(await row(userId)).toMatchObject({ name: 'After', email: 'second@example.com', pendingEmail: 'first-owner@example.com' });
    // Typing my own address back withdraws the change.
    expect((await save(token, { name: 'Again', email: 'second@example.com' })).json().data).toMatchObject({ email: 'second@example.com', pending_email: null });
  });

  test('e-mail and phone cannot both be removed', async () => {
    const byMail = await login('keeper@example.com');
    for (const payload of [{ name: 'K' }, { name: 'K', email: '', phone: '' }, { name: 'K', email: null, phone: null }]) {
      const res = await save(byMail.token, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [ru['validation.required']] });
    }
    expect((await row(byMail.userId)).email).toBe('keeper@example.com');

    const byPhone = await login('+79001112200');
    const res = await save(byPhone.token, { name: 'P', phone: null });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ phone: [ru['validation.required']] });
    expect((await row(byPhone.userId)).phone).toBe('+79001112200');
  });

  test('switching from e-mail to phone: the e-mail stays until the phone is confirmed, then may be removed', async () => {
    const { token, userId } = await login('switcher@example.com');
    const early = await save(token, { name: 'S', email: null, phone: '+79001110000' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ email: [ru['validation.required']] });
    expect((await save(token, { name: 'S', email: 'switcher@example.com', phone: '+79001110000' })).json().data).toMatchObject({
      pending_phone: '+79001110000',
    });
    const code = lastSmsCode(ctx.sms, '+79001110000');
    await ctx.app.inject({ method: 'POST', url: '/v1/profile/contacts/phone/confirm', headers: bearer(token), payload: { code } });
    const res = await save(token, { name: 'S', email: null, phone: '+79001110000' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: null, phone: '+79001110000' });
    expect(await row(userId)).toMatchObject({ email: null, phone: '+79001110000' });
  });

  test('wrong types and several bad fields at once are all reported', async () => {
    const { token, userId } = await login('types@example.com');
    const wrongType = await save(token, { name: { first: 'a' }, email: 'types@example.com' });
    expect(wrongType.statusCode).toBe(422);
    expect(wrongType.json().errors).toEqual({ name: [ru['validation.type']] });

    const several = await save(token, { name: '', email: 'nope', phone: 'nope' });
    expect(several.statusCode).toBe(422);
    expect(several.json().errors).toEqual({
      name: [ru['validation.required']],
      email: [ru['validation.email']],
      phone: [ru['validation.phone']],
    });
    expect((await row(userId)).email).toBe('types@example.com');
  });
});
