import { createTestApp, type TestContext } from './helpers/test-app';
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp({ apiKey: 'k' }); }, 30000);
afterAll(() => ctx?.close());
test('probe', async () => {
  ctx.app.addHook; // noop
  for (const url of ['/%761/home/stats', '/v1/home/stats', '/v%31/profile', '/%76%31/sessions/revoke-others']) {
    const r = await ctx.app.inject({ method: url.includes('revoke') ? 'POST' : 'GET', url });
    console.log(url, r.statusCode, r.body.slice(0, 100));
  }
});
