import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pageLanguage, preloadTags, type PreloadManifest } from '../../server/plugins/spa-preloads';
import { createTestApp, SETUP_TIMEOUT, type TestContext } from './helpers/test-app';

/** A build of three screens: the home (core words), the search (CSS of its own and a split vendor chunk), the olympiad (an area of words). */
const manifest: PreloadManifest = {
  publicPath: '/',
  screens: {
    index: { files: ['assets/home.1.js'], areas: [] },
    search: { files: ['assets/catalog.2.css', 'assets/catalog.0a1b2c3d4e.js', 'assets/vendors.3.js'], areas: [] },
    olympiad: { files: ['assets/olympiad.4.js'], areas: ['olympiad'] },
  },
  locales: {
    ru: { core: ['assets/locale-ru.5.js'], olympiad: ['assets/locale-ru-olympiad.6.js'] },
    en: { core: ['assets/locale-en.7.js'], olympiad: ['assets/locale-en-olympiad.8.js'] },
  },
};
const hrefs = (tags: string) => [...tags.matchAll(/<link rel="preload" href="([^"]+)" as="(script|style)">/g)].map(([, href, as]) => `${as} ${href}`);

describe('the preloads of a page', () => {
  it('name the screen’s CSS first, then its words, then its code and the chunks split off it', () => {
    expect(hrefs(preloadTags(manifest, 'search', 'ru'))).toEqual([
      'style /assets/catalog.2.css',
      'script /assets/locale-ru.5.js',
      'script /assets/catalog.0a1b2c3d4e.js',
      'script /assets/vendors.3.js',
    ]);
  });

  it('take the words of the screen’s area in the page’s language', () => {
    expect(hrefs(preloadTags(manifest, 'olympiad', 'en'))).toEqual([
      'script /assets/locale-en.7.js',
      'script /assets/locale-en-olympiad.8.js',
      'script /assets/olympiad.4.js',
    ]);
  });

  it('are the core words alone for a path that is not a screen, or a screen the build does not know', () => {
    expect(hrefs(preloadTags(manifest, null, 'ru'))).toEqual(['script /assets/locale-ru.5.js']);
    expect(hrefs(preloadTags(manifest, 'elsewhere', 'en'))).toEqual(['script /assets/locale-en.7.js']);
  });

  it('follow the SPA’s language: the lang cookie, else Russian', () => {
    expect(pageLanguage({ a: '1', lang: 'en' })).toBe('en');
    expect(pageLanguage({ lang: 'de' })).toBe('ru');
    expect(pageLanguage({})).toBe('ru');
  });
});

describe('the built SPA as served', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-preloads-'));
  const webRoot = path.join(root, 'web');
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let ctx: TestContext;
  beforeAll(async () => {
    fs.mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html><head><title>t</title><script defer src="/assets/main.9.js"></script></head><body></body></html>');
    fs.writeFileSync(path.join(webRoot, 'preload-manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(webRoot, 'assets/catalog.0a1b2c3d4e.js'), script);
    fs.writeFileSync(path.join(webRoot, 'assets/catalog.0a1b2c3d4e.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(webRoot, 'assets/catalog.0a1b2c3d4e.js.gz'), zlib.gzipSync(script));
    ctx = await createTestApp({ webRoot, dataDir: path.join(root, 'data') });
  }, SETUP_TIMEOUT);
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('puts the preloads of the screen opened into the page’s head', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/search', headers: { cookie: 'lang=en' } });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(hrefs(head)).toEqual(['style /assets/catalog.2.css', 'script /assets/locale-en.7.js', 'script /assets/catalog.0a1b2c3d4e.js', 'script /assets/vendors.3.js']);
  });

  it('gives a missing product its 404 with the core words only, like a path that is no screen', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/products/12', headers: { cookie: 'lang=en' } });
    expect(page.statusCode).toBe(404);
    expect(hrefs(page.body.slice(0, page.body.indexOf('</head>')))).toEqual(['script /assets/locale-en.7.js']);
  });

  it('gives a path that is no screen its 404 with the core words only', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/no-such-screen' });
    expect(page.statusCode).toBe(404);
    expect(hrefs(page.body)).toEqual(['script /assets/locale-ru.5.js']);
  });

  it('sends the compressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const brotli = await ctx.app.inject({ method: 'GET', url: '/assets/catalog.0a1b2c3d4e.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    const gzip = await ctx.app.inject({ method: 'GET', url: '/assets/catalog.0a1b2c3d4e.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/catalog.0a1b2c3d4e.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
