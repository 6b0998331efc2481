import { sql } from 'drizzle-orm';
import { seedOlympiad } from '../../../server/db/seed/olympiad-seed';
import { LOGINS_PER_IP } from '../../../server/modules/olympiad/registration-routes';
import { PASSWORD_GUESSES_PER_ACCOUNT_AND_CLIENT, PASSWORD_GUESSES_PER_CLIENT } from '../../../server/modules/olympiad/password-guard';
import { ageOn, fromIsoDate, olympiadToday } from '../../../shared/validation/olympiad-dates';
import en from '../../../src/locales/en.json';
import { bearer, createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { nextIp, register, registerVerified } from './olympiad-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedOlympiad(ctx.database.db);
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const login = (identifier: string, password: string, ip = nextIp(), lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/login', payload: { login: identifier, password }, headers: { 'accept-language': lang }, remoteAddress: ip });

describe('olympiad sign-in', () => {
  test('by login in any case or by e-mail in any case; the answer is token and user.id', async () => {
    const account = await registerVerified(ctx);
    for (const identifier of [account.body.login!, account.body.login!.toUpperCase(), account.body.email!.toUpperCase()]) {
      const res = await login(identifier, account.body.password!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/), user: { id: account.userId } });
    }
  });

  test('the demo participant student / student123 signs in, is verified and 15 years old', async () => {
    const res = await login('student', 'student123');
    expect(res.statusCode).toBe(200);
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(res.json().token) })).json().data;
    expect(me).toMatchObject({ login: 'student', email_status: 'verified' });
    expect(ageOn(fromIsoDate(me.birth_date)!, olympiadToday())).toBe(15);
  });

  test('a wrong password and an unknown login get the same answer on the password field', async () => {
    const account = await register(ctx);
    const wrong = await login(account.body.login!, 'not-the-password');
    const unknown = await login('no-such-login', 'not-the-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Wrong login or password.', errors: { password: ['Wrong login or password.'] } });
    }
    const blank = await login('', '');
    expect(blank.json().errors).toEqual({ login: ['There are blank fields.'], password: ['There are blank fields.'] });
  });

  test('strangers guessing cannot lock the owner out: wrong passwords are limited per account-and-client, the owner signs in from their own', async () => {
    const account = await register(ctx);
    const stranger = nextIp();
    for (let i = 1; i < PASSWORD_GUESSES_PER_ACCOUNT_AND_CLIENT; i++) expect((await login(account.body.login!, `wrong-${i}`, stranger)).statusCode).toBe(422);
    const last = await login(account.body.login!, 'wrong-last', stranger);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toEqual({ message: 'Too many wrong attempts. Try again in 15 minutes.' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Locked, the stranger is refused even the right password, before it is looked at.
    const right = await login(account.body.login!, account.body.password!, stranger, 'ru');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Слишком много неверных попыток. Попробуйте снова через 15 минут.');

    // The owner, from their own client, is not refused.
    expect((await login(account.body.login!, account.body.password!, nextIp())).statusCode).toBe(200);

    // The window passes: the stranger may try again.
    await ctx.database.db.execute(sql`update auth_throttle set window_start = now() - interval '16 minutes' where key like ${`password:u${account.userId}|%`}`);
    expect((await login(account.body.login!, account.body.password!, stranger)).statusCode).toBe(200);
  });

  test('an unknown login answers exactly like a known one, under lock too', async () => {
    const account = await register(ctx);
    const [known, unknown] = [nextIp(), nextIp()];
    const nobody = `nobody${Date.now()}`;
    for (let i = 1; i <= PASSWORD_GUESSES_PER_ACCOUNT_AND_CLIENT; i++) {
      const a = await login(account.body.login!, `wrong-${i}`, known);
      const b = await login(nobody, `wrong-${i}`, unknown);
      expect([b.statusCode, b.body, b.headers['retry-after'] !== undefined]).toEqual([a.statusCode, a.body, a.headers['retry-after'] !== undefined]);
    }
  });

  test(`one client guessing across accounts is stopped after ${PASSWORD_GUESSES_PER_CLIENT} wrong passwords; other clients are not`, async () => {
    const client = nextIp();
    let res;
    for (let i = 0; i < PASSWORD_GUESSES_PER_CLIENT; i++) res = await login(`someone${i}`, 'wrong-password', client);
    expect(res!.statusCode).toBe(429);
    const account = await register(ctx);
    expect((await login(account.body.login!, account.body.password!, client)).statusCode).toBe(429);
    expect((await login(account.body.login!, account.body.password!, nextIp())).statusCode).toBe(200);
  }, 60_000);

  test(`more than ${LOGINS_PER_IP} attempts from one address within 10 minutes: 429 with a clear message`, async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < LOGINS_PER_IP; i++) expect((await login('', '', ip)).statusCode).toBe(422);
    const blocked = await login('student', 'student123', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/^Too many sign-in attempts from your network\. Try again in \d+ s\.$/);
    expect(en['olympiad.errors.tooManyLogins']).toContain('{seconds}');
    expect((await login('student', 'student123', '10.99.0.2')).statusCode).toBe(200);
  });

  test('the olympiad session is a marketplace session: listed in /v1/sessions and ended by /v1/sign-out', async () => {
    const account = await register(ctx);
    const second = (await login(account.body.login!, account.body.password!)).json().token as string;
    const sessions = (await ctx.app.inject({ method: 'GET', url: '/v1/sessions', headers: bearer(second) })).json().data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/sign-out', headers: bearer(second) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(second) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(account.token) })).statusCode).toBe(200);
  });
});
