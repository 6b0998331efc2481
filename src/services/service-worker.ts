/** Registration of the service worker at the site root (SPEC §2); failures are only logged (SPEC §8). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
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
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
