import type { ViewEvent } from '../../shared/api/seller-statistics';
import { CLIENT_ID_PATTERN, VIEWS_BATCH_MAX } from '../../shared/api/seller-statistics-values';
import { appConfig } from './app-config';
import { apiHeaders, type ApiState } from './api';

/**
 * The SPA's impressions for the sellers' statistics (issue 16 item 4): page views of product, ad
 * and store pages, and cards seen in lists. Queued here and sent in batches every few seconds and
 * when the page is hidden or left, to POST /v1/statistics/views, which only queues them too:
 * nothing here runs during a render, and nothing waits for the answer.
 *
 * Sent with `fetch(..., { keepalive: true })` rather than `navigator.sendBeacon`: a beacon cannot
 * carry headers, and the API wants its key and, for a signed-in person, the bearer token (so the
 * owner's own views are left out and a person counts once on every device). keepalive requests
 * outlive the page just as beacons do.
 */
export const IMPRESSIONS_SEND_MS = 4_000;
const CLIENT_ID_KEY = 'bazaar.viewer-id';

let queue: ViewEvent[] = [];
/** What this tab already sent today: the server counts a person once a day anyway, so repeats need not travel. */
let sent = new Set<string>();
let sentDay = '';
let timer: ReturnType<typeof setTimeout> | null = null;
let stateOf: (() => ApiState) | null = null;
let listening = false;

const keyOf = (v: ViewEvent) => `${v.kind}:${v.id}:${v.view}`;

/** A random id of this browser (localStorage), so people behind one address count apart; none when storage is blocked. */
export function clientId(): string | undefined {
  try {
    let id = localStorage.getItem(CLIENT_ID_KEY);
    if (!id || !new RegExp(CLIENT_ID_PATTERN).test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(18));
      id = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      localStorage.setItem(CLIENT_ID_KEY, id);
    }
    return id;
  } catch {
    return undefined;
  }
}

/** Sends what is queued, in batches the API accepts. */
export function sendImpressions(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!queue.length || !stateOf) return;
  const batch = queue;
  queue = [];
  const headers = apiHeaders(stateOf());
  headers.set('content-type', 'application/json');
  const client = clientId();
  for (let start = 0; start < batch.length; start += VIEWS_BATCH_MAX) {
    const body = JSON.stringify({ views: batch.slice(start, start + VIEWS_BATCH_MAX), ...(client ? { client_id: client } : {}) });
    // Statistics are best effort on the client: a lost batch (offline, the queue full) is not retried.
    fetch(`${appConfig().apiUrl}/v1/statistics/views`, { method: 'POST', headers, body, keepalive: true, credentials: 'omit' }).catch(() => undefined);
  }
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', sendImpressions);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendImpressions();
  });
}

/** Queues one impression; `state` gives the headers when the batch goes. */
export function recordImpression(view: ViewEvent, state: () => ApiState): void {
  stateOf = state;
  const today = new Date().toISOString().slice(0, 10);
  if (today !== sentDay) {
    sent = new Set();
    sentDay = today;
  }
  const key = keyOf(view);
  if (sent.has(key)) return;
  sent.add(key);
  queue.push(view);
  listen();
  timer ??= setTimeout(sendImpressions, IMPRESSIONS_SEND_MS);
}

/** Share of a card that must be on screen for it to count as seen in a list. */
export const LIST_VISIBLE_SHARE = 0.5;

let observer: IntersectionObserver | null = null;
const watched = new Map<Element, () => void>();

/** Calls `seen` once, the first time at least half of `element` is on screen; returns the unwatch. */
export function whenSeen(element: Element, seen: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting || entry.intersectionRatio < LIST_VISIBLE_SHARE) continue;
        watched.get(entry.target)?.();
        watched.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { threshold: LIST_VISIBLE_SHARE },
  );
  watched.set(element, seen);
  observer.observe(element);
  return () => {
    watched.delete(element);
    observer?.unobserve(element);
  };
}

/** Empties the queue and what was sent (tests). */
export function resetImpressions(): void {
  queue = [];
  sent = new Set();
  if (timer) clearTimeout(timer);
  timer = null;
}
