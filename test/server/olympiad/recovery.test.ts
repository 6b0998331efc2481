import en from '../../../src/locales/en.json';
import { bearer, createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { ageResetLinks, letterTo, linkToken, nextIp, register, registerVerified } from './olympiad-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'http://localhost:8080' });
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const call = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers }, remoteAddress: nextIp() });
const forgot = (email: string) => call('/v1/olympiad/password/forgot', { email });
const reset = (token: string, password: string, extra: object = {}, headers: Record<string, string> = {}) =>
  call('/v1/olympiad/password/reset', { token, password, password_confirmation: password, ...extra }, headers);
const login = (identifier: string, password: string) => call('/v1/olympiad/login', { login: identifier, password });
/**
 * Recovery letters leave after the answer, in the order they were asked for (olympiad-context's
 * `later`). Once the letter of a recovery asked for now, by an account of its own, has arrived,
 * whatever letter an earlier request was going to send has arrived too: the moment to check that
 * an earlier request sent none.
 */
async function earlierLettersSent(): Promise<void> {
  const witness = await registerVerified(ctx);
  await forgot(witness.body.email!);
  await letterTo(ctx, witness.body.email!, /recover\?token=/);
}

describe('password recovery', () => {
  test('the answer is the same whether or not the address has an account; only an account gets a letter', async () => {
    const account = await registerVerified(ctx);
    const known = await forgot(account.body.email!.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ data: { sent: true } });

    const letter = await letterTo(ctx, account.body.email!, /recover\?token=/);
    expect(letter.subject).toBe(en['olympiad.mail.reset.subject']);
    expect(letter.text).toContain('60 minutes');
    await earlierLettersSent();
    expect(ctx.letters.some((l) => l.to === 'nobody-here@example.com')).toBe(false);

    // An address still waiting for its letter is not the account's: it gets no recovery link.
    const unproven = await register(ctx);
    const answer = await forgot(unproven.body.email!);
    expect(answer.body).toBe(unknown.body);
    await earlierLettersSent();
    expect(ctx.letters.some((l) => l.to === unproven.body.email && /recover\?token=/.test(l.text))).toBe(false);

    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['The field must contain an email address.']);
  });

  test('the link sets a new password once; the old password stops working, the new one signs in', async () => {
    const account = await registerVerified(ctx);
    await forgot(account.body.email!);
    const { url, token } = await linkToken(ctx, account.body.email!, 'recover');
    expect(url.startsWith('http://localhost:8080/olympiad/recover?token=')).toBe(true);

    const check = await call('/v1/olympiad/password/check', { token });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.email).toBe(account.body.email);

    const mismatch = await call('/v1/olympiad/password/reset', { token, password: 'brand-new-1', password_confirmation: 'brand-new-2' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The entered passwords do not match.'] });
    const short = await reset(token, '12345');
    expect(short.json().errors.password).toEqual(['Password must be at least 6 characters long.']);

    const done = await reset(token, 'brand-new-1');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { sessions_ended: 0 } });
    expect((await login(account.body.login!, account.body.password!)).statusCode).toBe(422);
    expect((await login(account.body.login!, 'brand-new-1')).statusCode).toBe(200);
    await letterTo(ctx, account.body.email!, /password was changed/);

    // Single use: the same link again is refused, and so is its check.
    const reused = await reset(token, 'another-one-2');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ token: [en['olympiad.errors.linkUsed']] });
    expect((await call('/v1/olympiad/password/check', { token })).json().message).toBe(en['olympiad.errors.linkUsed']);
    expect((await login(account.body.login!, 'another-one-2')).statusCode).toBe(422);
  });

  test('a link expires after 60 minutes, and a newer letter replaces an older one', async () => {
    const account = await registerVerified(ctx);
    await forgot(account.body.email!);
    const first = await linkToken(ctx, account.body.email!, 'recover');
    await ageResetLinks(ctx, account.userId, 59 * 60);
    expect((await call('/v1/olympiad/password/check', { token: first.token })).statusCode).toBe(200);

    const sent = ctx.letters.length;
    await forgot(account.body.email!);
    const second = await linkToken(ctx, account.body.email!, 'recover', sent);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, 'from-old-link')).json().message).toBe(en['olympiad.errors.linkUsed']);

    await ageResetLinks(ctx, account.userId, 61 * 60);
    const expired = await reset(second.token, 'from-late-link');
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(en['olympiad.errors.linkExpired']);
    expect((await reset('unknown-token', 'whatever-1')).json().message).toBe(en['olympiad.errors.linkInvalid']);
  });

  test('a second request within 30 seconds sends no second letter and answers the same', async () => {
    const account = await registerVerified(ctx);
    await forgot(account.body.email!);
    await linkToken(ctx, account.body.email!, 'recover');
    const count = () => ctx.letters.filter((l) => l.to === account.body.email && /recover\?token=/.test(l.text)).length;
    const before = count();
    const again = await forgot(account.body.email!);
    expect(again.json()).toEqual({ data: { sent: true } });
    await earlierLettersSent();
    expect(count()).toBe(before);
  });

  test('"end sessions on all devices" revokes every token of the account', async () => {
    const account = await registerVerified(ctx);
    const other = (await login(account.body.login!, account.body.password!)).json().token as string;
    await forgot(account.body.email!);
    const { token } = await linkToken(ctx, account.body.email!, 'recover');
    const done = await reset(token, 'fresh-secret', { end_sessions: true });
    expect(done.json()).toEqual({ data: { sessions_ended: 2 } });
    for (const bearerToken of [account.token, other]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(bearerToken) })).statusCode).toBe(401);
    }
  });
});
