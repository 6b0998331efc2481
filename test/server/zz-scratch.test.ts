import { createTestApp, lastCode, signIn, bearer, type TestContext } from './helpers/test-app';
let ctx: TestContext;
beforeAll(async () => { ctx = await createTestApp({ apiKey: 'k' }); });
afterAll(() => ctx.close());
const H = { 'x-api-key': 'k' };
test('probe', async () => {
  const log = (label: string, r: any) => console.log(label, r.statusCode, JSON.stringify(r.headers['retry-after']), r.body.slice(0, 300));
  // 1 xff bypass
  let statuses = [];
  for (let i = 0; i < 25; i++) {
    const r = await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address: `x${i}@example.com` }, headers: { ...H, 'x-forwarded-for': `1.2.3.${i}` } });
    statuses.push(r.statusCode);
  }
  console.log('xff', statuses.join(','));
  // 2 api key bypass
  for (const url of ['/v1/home/stats', '/%761/home/stats', '/v1/home/%73tats', '/V1/home/stats', '//v1/home/stats', '/v1/docs/../home/stats', '/v1/docs/json']) {
    log('nokey ' + url, await ctx.app.inject({ method: 'GET', url }));
  }
  // 3 parallel guesses
  await ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address: 'p@example.com' }, headers: H, remoteAddress: '9.9.9.1' });
  const code = lastCode(ctx.letters, 'p@example.com');
  const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
  const reqs = [];
  for (let i = 0; i < 9; i++) reqs.push(ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload: { address: 'p@example.com', code: wrong }, headers: H, remoteAddress: `9.9.8.${i}` }));
  reqs.push(ctx.app.inject({ method: 'POST', url: '/v1/verify-auth-otp', payload: { address: 'p@example.com', code }, headers: H, remoteAddress: '9.9.8.100' }));
  const res = await Promise.all(reqs);
  console.log('parallel', res.map((r) => r.statusCode + ':' + r.body.slice(0, 60)).join('\n'));
  // 4 parallel request code
  const res2 = await Promise.all([1, 2, 3].map((i) => ctx.app.inject({ method: 'POST', url: '/v1/auth', payload: { address: 'q@example.com' }, headers: H, remoteAddress: `9.9.7.${i}` })));
  console.log('parallel issue', res2.map((r) => r.statusCode).join(','), ctx.letters.filter((l) => l.to === 'q@example.com').length);
  // 5 bodies
  log('badjson', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { ...H, 'content-type': 'application/json' }, payload: '{"address":' }));
  log('empty', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { ...H, 'content-type': 'application/json' }, payload: '' }));
  log('nobody', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: H }));
  log('null', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { ...H, 'content-type': 'application/json' }, payload: 'null' }));
  log('array', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { ...H, 'content-type': 'application/json' }, payload: '[1]' }));
  log('num', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: H, payload: { address: 123 } }));
  log('obj', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: H, payload: { address: { a: 1 } } }));
  log('bool', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: H, payload: { address: true } }));
  log('text', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { ...H, 'content-type': 'text/plain' }, payload: 'hello' }));
  log('big', await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: H, payload: { address: 'a'.repeat(1024 * 1024 + 10) } }));
  log('404', await ctx.app.inject({ method: 'GET', url: '/v1/nothing?x=1', headers: H }));
  log('404b', await ctx.app.inject({ method: 'GET', url: '/nothing', headers: H }));
  log('405?', await ctx.app.inject({ method: 'PUT', url: '/v1/auth', headers: H }));
  const { token } = await signIn({ ...ctx, app: { inject: (o: any) => ctx.app.inject({ ...o, headers: { ...(o.headers || {}), ...H } }) } } as any, 'z@example.com');
  log('sessions bad id', await ctx.app.inject({ method: 'DELETE', url: '/v1/sessions/abc', headers: { ...H, ...bearer(token) } }));
  log('sessions 0', await ctx.app.inject({ method: 'DELETE', url: '/v1/sessions/0', headers: { ...H, ...bearer(token) } }));
  log('sessions huge', await ctx.app.inject({ method: 'DELETE', url: '/v1/sessions/99999999999', headers: { ...H, ...bearer(token) } }));
  log('profile types', await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...H, ...bearer(token) }, payload: { name: ['a', 'b'], email: 5 } }));
  log('profile long', await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...H, ...bearer(token) }, payload: { name: 'a'.repeat(1001) } }));
  log('profile about', await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...H, ...bearer(token) }, payload: { name: 'a', email: 'z@example.com', about: 'a'.repeat(1001) } }));
  log('profile extra', await ctx.app.inject({ method: 'POST', url: '/v1/profile', headers: { ...H, ...bearer(token) }, payload: { name: 'a', email: 'z@example.com', role: 'admin' } }));
  log('bearer junk', await ctx.app.inject({ method: 'GET', url: '/v1/profile', headers: { ...H, authorization: 'Bearer' } }));
  log('health', await ctx.app.inject({ method: 'GET', url: '/health' }));
});
