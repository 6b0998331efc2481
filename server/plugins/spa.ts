import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { firstReadsOf, heroImageOf, signedInFirstReadsOf } from '../../shared/first-reads';
import { matchRoute, routeEntityId, type RouteEntry } from '../../shared/routes';
import { SESSION_TOKEN_COOKIE } from '../../shared/session-cookie';
import { entityExists } from '../modules/pages/entity-exists';
import { compressedPage } from './compressed-page';
import { pageInLanguage } from './page-language';
import { escapeAttribute, pageLanguage, PRELOAD_MANIFEST_FILE, preloadTags, type PreloadManifest } from './spa-preloads';

const API_PREFIXES = ['/v1/', '/v1', '/broadcasting/', '/health'];

/**
 * Serves the built SPA: hashed assets for a year, the page itself never
 * cached, and 404 status for paths that are not a screen, and for a screen
 * of one thing (`/products/:id`, …) whose thing is not there for this visitor
 * (the SPA then renders its Page Not Found).
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
  // The page's own reads pass the API key check like the SPA's do.
  const apiKeyHeader: Record<string, string> = typeof clientConfig.apiKey === 'string' && clientConfig.apiKey ? { 'x-api-key': clientConfig.apiKey } : {};
  const configTag = `<script id="app-config" type="application/json">${scriptSafeJson(clientConfig)}</script>`;
  // A rebuild (npm run dev) is picked up without a restart: the page and the preload manifest are read
  // again when the build has rewritten them, not on every page load.
  const page = rereadWhenChanged(indexFile, (text) => text);
  const manifestFile = path.join(webRoot, PRELOAD_MANIFEST_FILE);
  const preloadManifest = rereadWhenChanged(manifestFile, (text) => JSON.parse(text) as PreloadManifest);
  const html = (head: string) => page()!.replace('</head>', `${head}${configTag}</head>`);

  /** The API's own answers to `paths`, asked as the page's visitor (their session, if any) in the page's language; only successes. */
  const answersTo = async (paths: string[], lang: string, token: string | undefined): Promise<Record<string, unknown>> => {
    const auth = token ? { authorization: `Bearer ${token}` } : {};
    const answers = await Promise.all(
      paths.map((url) => app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': lang, ...apiKeyHeader, ...auth } }).catch(() => null)),
    );
    const reads: Record<string, unknown> = {};
    answers.forEach((answer, index) => {
      if (answer?.statusCode === 200) reads[paths[index]] = answer.json();
    });
    return reads;
  };

  /**
   * The first reads of this screen (shared/first-reads.ts), answered by the API itself in the page's
   * language, as one JSON block the SPA reads instead of asking. A guest gets the screen's public
   * reads; someone signed in gets the screen's own reads answered as them, in a block marked for their
   * session (the SPA's requests of another session never take them).
   */
  const firstReads = async (route: RouteEntry, pathname: string, query: URLSearchParams, lang: string, token: string | undefined): Promise<string> => {
    const id = route.entity ? routeEntityId(route, pathname) : null;
    const paths = token ? signedInFirstReadsOf(route.name, id) : firstReadsOf(route.name, id, query);
    if (!paths.length) return '';
    const reads = await answersTo(paths, lang, token);
    if (!Object.keys(reads).length) return '';
    if (token) return `<script id="first-reads" type="application/json" data-session>${scriptSafeJson(reads)}</script>`;
    // The screen's largest picture starts with the page, not after the bundle has drawn the screen.
    const hero = heroImageOf(route.name, id, reads);
    const preload = hero
      ? `<link rel="preload" as="image" href="${escapeAttribute(hero.url)}" imagesrcset="${escapeAttribute(hero.srcset)}" imagesizes="${escapeAttribute(hero.sizes)}" fetchpriority="high">`
      : '';
    return `${preload}<script id="first-reads" type="application/json">${scriptSafeJson(reads)}</script>`;
  };

  const exists = entityExists(app.db);
  const found = async (route: RouteEntry | null, pathname: string, viewerId: number | null) => {
    if (!route?.screen) return false;
    if (!route.entity) return true;
    const id = routeEntityId(route, pathname);
    return id !== null && exists(route.entity, id, viewerId);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (API_PREFIXES.some((prefix) => pathname.startsWith(prefix))) return reply.callNotFound();
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '';
    }
    const route = decoded ? matchRoute(decoded) : null;
    // The page request carries the session cookie the SPA keeps (SameSite strict): a private thing (a
    // chat) is checked against the person asking, and their reads are made as them. Resolved once; an
    // unknown or expired token is nobody, and nobody's page gets no reads (the SPA's requests, made
    // with that token, would not take a guest's, and would be answered 401 anyway).
    const cookieToken = request.cookies[SESSION_TOKEN_COOKIE] || undefined;
    const viewer = cookieToken ? await app.tokens.resolve(cookieToken) : null;
    const screen = route && (await found(route, decoded, viewer?.user.id ?? null)) ? route.name : null;
    const manifest = preloadManifest();
    // The language the SPA will start in (its cookie, else the default): the words preloaded and the shell's title agree with it.
    const lang = pageLanguage(request.cookies);
    const readable = screen && route && (!cookieToken || viewer);
    const reads = readable ? await firstReads(route, decoded, new URLSearchParams(request.url.split('?')[1] ?? ''), lang, viewer ? cookieToken : undefined) : '';
    const page = compressedPage(pageInLanguage(html((manifest ? preloadTags(manifest, screen, lang) : '') + reads), lang), request.headers['accept-encoding']);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply
      .status(screen ? 200 : 404)
      // A page asked with a session may hold that person's reads: no shared cache keeps it.
      .header('cache-control', cookieToken ? 'private, no-cache' : 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8')
      .send(page.body);
  });
}, { name: 'spa', dependencies: ['database', 'authentication'] });

/** A built file's parsed contents, read again only when its modification time changes (null while it is missing). */
function rereadWhenChanged<T>(file: string, parse: (text: string) => T): () => T | null {
  let seen: { mtimeMs: number; value: T } | null = null;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return (seen = null);
    if (seen?.mtimeMs !== stat.mtimeMs) seen = { mtimeMs: stat.mtimeMs, value: parse(fs.readFileSync(file, 'utf8')) };
    return seen.value;
  };
}
