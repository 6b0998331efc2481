/// <reference lib="webworker" />
import { API_CACHE_LIMITS, cacheTotals, fitsEntry, planEviction, type CacheEntryInfo } from './cache-bounds';
import { SAVED_AT_HEADER } from '../services/offline-protocol';

/** The offline copy of public API reads (public-reads.ts), network first. */
export const API_CACHE = 'api-reads-v1';
const BYTES_HEADER = 'x-bazaar-bytes';

/**
 * The key of an answer: its URL, the language it was asked in (the server answers in it) and
 * who asked (a SHA-256 prefix of the bearer token, never the token): an answer holds the
 * asker's own marks (favorite, can edit), so one session never reads another's copy.
 */
async function cacheKey(request: Request): Promise<string> {
  const url = new URL(request.url);
  url.searchParams.set('sw-lang', request.headers.get('accept-language') ?? '');
  const token = request.headers.get('authorization');
  let who = 'guest';
  if (token) {
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
    who = Array.from(digest.slice(0, 12), (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  url.searchParams.set('sw-who', who);
  return url.toString();
}

// What the cache holds, read once per worker life and kept in step with every write.
let index: Map<string, CacheEntryInfo> | null = null;
// Writes one after another, so the index and the eviction never race.
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
};

async function loadIndex(cache: Cache): Promise<Map<string, CacheEntryInfo>> {
  if (index) return index;
  const loaded = new Map<string, CacheEntryInfo>();
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (!response) continue;
    loaded.set(request.url, {
      key: request.url,
      bytes: Number(response.headers.get(BYTES_HEADER)) || 0,
      storedAt: Number(response.headers.get(SAVED_AT_HEADER)) || 0,
    });
  }
  index = loaded;
  return loaded;
}

async function store(key: string, response: Response): Promise<void> {
  const body = await response.arrayBuffer();
  if (!fitsEntry(body.byteLength, API_CACHE_LIMITS)) return;
  const storedAt = Date.now();
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(storedAt));
  headers.set(BYTES_HEADER, String(body.byteLength));
  await serial(async () => {
    const cache = await caches.open(API_CACHE);
    const entries = await loadIndex(cache);
    await cache.put(key, new Response(body, { status: response.status, statusText: response.statusText, headers }));
    entries.set(key, { key, bytes: body.byteLength, storedAt });
    for (const old of planEviction([...entries.values()], API_CACHE_LIMITS)) {
      entries.delete(old);
      await cache.delete(old);
    }
  });
}

/**
 * Network first: the server's answer when it comes (and a copy kept); with no network, the
 * last copy, marked with when it was saved so the page can say it is showing saved data.
 * A slow network is waited for: a fresh answer beats an old one.
 */
export async function networkFirstRead(event: FetchEvent): Promise<Response> {
  const key = await cacheKey(event.request);
  try {
    const response = await fetch(event.request);
    if (response.ok) event.waitUntil(store(key, response.clone()).catch((error: unknown) => console.warn('api cache write failed', error)));
    return response;
  } catch (error) {
    const saved = await caches.match(key, { cacheName: API_CACHE });
    if (saved) return saved;
    throw error;
  }
}

/**
 * Asks a read again from the worker and keeps its copy: the reads a page made before this worker
 * controlled it (its first visit). The page's own data stays as it is; nothing on screen redraws.
 */
export async function saveRead(request: Request): Promise<void> {
  const response = await fetch(request);
  if (response.ok) await store(await cacheKey(request), response);
}

/** Sign-out, sign-in or a tester's button: nothing of the last session's reads stays on the device. */
export function clearApiCache(): Promise<void> {
  return serial(async () => {
    index = new Map();
    await caches.delete(API_CACHE);
  });
}

export async function apiCacheTotals(): Promise<{ entries: number; bytes: number }> {
  return serial(async () => cacheTotals((await loadIndex(await caches.open(API_CACHE))).values()));
}
