import { createTestApp, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

describe('GET /health', () => {
  test('is 200 { status: "ok" } when the database answers, naming the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  test('is 503 { status: "unavailable" } when the database does not answer', async () => {
    const ping = ctx.database.ping;
    ctx.database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: ctx.database.kind });
      expect(res.body).not.toContain('connection refused');
    } finally {
      ctx.database.ping = ping;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});

describe('GET /v1/docs', () => {
  test('/v1/docs/json is an OpenAPI document with the spine routes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toEqual(expect.any(String));
    for (const path of ['/v1/auth', '/v1/verify-auth-otp', '/v1/profile', '/v1/profile-data', '/v1/sign-out', '/v1/sessions', '/health']) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.paths['/v1/auth']).toHaveProperty('post');
    expect(doc.paths['/v1/profile']).toHaveProperty('get');
    expect(doc.paths['/v1/profile']).toHaveProperty('post');
    expect(doc.paths['/v1/sessions/{id}']).toHaveProperty('delete');
  });

  test('the documented request bodies come from the route schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
    const body = doc.paths['/v1/auth'].post.requestBody.content['application/json'].schema;
    expect(body.properties.address).toMatchObject({ type: 'string', maxLength: 255 });
    expect(body.required).toContain('address');
    const verify = doc.paths['/v1/verify-auth-otp'].post.requestBody.content['application/json'].schema;
    expect(verify.required).toEqual(expect.arrayContaining(['address', 'code']));
    const answer = doc.paths['/v1/verify-auth-otp'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties).sort()).toEqual(['token', 'user']);
  });

  test('/v1/docs serves the documentation page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/docs' });
    // swagger-ui answers the page itself or redirects to it.
    if (res.statusCode === 302) {
      const page = await ctx.app.inject({ method: 'GET', url: String(res.headers.location).replace(/^\.\//, '/v1/docs/') });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
    } else {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
