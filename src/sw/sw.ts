/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// Hashed scripts, styles and the catalogues: served from the cache, replaced on update.
precacheAndRoute(self.__WB_MANIFEST.filter((entry) => !(typeof entry === 'string' ? entry : entry.url).endsWith('index.html')));
cleanupOutdatedCaches();

// Pages come from the network first: the server decides the status (404) and writes the
// runtime config into the page. The cached copy is only for offline.
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 4 }), {
    denylist: [/^\/v1\//, /^\/broadcasting\//, /^\/storage\//, /^\/docs\//, /^\/health/],
  }),
);

// Uploaded images never change under the same URL.
registerRoute(
  ({ url }) => url.pathname.startsWith('/storage/'),
  new CacheFirst({ cacheName: 'images', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// The page asks the waiting worker to take over when the person accepts the update.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
