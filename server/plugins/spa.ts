import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { matchRoute } from '../../shared/routes';
import { pageInLanguage } from './page-language';
import { pageLanguage, preloadTags, readPreloadManifest } from './spa-preloads';

const API_PREFIXES = ['/v1/', '/v1', '/broadcasting/', '/health'];

/**
 * Serves the built SPA: hashed assets for a year, the page itself never
 * cached, and 404 status for paths that are not a screen (the SPA then
 * renders its Page Not Found).
 */
export interface SpaOptions {
  webRoot: string;
  /** What the SPA needs at run time (API key, realtime host); written into the page. */
  clientConfig: Record<string, unknown>;
}

/** JSON inside a script tag must not be able to close it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export default fp<SpaOptions>(async (app, { webRoot, clientConfig }) => {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webRoot }, 'SPA build not found; run `npm run build:web`');
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of the text assets (scripts/webpack/precompress.mjs).
    preCompressed: true,
    // Our own header below; the plugin's default would mark everything max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      const immutable = /\.[0-9a-f]{8,}\./.test(name);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const configTag = `<script id="app-config" type="application/json">${scriptSafeJson(clientConfig)}</script>`;
  // Read per request so a rebuild (npm run dev) is picked up without a restart.
  const html = (head: string) => fs.readFileSync(indexFile, 'utf8').replace('</head>', `${head}${configTag}</head>`);

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    const route = matchRoute(decodeURIComponent(pathname));
    const screen = route?.screen ? route.name : null;
    const manifest = readPreloadManifest(webRoot);
    // The language the SPA will start in (its cookie, else the default): the words preloaded and the shell's title agree with it.
    const lang = pageLanguage(request.cookies);
    return reply
      .status(screen ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pageInLanguage(html(manifest ? preloadTags(manifest, screen, lang) : ''), lang));
  });
}, { name: 'spa' });
