/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OFFLINE_MARK, type CacheStats, type WorkerRequest } from '../services/offline-protocol';
import { API_CACHE, apiCacheTotals, clearApiCache, networkFirstRead, saveRead } from './api-cache';
import { isPublicRead } from './public-reads';

declare const self: ServiceWorkerGlobalScope;

const manifest = self.__WB_MANIFEST;
const isIndex = (entry: (typeof manifest)[number]) => (typeof entry === 'string' ? entry : entry.url).endsWith('index.html');
// The build's page revision names this version: its shell and the state page's "version".
const indexEntry = manifest.find(isIndex);
const VERSION = (indexEntry && typeof indexEntry !== 'string' ? indexEntry.revision : null) ?? 'dev';

// Hashed scripts, styles and the catalogues: served from the cache, replaced on update.
precacheAndRoute(manifest.filter((entry) => !isIndex(entry)));
cleanupOutdatedCaches();

/**
 * The page as the server writes it (with the runtime config), fetched when this version
 * installs, so any page opens offline with this version's scripts. One per version: a waiting
 * update never hands the running version a page whose scripts it does not hold.
 */
const SHELL_CACHE = 'app-shell';
const shellKey = `/__shell__?v=${encodeURIComponent(VERSION)}`;
/** Paths opened online; offline, any other path gets the "not saved yet" screen. */
const VISITED_CACHE = 'visited-pages';
const visited = new CacheExpiration(VISITED_CACHE, { maxEntries: 300 });
const NO_NAVIGATION = [/^\/v1\//, /^\/broadcasting\//, /^\/storage\//, /^\/docs\//, /^\/health/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const response = await fetch('/', { cache: 'no-store', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`shell answered ${response.status}`);
      await (await caches.open(SHELL_CACHE)).put(shellKey, response);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Whole pages of older versions (they name scripts that are gone) and shells of older versions.
      await caches.delete('pages');
      const shells = await caches.open(SHELL_CACHE);
      for (const request of await shells.keys()) if (!request.url.endsWith(shellKey)) await shells.delete(request);
    })(),
  );
});

/** A path the person has opened online (a load, or a move inside the app the page reports). */
async function recordOpened(path: string): Promise<void> {
  await (await caches.open(VISITED_CACHE)).put(path, new Response(null, { status: 204 }));
  await visited.updateTimestamp(path);
  await visited.expireEntries();
}

async function markUnsaved(shell: Response): Promise<Response> {
  const html = (await shell.text()).replace('<html', `<html data-offline="${OFFLINE_MARK}"`);
  return new Response(html, { status: 200, headers: shell.headers });
}

// Pages come from the network: the server decides the status (404) and writes the runtime
// config. Offline, this version's shell; for a path never opened, marked so the app shows
// its "not saved on this device" screen instead of the browser's error.
registerRoute(
  new NavigationRoute(
    async ({ request, url, event }) => {
      try {
        const response = await fetch(request);
        if (response.ok) event.waitUntil(recordOpened(url.pathname));
        return response;
      } catch (error) {
        const shell = await caches.match(shellKey, { cacheName: SHELL_CACHE });
        if (!shell) throw error;
        const opened = await caches.match(url.pathname, { cacheName: VISITED_CACHE, ignoreSearch: true });
        return opened ? shell : markUnsaved(shell);
      }
    },
    { denylist: NO_NAVIGATION },
  ),
);

// Public reads of catalogue, store and olympiad pages: network first, a bounded copy for offline.
registerRoute(({ request, url }) => url.origin === self.location.origin && isPublicRead(request.method, url), ({ event }) => networkFirstRead(event as FetchEvent));

// Uploaded images never change under the same URL.
registerRoute(
  ({ url }) => url.pathname.startsWith('/storage/'),
  new CacheFirst({ cacheName: 'images', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

async function cacheStats(): Promise<CacheStats> {
  const result: CacheStats = { version: VERSION, caches: [] };
  for (const name of await caches.keys()) {
    if (name === API_CACHE) {
      result.caches.push({ name, ...(await apiCacheTotals()) });
    } else {
      result.caches.push({ name, entries: (await (await caches.open(name)).keys()).length, bytes: null });
    }
  }
  return result;
}

/** Only same-origin public reads (what the fetch route would have kept), one at a time: it is background work. */
async function saveReads(reads: unknown): Promise<void> {
  if (!Array.isArray(reads)) return;
  for (const read of reads.slice(0, 50) as Array<{ url?: unknown; headers?: unknown }>) {
    if (typeof read?.url !== 'string' || typeof read.headers !== 'object' || read.headers === null) continue;
    const url = new URL(read.url, self.location.origin);
    if (url.origin !== self.location.origin || !isPublicRead('GET', url)) continue;
    await saveRead(new Request(url, { headers: read.headers as Record<string, string>, credentials: 'same-origin' })).catch((error: unknown) =>
      console.warn('saving a read for offline failed', error),
    );
  }
}

self.addEventListener('message', (event) => {
  const request = event.data as WorkerRequest | null;
  switch (request?.type) {
    // The page asks the waiting worker to take over when the person accepts the update.
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'PAGE_OPENED':
      if (typeof request.path === 'string' && request.path.startsWith('/')) event.waitUntil(recordOpened(request.path));
      break;
    case 'CLEAR_API_CACHE':
      event.waitUntil(clearApiCache().then(() => event.ports[0]?.postMessage({ type: 'CLEARED' })));
      break;
    case 'SAVE_READS':
      event.waitUntil(saveReads(request.reads));
      break;
    case 'CACHE_STATS':
      event.waitUntil(cacheStats().then((stats) => event.ports[0]?.postMessage(stats)));
      break;
    default:
      break;
  }
});
clientsClaim();
