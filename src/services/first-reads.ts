import { readSession } from './cookies';

/**
 * The API reads the server sent inside the page (`<script id="first-reads">`, server/plugins/spa.ts):
 * the first screen draws from them instead of asking after the bundle has run, which on a phone's
 * network is most of the wait for the largest picture. Each is used once, by the first GET of the
 * same path made soon after load; anything else goes to the network as usual. A guest's page has
 * public reads, taken by requests without a session; a signed-in page's block (`data-session`) was
 * answered as that session, and only requests carrying the same session take it.
 */
const FRESH_FOR_MS = 15_000;

let reads: Map<string, string> | null = null;
/** Every path the page came with, used or not. */
let cameWith: string[] = [];
/** The paths whose answers came from the page. */
const takenFromPage = new Set<string>();
let loadedAt = 0;
/** The authorization the page's reads were made for: none (a guest's), or the session the page was asked with. */
let madeFor: string | null = null;

function embedded(): Map<string, string> {
  if (reads) return reads;
  reads = new Map();
  loadedAt = Date.now();
  const element = typeof document !== 'undefined' ? document.getElementById('first-reads') : null;
  try {
    const given = element?.textContent ? (JSON.parse(element.textContent) as Record<string, unknown>) : {};
    for (const [path, body] of Object.entries(given)) reads.set(path, JSON.stringify(body));
    cameWith = [...reads.keys()];
    if (element?.hasAttribute('data-session')) {
      const session = readSession();
      // Signed out since the page was made: nobody's requests take them.
      madeFor = session ? `Bearer ${session.token}` : 'nobody';
    }
  } catch {
    // A page without (or with a broken) block simply asks the network.
  }
  return reads;
}

/** The paths the page came with (the service worker saves them for offline like the reads the page made itself). */
export const firstReadPaths = (): string[] => (embedded(), cameWith);

/** The answer the page came with for this request, once; null when the network must be asked. */
export function takeFirstRead(request: Request): Response | null {
  const available = embedded();
  if (!available.size || request.method !== 'GET' || (request.headers.get('authorization') ?? null) !== madeFor || Date.now() - loadedAt > FRESH_FOR_MS) return null;
  const url = new URL(request.url, typeof location !== 'undefined' ? location.href : 'http://localhost');
  const key = url.pathname + url.search;
  const body = available.get(key);
  if (body === undefined) return null;
  available.delete(key);
  takenFromPage.add(key);
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

/**
 * When the answer to `path` came with the page: the window, on this device's clock, in which the
 * server made it, from the page's request to its first byte. Its `server_time` is that old: timed
 * around the read itself (no round trip at all), a clock measured from it would be off by however
 * long the page took to arrive and start, seconds on a slow phone. Null for an answer from the network.
 */
export function pageAnswerWindow(path: string): { sentAt: number; receivedAt: number } | null {
  if (!takenFromPage.has(path) || typeof performance === 'undefined') return null;
  const [page] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!page || !page.responseStart) return null;
  return { sentAt: performance.timeOrigin + page.requestStart, receivedAt: performance.timeOrigin + page.responseStart };
}
