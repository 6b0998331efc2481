import { createTestApp, bearer, lastCode, SETUP_TIMEOUT, signIn, type TestContext } from './helpers/test-app';
import { nextIp, register } from './olympiad/olympiad-helpers';

/**
 * The class of hole: an address attached to an account without proof. Whatever way an
 * attacker attaches someone else's address (a profile change, an olympiad registration,
 * an olympiad e-mail change), its real owner's sign-in by code opens the owner's own
 * account, and the attacker's account gets nothing by that address.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const olympiadLogin = (login: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/olympiad/login', payload: { login, password }, remoteAddress: nextIp() });
const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/v1/olympiad/password/forgot', payload: { email }, remoteAddress: nextIp() });
const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Each way of attaching an address without proof, done by an attacker; returns the attacker's account id and token. */
const attachments: Array<[string, (victim: string) => Promise<{ userId: number; token: string; password?: string }>]> = [
  [
    'a marketplace profile change',
    async (victim) => {
      const attacker = await signIn(ctx, `attacker.${victim}`, { ip: nextIp() });
      const saved = await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: bearer(attacker.token), payload: { name: 'A', email: victim } });
      expect(saved.json().data).toMatchObject({ email: `attacker.${victim}`, pending_email: victim });
      return attacker;
    },
  ],
  [
    'an olympiad registration',
    async (victim) => {
      const account = await register(ctx, { email: victim });
      return { userId: account.userId, token: account.token, password: account.body.password };
    },
  ],
  [
    'an olympiad e-mail change',
    async (victim) => {
      const account = await register(ctx);
      const { login, full_name, birth_date, sex } = account.body;
      await ctx.database.db.execute(`update olympiad_email_verifications set created_at = created_at - interval '31 seconds' where user_id = ${account.userId}`);
      const changed = await ctx.app.inject({
        method: 'PUT',
        url: '/v1/olympiad/me/personal',
        headers: bearer(account.token),
        payload: { login, full_name, birth_date, sex, email: victim },
      });
      expect(changed.statusCode).toBe(200);
      return { userId: account.userId, token: account.token, password: account.body.password };
    },
  ],
];

describe('an address belongs to an account only once it is proven', () => {
  test.each(attachments)('attached by %s: the owner signs in to their own account; the attacker gets nothing by it', async (_way, attach) => {
    const victim = `victim.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const attacker = await attach(victim);

    // Not the attacker's address: not in the profile as the account's, not for sign-in, not for recovery.
    expect((await get('/v1/profile', attacker.token)).json().data.email).not.toBe(victim);
    if (attacker.password) expect((await olympiadLogin(victim, attacker.password)).statusCode).toBe(422);
    const before = ctx.letters.length;
    await forgot(victim);
    await settled();
    expect(ctx.letters.slice(before).some((l) => l.to === victim && /recover\?token=/.test(l.text))).toBe(false);

    // The real owner asks for a sign-in code: it signs in the owner's own (new) account.
    const owner = await signIn(ctx, victim, { ip: nextIp() });
    expect(owner.userId).not.toBe(attacker.userId);
    expect((await get('/v1/profile', owner.token)).json().data.email).toBe(victim);

    // The attacker's pending claim can no longer be proven.
    const attackerNow = (await get('/v1/profile', attacker.token)).json().data;
    expect(attackerNow.email).not.toBe(victim);
  });

  test('a code sent for a pending address proves it for that account only, and never signs anyone in', async () => {
    const user = await signIn(ctx, 'prover@example.com', { ip: nextIp() });
    await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: bearer(user.token), payload: { name: 'P', email: 'prover.new@example.com' } });
    const confirmCode = lastCode(ctx.letters, 'prover.new@example.com');
    // The confirmation code does not sign anyone in by that address.
    const asSignIn = await ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload: { address: 'prover.new@example.com', code: confirmCode }, remoteAddress: nextIp() });
    expect(asSignIn.statusCode).toBe(422);
    // It still proves the address for the account that asked.
    const proved = await ctx.app.inject({ method: 'POST', url: '/v1/profile/contacts/email/confirm', headers: bearer(user.token), payload: { code: confirmCode } });
    expect(proved.json().data).toMatchObject({ email: 'prover.new@example.com', pending_email: null });
  });
});
