import { bearer, createTestApp, lastCode, signIn, SETUP_TIMEOUT, ageCodes, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ apiKey: undefined });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

const requestCode = (address: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address }, headers });
const verify = (address: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload: { address, code } });

test('parallel wrong guesses from one client cannot exceed five tries; locked, the client is refused even the right code', async () => {
  const address = 'guess@example.com';
  await requestCode(address);
  const right = lastCode(ctx.letters, address);
  const wrong = right === '000000' ? '111111' : '000000';
  const results = await Promise.all(Array.from({ length: 8 }, () => verify(address, wrong)));
  // Every try is counted before the comparison, atomically: four wrong answers, the fifth locks, the rest are refused unseen.
  expect(results.filter((r) => r.statusCode === 422)).toHaveLength(4);
  expect(results.filter((r) => r.statusCode === 429)).toHaveLength(4);
  expect((await verify(address, right)).statusCode).toBe(429);
});

test('parallel code requests for one address send one letter; the rest wait with 429', async () => {
  const address = 'burst@example.com';
  const before = ctx.letters.length;
  const results = await Promise.all(Array.from({ length: 4 }, () => requestCode(address)));
  expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
  expect(ctx.letters.length - before).toBe(1);
});

test('a resend that cannot be delivered leaves the code already received working', async () => {
  const address = 'keep@example.com';
  await requestCode(address);
  const first = lastCode(ctx.letters, address);
  await ageCodes(ctx, address);
  ctx.failDeliveries = true;
  expect((await requestCode(address)).statusCode).toBe(503);
  ctx.failDeliveries = false;
  expect((await verify(address, first)).statusCode).toBe(200);
});

test('a delivered resend retires the older code', async () => {
  const address = 'retire@example.com';
  await requestCode(address);
  const first = lastCode(ctx.letters, address);
  await ageCodes(ctx, address);
  await requestCode(address);
  const second = lastCode(ctx.letters, address);
  if (first !== second) expect((await verify(address, first)).statusCode).toBe(422);
  expect((await verify(address, second)).statusCode).toBe(200);
});

test('X-Forwarded-For does not give a client a new IP for the per-IP limit', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await requestCode(`ip-${i}@example.com`, { 'x-forwarded-for': `10.0.0.${i}` });
    statuses.push(res.statusCode);
  }
  expect(statuses).toContain(429);
});

test('an id beyond the integer range is a 422, not a server error', async () => {
  const { token } = await signIn(ctx, 'ids@example.com', { ip: '10.9.9.9' });
  const res = await ctx.app.inject({ method: 'DELETE', url: '/v1/sessions/99999999999', headers: bearer(token) });
  expect(res.statusCode).toBe(422);
});

test('two accounts proving the same e-mail at once: one gets it, the other a 422 on the code', async () => {
  const a = await signIn(ctx, '+79000000001', { ip: '10.8.8.1' });
  const b = await signIn(ctx, '+79000000002', { ip: '10.8.8.2' });
  const codes: string[] = [];
  for (const [person, ip] of [[a, '10.8.8.1'], [b, '10.8.8.2']] as const) {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/v1/profile',
      headers: bearer(person.token),
      payload: { name: 'Same', phone: person === a ? '+79000000001' : '+79000000002', email: 'same@example.com' },
      remoteAddress: ip,
    });
    expect(saved.json().data.pending_email).toBe('same@example.com');
    codes.push(lastCode(ctx.letters, 'same@example.com'));
  }
  const confirm = (token: string, code: string) =>
    ctx.app.inject({ method: 'POST', url: '/v1/profile/contacts/email/confirm', headers: bearer(token), payload: { code } });
  const results = await Promise.all([confirm(a.token, codes[0]), confirm(b.token, codes[1])]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  expect(results.find((r) => r.statusCode === 422)!.json().errors.code).toBeDefined();
});
