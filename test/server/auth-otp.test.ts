import { count, eq } from 'drizzle-orm';
import { authCodes, users } from '../../server/db/schema';
import { STRANGER_TRIES_PER_CODE } from '../../server/modules/auth/otp-service';
import { sha256 } from '../../server/modules/auth/token-hash';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import { ageCodes, createTestApp, SETUP_TIMEOUT, lastCode, lastSmsCode, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

// Each test comes from its own client address, so the per-IP limit of one test never spills into another.
let ipCounter = 0;
const freshIp = () => `10.1.0.${++ipCounter}`;

function requestCode(address: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/auth',
    payload: { address },
    remoteAddress: options.ip ?? freshIp(),
    headers: options.headers,
  });
}

function verify(address: string, code: string, ip = freshIp()) {
  return ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload: { address, code }, remoteAddress: ip });
}

/** Asks for a code (past the resend wait) and returns what was delivered. */
async function codeFor(address: string, ip = freshIp()): Promise<string> {
  await ageCodes(ctx, address, 31);
  const res = await requestCode(address, { ip });
  expect(res.statusCode).toBe(200);
  return address.startsWith('+') ? lastSmsCode(ctx.sms, address) : lastCode(ctx.letters, address);
}

const codesOf = (address: string) => ctx.database.db.select().from(authCodes).where(eq(authCodes.address, address));
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('POST /v1/auth', () => {
  test('an e-mail address gets a letter with a 6-digit code, stored only as its hash', async () => {
    const res = await requestCode('mail-1@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { channel: 'email', address: 'mail-1@example.com', expires_in: 300, resend_in: 30 },
    });

    const letters = ctx.letters.filter((l) => l.to === 'mail-1@example.com');
    expect(letters).toHaveLength(1);
    const code = lastCode(ctx.letters, 'mail-1@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect(letters[0].subject).toContain(code);

    const rows = await codesOf('mail-1@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].codeHash).toBe(sha256(code));
    expect(rows[0].codeHash).toMatch(/^[0-9a-f]{64}$/);
    // No column keeps the code in clear.
    expect(Object.values(rows[0]).map(String)).not.toContain(code);
    expect(rows[0].attempts).toBe(0);
    expect(rows[0].consumedAt).toBeNull();
    const lifetime = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(lifetime).toBe(5 * 60 * 1000);
  });

  test('the address is trimmed and lower-cased before anything is stored or sent', async () => {
    const res = await requestCode('  Mixed.Case@Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.address).toBe('mixed.case@example.com');
    expect(ctx.letters.at(-1)?.to).toBe('mixed.case@example.com');
    expect(await codesOf('mixed.case@example.com')).toHaveLength(1);
  });

  test('a phone number gets the code through the SMS provider, never a letter', async () => {
    const lettersBefore = ctx.letters.length;
    const res = await requestCode('+7 (900) 111-22-33');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ channel: 'phone', address: '+79001112233' });
    expect(ctx.letters.length).toBe(lettersBefore);
    const code = lastSmsCode(ctx.sms, '+79001112233');
    expect((await codesOf('+79001112233'))[0].codeHash).toBe(sha256(code));
  });

  test('a Russian number written with a leading 8 is the same +7 number', async () => {
    const res = await requestCode('8 900 222-33-44');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.address).toBe('+79002223344');
    expect(ctx.sms.at(-1)?.phone).toBe('+79002223344');
  });

  test.each([['not an address'], ['user@'], ['12345'], ['a@b.c']])('%p is refused with 422 on the address field', async (address) => {
    const res = await requestCode(address);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.address).toEqual([ru['validation.emailOrPhone']]);
    expect(body.message).toBe(ru['validation.emailOrPhone']);
  });

  test('an empty or missing address is a required-field error', async () => {
    for (const payload of [{ address: '' }, { address: '   ' }, {}]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.address).toEqual([ru['validation.required']]);
    }
  });

  test('an address longer than 255 characters is refused', async () => {
    const res = await requestCode(`${'a'.repeat(250)}@example.com`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.address).toEqual([ru['validation.maxLength'].replace('{max}', '255')]);
  });

  test('messages are Russian by default, English with Accept-Language: en or the lang cookie', async () => {
    const russian = await requestCode('nope');
    expect(russian.json().errors.address).toEqual(['Введите e-mail или номер телефона.']);

    const byHeader = await requestCode('nope', { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(byHeader.json()).toEqual({
      message: en['validation.emailOrPhone'],
      errors: { address: ['Enter an e-mail address or a phone number.'] },
    });

    const byCookie = await requestCode('nope', { headers: { cookie: 'lang=en' } });
    expect(byCookie.json().errors.address).toEqual([en['validation.emailOrPhone']]);

    // The cookie (the user's choice in the SPA) wins over the browser's header.
    const both = await requestCode('nope', { headers: { cookie: 'lang=ru', 'accept-language': 'en' } });
    expect(both.json().errors.address).toEqual([ru['validation.emailOrPhone']]);

    // An unknown language falls back to Russian.
    const german = await requestCode('nope', { headers: { 'accept-language': 'de-DE' } });
    expect(german.json().errors.address).toEqual([ru['validation.emailOrPhone']]);
  });

  test('the letter and the SMS are written in the language of the request', async () => {
    await requestCode('english-reader@example.com', { headers: { cookie: 'lang=en' } });
    const letter = ctx.letters.at(-1)!;
    const code = lastCode(ctx.letters, 'english-reader@example.com');
    expect(letter.subject).toBe(en['mail.otp.subject'].replace('{code}', code));
    expect(letter.text).toBe(en['mail.otp.text'].replace('{code}', code));

    await requestCode('russian-reader@example.com');
    const russian = ctx.letters.at(-1)!;
    expect(russian.subject).toBe(ru['mail.otp.subject'].replace('{code}', lastCode(ctx.letters, 'russian-reader@example.com')));

    await requestCode('+79003334455', { headers: { 'accept-language': 'en' } });
    expect(ctx.sms.at(-1)!.text).toBe(en['sms.otp.text'].replace('{code}', lastSmsCode(ctx.sms, '+79003334455')));
  });

  test('the same address from the same client within 30 s gets 429 with Retry-After, and no new code', async () => {
    const ip = freshIp();
    expect((await requestCode('twice@example.com', { ip })).statusCode).toBe(200);
    const again = await requestCode('twice@example.com', { ip });
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    // 30 s minus however long the machine took between the two calls.
    expect(retryAfter).toBeGreaterThanOrEqual(25);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(again.json().message).toBe(ru['auth.errors.tooManyCodes'].replace('{seconds}', String(retryAfter)));
    expect(ctx.letters.filter((l) => l.to === 'twice@example.com')).toHaveLength(1);
    expect(await codesOf('twice@example.com')).toHaveLength(1);

    // The wait is per address, not per spelling of it.
    expect((await requestCode('TWICE@example.com ', { ip })).statusCode).toBe(429);
    // Once 30 s have passed the address may ask again.
    await ageCodes(ctx, 'twice@example.com', 31);
    expect((await requestCode('twice@example.com', { ip })).statusCode).toBe(200);
  });

  test('at most 5 codes per address from one client in 15 minutes, then 429 until the window moves on', async () => {
    const address = 'greedy@example.com';
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await requestCode(address, { ip });
      expect(res.statusCode).toBe(200);
      await ageCodes(ctx, address, 31);
    }
    const sixth = await requestCode(address, { ip });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    // The oldest of the five was asked for 5 × 31 s ago; it leaves the 15-minute window after the rest.
    expect(retryAfter).toBeGreaterThan(15 * 60 - 5 * 31 - 5);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60 - 5 * 31 + 1);
    expect(ctx.letters.filter((l) => l.to === address)).toHaveLength(5);

    // Another address is not affected.
    expect((await requestCode('modest@example.com', { ip })).statusCode).toBe(200);

    // A quarter of an hour later the address may ask again.
    await ageCodes(ctx, address, 15 * 60);
    expect((await requestCode(address, { ip })).statusCode).toBe(200);
  });

  test('a stranger asking for codes for someone else\'s address neither voids the owner\'s code nor stops the owner asking', async () => {
    const address = 'target@example.com';
    const owner = freshIp();
    const ownerCode = await codeFor(address, owner);
    const stranger = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(address, { ip: stranger })).statusCode).toBe(200);
      await ageCodes(ctx, address, 31);
    }
    expect((await requestCode(address, { ip: stranger })).statusCode).toBe(429);
    // The owner's code still works, and the owner may still ask for another.
    expect((await requestCode(address, { ip: owner })).statusCode).toBe(200);
    const fresh = lastCode(ctx.letters, address);
    expect((await verify(address, fresh, owner)).statusCode).toBe(200);
    expect(ownerCode).toMatch(/^\d{6}$/);
  });

  test('all clients together ask for at most 30 codes an hour for one address (the mailbox is not a spam target)', async () => {
    const address = 'mailbox@example.com';
    for (let i = 0; i < 30; i++) expect((await requestCode(address)).statusCode).toBe(200);
    const over = await requestCode(address);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(59 * 60);
  });

  test('one client address may ask for at most 20 codes in 10 minutes, whatever the addresses', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 20; i++) {
      const res = await requestCode(`crowd-${i}@example.com`, { ip });
      expect(res.statusCode).toBe(200);
    }
    const res = await requestCode('crowd-20@example.com', { ip, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(res.json()).toEqual({ message: en['errors.tooManyRequests'].replace('{seconds}', String(retryAfter)) });
    expect(ctx.letters.some((l) => l.to === 'crowd-20@example.com')).toBe(false);

    // Another client is still served.
    expect((await requestCode('crowd-20@example.com', { ip: '10.9.9.10' })).statusCode).toBe(200);
  });
});

describe('POST /v1/verify-auth-otp', () => {
  test('the right code answers { token, user: { id } } and consumes the code', async () => {
    const code = await codeFor('right@example.com');
    const res = await verify('right@example.com', code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toEqual(expect.any(String));
    expect(body.token.length).toBeGreaterThanOrEqual(40);
    expect(body.user).toEqual({ id: expect.any(Number) });
    const [row] = await codesOf('right@example.com');
    expect(row.consumedAt).not.toBeNull();
  });

  test('the address may be written differently from the request, as long as it is the same address', async () => {
    const code = await codeFor('+79005556677');
    const res = await verify('8 (900) 555-66-77', code);
    expect(res.statusCode).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(user).toMatchObject({ phone: '+79005556677', email: null, role: 'user' });
  });

  test('a wrong code gets 422 with the attempts left', async () => {
    const code = await codeFor('wrong@example.com');
    const res = await verify('wrong@example.com', wrongCode(code));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Неверный код. Осталось попыток: 4.',
      errors: { code: ['Неверный код. Осталось попыток: 4.'] },
    });
    const [row] = await codesOf('wrong@example.com');
    // The wrong try came from a client other than the one that asked (see the strangers' budget below).
    expect(row.attempts).toBe(1);
    expect(row.consumedAt).toBeNull();
    // The right code still works after one slip.
    expect((await verify('wrong@example.com', code)).statusCode).toBe(200);
  });

  test('5 wrong codes from one client lock that client for 15 minutes (429); the owner, on the client that asked, still signs in', async () => {
    const address = 'guesser@example.com';
    const owner = freshIp();
    const code = await codeFor(address, owner);
    const stranger = freshIp();
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 6; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/verify-auth-otp',
        payload: { address, code: wrongCode(code) },
        headers: { 'accept-language': 'en' },
        remoteAddress: stranger,
      });
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers).toEqual([
      [422, 'The code is wrong. Attempts left: 4.'],
      [422, 'The code is wrong. Attempts left: 3.'],
      [422, 'The code is wrong. Attempts left: 2.'],
      [422, 'The code is wrong. Attempts left: 1.'],
      [429, 'Too many wrong attempts. Try again in 15 minutes.'],
      [429, 'Too many wrong attempts. Try again in 15 minutes.'],
    ]);
    // Locked, the stranger is refused even the right code.
    const locked = await verify(address, code, stranger);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await verify(address, code, owner)).statusCode).toBe(200);
  });

  test(`strangers together get ${STRANGER_TRIES_PER_CODE} wrong tries at a code; after that only the client that asked for it can use it`, async () => {
    const address = 'crowded@example.com';
    const owner = freshIp();
    const code = await codeFor(address, owner);
    for (let i = 0; i < STRANGER_TRIES_PER_CODE; i++) expect((await verify(address, wrongCode(code))).statusCode).toBe(422);
    expect((await codesOf(address))[0].attempts).toBe(STRANGER_TRIES_PER_CODE);
    // Even the right code from yet another client no longer matches...
    expect((await verify(address, code)).json().errors.code).toEqual([expect.stringMatching(/^Неверный код/)]);
    // ...while the owner's own client still signs in with it.
    expect((await verify(address, code, owner)).statusCode).toBe(200);
  });

  test('an expired code (older than 5 minutes) gets 422', async () => {
    const address = 'late@example.com';
    const code = await codeFor(address);
    await ctx.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.address, address));
    const res = await verify(address, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([ru['auth.errors.codeExpired']]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, address))).toHaveLength(0);
  });

  test('a code works once: using it again gets 422', async () => {
    const address = 'once@example.com';
    const code = await codeFor(address);
    expect((await verify(address, code)).statusCode).toBe(200);
    const again = await verify(address, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: ru['auth.errors.codeExpired'], errors: { code: [ru['auth.errors.codeExpired']] } });
  });

  test('a new code makes the previous one of the same client invalid', async () => {
    const address = 'renewed@example.com';
    const ip = freshIp();
    let first = await codeFor(address, ip);
    let second = await codeFor(address, ip);
    // One chance in a million that both codes are the same digits: ask once more then.
    while (second === first) {
      first = second;
      second = await codeFor(address, ip);
    }
    const old = await verify(address, first, ip);
    expect(old.statusCode).toBe(422);
    expect(old.json().errors.code).toEqual([expect.stringMatching(/^Неверный код/)]);
    expect((await verify(address, second, ip)).statusCode).toBe(200);
    const rows = await codesOf(address);
    expect(rows.every((r) => r.consumedAt !== null)).toBe(true);
  });

  test('a code for one address does not sign in another', async () => {
    const code = await codeFor('owner@example.com');
    const otherCode = await codeFor('other@example.com');
    const res = await verify('other@example.com', code === otherCode ? wrongCode(code) : code);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code).toEqual([expect.stringMatching(/^Неверный код/)]);
    const none = await verify('nobody-asked@example.com', code);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.code).toEqual([ru['auth.errors.codeExpired']]);
  });

  test('the first sign-in creates the account, the next one reuses it', async () => {
    const address = 'returning@example.com';
    const usersBefore = Number((await ctx.database.db.select({ n: count() }).from(users))[0].n);
    const first = await verify(address, await codeFor(address));
    expect(first.statusCode).toBe(200);
    const second = await verify(address, await codeFor(address));
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(first.json().user.id);
    expect(second.json().token).not.toBe(first.json().token);
    const usersAfter = Number((await ctx.database.db.select({ n: count() }).from(users))[0].n);
    expect(usersAfter).toBe(usersBefore + 1);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, address));
    expect(user).toMatchObject({ id: first.json().user.id, role: 'user', phone: null, name: '' });
  });

  test('a badly formed code or a missing field is a 422 on that field', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ address: 'x@example.com', code: '12345' }, { code: [ru['validation.code']] }],
      [{ address: 'x@example.com', code: 'abcdef' }, { code: [ru['validation.code']] }],
      [{ address: 'x@example.com' }, { code: [ru['validation.required']] }],
      [{ code: '123456' }, { address: [ru['validation.required']] }],
      [{ address: 'x', code: '123456' }, { address: [ru['validation.emailOrPhone']] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload, remoteAddress: freshIp() });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
  });
});

describe('when the code cannot be delivered', () => {
  afterEach(() => {
    ctx.failDeliveries = false;
  });

  test('a mail failure answers 503, keeps no code, and the address may ask again at once', async () => {
    const address = 'unlucky@example.com';
    ctx.failDeliveries = true;
    const failed = await requestCode(address, { headers: { 'accept-language': 'en' } });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ message: en['auth.errors.sendFailed'] });
    expect(await codesOf(address)).toHaveLength(0);

    ctx.failDeliveries = false;
    const retried = await requestCode(address);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['retry-after']).toBeUndefined();
    expect((await verify(address, lastCode(ctx.letters, address))).statusCode).toBe(200);
  });

  test('an SMS failure answers 503 too, and the number may ask again at once', async () => {
    ctx.failDeliveries = true;
    const failed = await requestCode('+79007778899');
    expect(failed.statusCode).toBe(503);
    expect(failed.json().message).toBe(ru['auth.errors.sendFailed']);
    ctx.failDeliveries = false;
    expect((await requestCode('+79007778899')).statusCode).toBe(200);
  });

  test('a failed resend leaves the address free to ask again at once', async () => {
    const address = 'between@example.com';
    await codeFor(address);
    await ageCodes(ctx, address, 31);
    ctx.failDeliveries = true;
    expect((await requestCode(address)).statusCode).toBe(503);
    ctx.failDeliveries = false;
    expect((await requestCode(address)).statusCode).toBe(200);
    expect((await verify(address, lastCode(ctx.letters, address))).statusCode).toBe(200);
  });
});

describe('a mailer given to the helper', () => {
  test('whose send rejects makes POST /v1/auth answer 503 without a stack trace', async () => {
    const broken = await createTestApp({}, { mailer: { send: () => Promise.reject(new Error('SMTP down')), close: () => undefined } });
    try {
      const res = await broken.app.inject({ method: 'POST', url: '/v1/auth', payload: { address: 'a@example.com' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: ru['auth.errors.sendFailed'] });
      expect(res.body).not.toContain('SMTP down');
    } finally {
      await broken.close();
    }
  }, SETUP_TIMEOUT);
});
