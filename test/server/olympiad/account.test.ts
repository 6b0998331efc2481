import { eq } from 'drizzle-orm';
import { authTokens, olympiadEmailVerifications, olympiadParticipants, users } from '../../../server/db/schema';
import en from '../../../src/locales/en.json';
import { bearer, createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp, register, registerVerified, validRegistration } from './olympiad-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string, payload?: object, lang = 'en') =>
  ctx.app.inject({ method, url, payload, headers: { ...bearer(token), 'accept-language': lang }, remoteAddress: nextIp() });
const login = (identifier: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/login', payload: { login: identifier, password }, remoteAddress: nextIp() });

describe('personal account', () => {
  test('guests get 401; a marketplace user who has not registered is answered "no participant account" (200, data null), not 404', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me' })).statusCode).toBe(401);
    const market = await signIn(ctx, 'shopper@example.com', { ip: nextIp() });
    const res = await send('GET', '/v1/olympiad/me', market.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    // What only a participant can do still says why it is refused.
    const change = await send('DELETE', '/v1/olympiad/me', market.token, { password: 'whatever1' });
    expect(change.statusCode).toBe(404);
    expect(change.json().message).toBe(en['olympiad.errors.notParticipant']);
  });

  test('personal data is edited with the registration rules; a taken login is refused on its field', async () => {
    const account = await register(ctx);
    const other = await register(ctx);
    const personal = { login: account.body.login, email: account.body.email, full_name: account.body.full_name, birth_date: account.body.birth_date, sex: 'female' };

    const bad = await send('PUT', '/v1/olympiad/me/personal', account.token, { ...personal, full_name: 'Одно', login: other.body.login!.toUpperCase() });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ full_name: [en['olympiad.validation.fullNameWords']] });
    const taken = await send('PUT', '/v1/olympiad/me/personal', account.token, { ...personal, login: other.body.login!.toUpperCase() });
    expect(taken.json().errors).toEqual({ login: [en['olympiad.errors.loginTaken']] });
    const swear = await send('PUT', '/v1/olympiad/me/personal', account.token, { ...personal, full_name: 'Мария Сука' }, 'ru');
    expect(swear.json().errors).toEqual({ full_name: ['Нецензурные выражения запрещены.'] });

    const ok = await send('PUT', '/v1/olympiad/me/personal', account.token, { ...personal, full_name: 'Мария Петровна Иванова', sex: 'female' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ full_name: 'Мария Петровна Иванова', email_status: 'letter_sent' });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, account.userId));
    expect(user.name).toBe('Мария Петровна Иванова');
  });

  test('profile data (where the participant studies) is edited with the same rules', async () => {
    const account = await register(ctx);
    const profile = { country: 'Беларусь', city: 'Минск', school: 'Гимназия № 1', social_link: 'https://t.me/pupil', referral_source: 'friends', category: 'senior' };
    const blank = await send('PUT', '/v1/olympiad/me/profile', account.token, { ...profile, city: '\u00A0' });
    expect(blank.json().errors).toEqual({ city: ['There are blank fields.'] });
    const ok = await send('PUT', '/v1/olympiad/me/profile', account.token, profile);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject(profile);
  });

  test('changing the password asks for the current one and may end the other sessions', async () => {
    const account = await register(ctx);
    const other = (await login(account.body.login!, account.body.password!)).json().token as string;
    const wrong = await send('POST', '/v1/olympiad/me/password', account.token, {
      current_password: 'nope-nope',
      password: 'next-secret',
      password_confirmation: 'next-secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: [en['olympiad.errors.passwordWrong']] });

    const ok = await send('POST', '/v1/olympiad/me/password', account.token, {
      current_password: account.body.password,
      password: 'next-secret',
      password_confirmation: 'next-secret',
      end_sessions: true,
    });
    expect(ok.json()).toEqual({ data: { sessions_ended: 1 } });
    expect((await send('GET', '/v1/olympiad/me', other)).statusCode).toBe(401);
    expect((await send('GET', '/v1/olympiad/me', account.token)).statusCode).toBe(200);
    expect((await login(account.body.login!, 'next-secret')).statusCode).toBe(200);
  });

  test('deletion asks for the password, removes the personal data and ends every session', async () => {
    const account = await registerVerified(ctx);
    const other = (await login(account.body.email!, account.body.password!)).json().token as string;

    const wrong = await send('DELETE', '/v1/olympiad/me', account.token, { password: 'not-mine' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: [en['olympiad.errors.passwordWrong']] });
    expect((await send('DELETE', '/v1/olympiad/me', account.token, {})).json().errors).toEqual({ password: ['There are blank fields.'] });

    const done = await send('DELETE', '/v1/olympiad/me', account.token, { password: account.body.password });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { deleted: true, sessions_ended: 2 } });

    for (const token of [account.token, other]) expect((await send('GET', '/v1/olympiad/me', token)).statusCode).toBe(401);
    const db = ctx.database.db;
    expect(await db.select().from(olympiadParticipants).where(eq(olympiadParticipants.userId, account.userId))).toEqual([]);
    expect(await db.select().from(olympiadEmailVerifications).where(eq(olympiadEmailVerifications.userId, account.userId))).toEqual([]);
    const [user] = await db.select().from(users).where(eq(users.id, account.userId));
    expect(user).toMatchObject({ email: null, phone: null, pendingEmail: null, pendingPhone: null, name: '', about: '', image: null });
    const live = (await db.select().from(authTokens).where(eq(authTokens.userId, account.userId))).filter((t) => t.revokedAt === null);
    expect(live).toEqual([]);
    expect((await login(account.body.login!, account.body.password!)).statusCode).toBe(422);

    // The login and the address are free again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/v1/olympiad/register',
      payload: validRegistration({ login: account.body.login, email: account.body.email }),
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(201);
  });
});
