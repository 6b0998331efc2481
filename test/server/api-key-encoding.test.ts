import { createTestApp, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ apiKey: 'secret-key' });
}, SETUP_TIMEOUT);
afterAll(() => ctx.close());

test.each(['/%761/home/stats', '/v%31/profile', '/v1/%68ome/stats'])('an encoded path %s cannot skip the API key', async (url) => {
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toBe('Неверный или отсутствующий ключ API.');
});
