import { eq, sql } from 'drizzle-orm';
import { olympiadParticipants, users } from '../../../server/db/schema';
import { requireVerifiedParticipant } from '../../../server/modules/olympiad/participant-guard';
import { HttpError } from '../../../server/lib/http-error';
import en from '../../../src/locales/en.json';
import { bearer, createTestApp, SETUP_TIMEOUT, type TestContext } from '../helpers/test-app';
import { ageVerificationLetters, letterTo, linkToken, nextIp, register, registerVerified } from './olympiad-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'http://localhost:8080' });
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const me = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/v1/olympiad/me', headers: bearer(token) })).json().data;
const verify = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/email/verify', payload: { token }, headers: { 'accept-language': 'en' } });
const resend = (token: string, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/email/resend', headers: { ...bearer(token), 'accept-language': lang } });
const userRow = async (id: number) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('e-mail verification', () => {
  test('not verified → letter sent → verified, by the link in the letter (no sign-in needed)', async () => {
    const account = await register(ctx);
    const email = account.body.email!;
    expect(await me(account.token)).toMatchObject({ email_status: 'letter_sent', email_verified_at: null });
    const { url, token } = await linkToken(ctx, email, 'verify');
    expect(url.startsWith('http://localhost:8080/olympiad/verify?token=')).toBe(true);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { email_status: 'verified', email } });
    const after = await me(account.token);
    expect(after.email_status).toBe('verified');
    expect(Date.parse(after.email_verified_at)).toBeGreaterThan(Date.now() - 60_000);
    await expect(requireVerifiedParticipant(ctx.database.db, await userRow(account.userId))).resolves.toMatchObject({ user: { id: account.userId } });
  });

  test('a used, expired, unknown or stale link is refused with a clear message', async () => {
    const account = await register(ctx);
    const { token } = await linkToken(ctx, account.body.email!, 'verify');
    expect((await verify(token)).statusCode).toBe(200);
    const reused = await verify(token);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: en['olympiad.errors.linkUsed'], errors: { token: [en['olympiad.errors.linkUsed']] } });

    const unknown = await verify('x'.repeat(54));
    expect(unknown.json().message).toBe(en['olympiad.errors.linkInvalid']);
    expect((await verify('')).json().message).toBe(en['olympiad.errors.linkInvalid']);

    const late = await register(ctx);
    const lateLink = await linkToken(ctx, late.body.email!, 'verify');
    await ctx.database.db.execute(sql`update olympiad_email_verifications set expires_at = now() - interval '1 second' where user_id = ${late.userId}`);
    const expired = await verify(lateLink.token);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(en['olympiad.errors.linkExpired']);
    expect((await me(late.token)).email_status).toBe('not_verified');
  });

  test('another letter only after 30 seconds: 429 with Retry-After before, a new working link after', async () => {
    const account = await register(ctx);
    const early = await resend(account.token);
    expect(early.statusCode).toBe(429);
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThan(25);
    expect(wait).toBeLessThanOrEqual(30);
    expect(early.json().message).toBe(`You can request the letter again in ${wait} s.`);
    expect((await resend(account.token, 'ru')).json().message).toMatch(/^Письмо можно запросить повторно через \d+ с\.$/);

    const before = ctx.letters.length;
    await ageVerificationLetters(ctx, account.userId, 31);
    const again = await resend(account.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ email_status: 'letter_sent', resend_in: 30 });
    expect(ctx.letters.length).toBe(before + 1);
    // Both letters went to the same mailbox; the newest link verifies.
    const { token } = await linkToken(ctx, account.body.email!, 'verify');
    expect((await verify(token)).statusCode).toBe(200);
    await ageVerificationLetters(ctx, account.userId, 31);
    const done = await resend(account.token);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(en['olympiad.errors.alreadyVerified']);
  });

  test('a letter that cannot be delivered leaves the participant unverified and free to ask again at once', async () => {
    ctx.failDeliveries = true;
    let account: Awaited<ReturnType<typeof register>>;
    try {
      account = await register(ctx);
    } finally {
      ctx.failDeliveries = false;
    }
    expect(await me(account.token)).toMatchObject({ email_status: 'not_verified', resend_in: 0 });
    const res = await resend(account.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email_status).toBe('letter_sent');
  });

  test('a changed e-mail must be verified again; the old link no longer verifies', async () => {
    const account = await register(ctx);
    const oldLink = await linkToken(ctx, account.body.email!, 'verify');
    await ageVerificationLetters(ctx, account.userId, 31);
    const { login, full_name, birth_date, sex } = account.body;
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/olympiad/me/personal',
      headers: bearer(account.token),
      payload: { login, full_name, birth_date, sex, email: `Changed.${account.body.email}` },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ email: `changed.${account.body.email}`, email_status: 'letter_sent' });
    expect((await verify(oldLink.token)).json().message).toBe(en['olympiad.errors.linkInvalid']);
    const newLink = await linkToken(ctx, `changed.${account.body.email}`, 'verify');
    expect((await verify(newLink.token)).statusCode).toBe(200);
    expect((await me(account.token)).email_status).toBe('verified');
  });

  test('a verified participant changing the e-mail keeps the proven one until the new one is confirmed; then the old address is told', async () => {
    const account = await registerVerified(ctx);
    const old = account.body.email!;
    const fresh = `moved.${old}`;
    await ageVerificationLetters(ctx, account.userId, 31);
    const { login, full_name, birth_date, sex } = account.body;
    const personal = (email: string) =>
      ctx.app.inject({ method: 'PUT', url: '/v1/olympiad/me/personal', headers: bearer(account.token), payload: { login, full_name, birth_date, sex, email } });
    expect((await personal(fresh)).json().data).toMatchObject({ email: fresh, confirmed_email: old, email_status: 'letter_sent' });

    // Until then the new address signs nobody in and gets no recovery link; the proven one does both, and tests may still be taken.
    const signInBy = (identifier: string) =>
      ctx.app.inject({ method: 'POST', url: '/v1/olympiad/login', payload: { login: identifier, password: account.body.password }, remoteAddress: nextIp() });
    expect((await signInBy(fresh)).statusCode).toBe(422);
    expect((await signInBy(old)).statusCode).toBe(200);
    await expect(requireVerifiedParticipant(ctx.database.db, await userRow(account.userId))).resolves.toBeTruthy();

    const since = ctx.letters.length;
    const { token } = await linkToken(ctx, fresh, 'verify');
    expect((await verify(token)).json().data).toEqual({ email_status: 'verified', email: fresh });
    expect(await me(account.token)).toMatchObject({ email: fresh, confirmed_email: fresh, email_status: 'verified' });
    expect((await signInBy(fresh)).statusCode).toBe(200);
    expect((await signInBy(old)).statusCode).toBe(422);
    const notice = await letterTo(ctx, old, /./, since);
    expect(notice.subject).toBe(en['mail.addressReplaced.subject']);
    expect(notice.text).toContain(fresh);
  });

  test('typing the proven address back withdraws a waiting change; its link then verifies nothing', async () => {
    const account = await registerVerified(ctx);
    const old = account.body.email!;
    await ageVerificationLetters(ctx, account.userId, 31);
    const { login, full_name, birth_date, sex } = account.body;
    const personal = (email: string) =>
      ctx.app.inject({ method: 'PUT', url: '/v1/olympiad/me/personal', headers: bearer(account.token), payload: { login, full_name, birth_date, sex, email } });
    await personal(`other.${old}`);
    const { token } = await linkToken(ctx, `other.${old}`, 'verify');
    expect((await personal(old.toUpperCase())).json().data).toMatchObject({ email: old, confirmed_email: old, email_status: 'verified' });
    expect((await verify(token)).json().message).toBe(en['olympiad.errors.linkInvalid']);
  });

  test('the guard for test starts refuses unverified participants and non-participants with 403', async () => {
    const account = await register(ctx);
    const user = await userRow(account.userId);
    await expect(requireVerifiedParticipant(ctx.database.db, user)).rejects.toMatchObject({
      statusCode: 403,
      messageKey: 'olympiad.errors.emailNotVerified',
    } satisfies Partial<HttpError>);
    await ctx.database.db.delete(olympiadParticipants).where(eq(olympiadParticipants.userId, account.userId));
    await expect(requireVerifiedParticipant(ctx.database.db, user)).rejects.toMatchObject({ statusCode: 403, messageKey: 'olympiad.errors.notParticipant' });
  });
});
