import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

/** A built SPA of one page and a stored file, in a folder of the test's own. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
const webRoot = path.join(root, 'web');
const dataDir = path.join(root, 'data');
fs.mkdirSync(webRoot);
fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>t</title></head><body></body></html>');
fs.mkdirSync(path.join(dataDir, 'uploads', 'images', '1'), { recursive: true });
fs.writeFileSync(path.join(dataDir, 'uploads', 'images', '1', '200.webp'), 'RIFF....WEBP');

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    webRoot,
    dataDir,
    // As behind a TLS-terminating proxy: X-Forwarded-Proto from loopback decides the protocol.
    trustProxy: 'loopback',
    publicPusherHost: '',
    pusher: { appId: 'a', key: 'k', secret: 's', host: '127.0.0.1', port: 6001, useTLS: false },
  });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers: { host: 'shop.example:8080', ...headers } });

/** The policy as a map of directive → sources. */
function policyOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSafeHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  expect(response.headers['x-frame-options']).toBe('DENY');
  const permissions = String(response.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment']) expect(permissions).toContain(`${feature}=()`);
  expect(policyOf(response).get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

/** The app's policy: nothing inline, our origin only, plus the realtime socket. */
function expectAppPolicy(response: LightMyRequestResponse) {
  const policy = policyOf(response);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('style-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  // The page's own host (publicPusherHost is empty) on the realtime port, ws or wss.
  expect(policy.get('connect-src')).toEqual(["'self'", 'ws://shop.example:6001', 'wss://shop.example:6001']);
  expect(String(response.headers['content-security-policy'])).not.toContain('unsafe');
}

test('an HTML page carries the app policy and the safe headers', async () => {
  const page = await get('/home');
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  expectSafeHeaders(page);
  expectAppPolicy(page);
});

test('the 404 page, an API answer and an API error carry them too', async () => {
  const missingPage = await get('/no/such/page');
  expect(missingPage.statusCode).toBe(404);
  const api = await get('/v1/home/stats');
  expect(api.statusCode).toBe(200);
  const unauthenticated = await get('/v1/profile');
  expect(unauthenticated.statusCode).toBe(401);
  const missingRoute = await get('/v1/nothing');
  expect(missingRoute.statusCode).toBe(404);
  const badJson = await ctx.app.inject({ method: 'POST', url: '/v1/auth', headers: { host: 'shop.example:8080', 'content-type': 'application/json' }, payload: '{' });
  expect(badJson.statusCode).toBe(400);
  for (const response of [missingPage, api, unauthenticated, missingRoute, badJson]) {
    expectSafeHeaders(response);
    expectAppPolicy(response);
  }
});

test('a stored file is sandboxed: it may load and run nothing, and nobody may frame it', async () => {
  const file = await get('/storage/images/1/200.webp');
  expect(file.statusCode).toBe(200);
  expectSafeHeaders(file);
  const policy = policyOf(file);
  expect([...policy.keys()].sort()).toEqual(['default-src', 'frame-ancestors', 'sandbox']);
  expect(policy.get('default-src')).toEqual(["'none'"]);
  expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');
});

test('the API docs (Swagger UI) have a policy of their own that lets them work', async () => {
  const docs = await get('/v1/docs/');
  expect(docs.statusCode).toBe(200);
  expectSafeHeaders(docs);
  const policy = policyOf(docs);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('connect-src')).toBeUndefined();
});

test('HSTS only over TLS: a request the trusted proxy marks https gets it, plain http and untrusted claims do not', async () => {
  const secure = await get('/home', { 'x-forwarded-proto': 'https' });
  expect(secure.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  const secureApi = await get('/v1/profile', { 'x-forwarded-proto': 'https' });
  expect(secureApi.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  expect((await get('/home')).headers['strict-transport-security']).toBeUndefined();
  // A client that is not the trusted proxy cannot claim TLS.
  const spoofed = await ctx.app.inject({ method: 'GET', url: '/home', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
  expect(spoofed.headers['strict-transport-security']).toBeUndefined();
});

test('with PUBLIC_PUSHER_PORT the page connects to that port (a balancer), not the one the API publishes to', async () => {
  const other = await createTestApp({
    webRoot,
    dataDir,
    publicPusherHost: '',
    publicPusherPort: 16010,
    pusher: { appId: 'a', key: 'k', secret: 's', host: '127.0.0.1', port: 16011, useTLS: false },
  });
  try {
    const page = await other.app.inject({ method: 'GET', url: '/home', headers: { host: 'shop.example' } });
    expect(policyOf(page).get('connect-src')).toEqual(["'self'", 'ws://shop.example:16010', 'wss://shop.example:16010']);
    expect(page.body).toContain('"port":16010');
    expect(page.body).not.toContain('16011');
  } finally {
    await other.close();
  }
}, SETUP_TIMEOUT);

test('a realtime host of its own, and TLS, are what connect-src allows', async () => {
  const other = await createTestApp({
    webRoot,
    dataDir,
    publicPusherHost: 'ws.shop.example',
    pusher: { appId: 'a', key: 'k', secret: 's', host: '127.0.0.1', port: 443, useTLS: true },
  });
  try {
    const page = await other.app.inject({ method: 'GET', url: '/home' });
    expect(policyOf(page).get('connect-src')).toEqual(["'self'", 'wss://ws.shop.example:443']);
  } finally {
    await other.close();
  }
}, SETUP_TIMEOUT);
