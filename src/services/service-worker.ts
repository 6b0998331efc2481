import type { WorkerRequest } from './offline-protocol';

/** Resolves once the page and what it started with have loaded (at once when they already have). */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Registration of the service worker at the site root (SPEC §2); failures are only logged (SPEC §8).
 * Only after the page has loaded: a first install downloads the whole app for offline use, which on a
 * phone's network would otherwise compete with the first screen's own scripts, reads and pictures.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  await pageLoaded();
  try {
    // updateViaCache 'none': the update check never reads sw.js from the HTTP cache (SPEC §7).
    return await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.error('service worker registration failed', error);
    return null;
  }
}

/** Asks the waiting worker to take over, then reloads once the new one controls the page. */
export function activateWaitingWorker(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' } satisfies WorkerRequest);
}

/** A message to the worker that controls this page; nothing when none does (first visit, development). */
export function postToWorker(request: WorkerRequest): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage(request);
}

/** A question to the controlling worker, answered on a channel of its own; null without a worker. */
export function askWorker<T>(request: WorkerRequest): Promise<T | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return Promise.resolve(null);
  const controller = navigator.serviceWorker.controller;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<T>) => resolve(event.data);
    controller.postMessage(request, [channel.port2]);
  });
}

/** Resolves once a worker controls this page (a first install claims it when it activates). */
export function whenControlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
}
