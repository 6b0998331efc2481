import { createTestApp, SETUP_TIMEOUT, signIn, bearer, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

test('a new address signs in and reads its profile', async () => {
  const { token, userId } = await signIn(ctx, 'new@example.com');
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ id: userId, email: 'new@example.com', role: 'user' });
});
