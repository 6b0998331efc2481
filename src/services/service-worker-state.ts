/**
 * What a tester reads about the service worker (/pwa-test): the registration at the root, which
 * worker does what, its version and the caches. Reads only; registering, updating and taking over
 * stay with service-worker.ts and the app-update saga.
 */
export type WorkerState = ServiceWorker['state'];

export interface WorkerSnapshot {
  supported: boolean;
  /** A worker controls this page (it was loaded through it). */
  controlled: boolean;
  scope: string | null;
  active: WorkerState | null;
  waiting: WorkerState | null;
  installing: WorkerState | null;
  scriptUrl: string | null;
}

export interface CacheSize {
  name: string;
  entries: number;
  bytes: number;
}

const supported = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export async function rootRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

export async function readWorker(): Promise<WorkerSnapshot> {
  const registration = await rootRegistration();
  const worker = registration?.active ?? registration?.waiting ?? registration?.installing ?? null;
  return {
    supported: supported(),
    controlled: supported() && navigator.serviceWorker.controller !== null,
    scope: registration?.scope ?? null,
    active: registration?.active?.state ?? null,
    waiting: registration?.waiting?.state ?? null,
    installing: registration?.installing?.state ?? null,
    scriptUrl: worker?.scriptURL ?? null,
  };
}

/**
 * The worker's version: the first 12 hex digits of the SHA-256 of its script as the server serves it
 * now. Every build changes the script (its precache list names the hashed files), so two builds never
 * share a version, and after an update check it is the version the browser installs.
 */
export async function workerVersion(scriptUrl: string): Promise<string> {
  const response = await fetch(scriptUrl, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${scriptUrl} → ${response.status}`);
  const digest = await crypto.subtle.digest('SHA-256', await response.arrayBuffer());
  return [...new Uint8Array(digest)]
    .slice(0, 6)
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('');
}

/** Asks the server for a newer worker now (the app does it every 20 s); true when one is installing or waiting. */
export async function checkForUpdate(): Promise<boolean> {
  const registration = await rootRegistration();
  if (!registration) return false;
  await registration.update();
  return registration.installing !== null || registration.waiting !== null;
}

/** Each cache the worker keeps, with its entries and their bytes. */
export async function cacheSizes(): Promise<CacheSize[]> {
  if (typeof caches === 'undefined') return [];
  const names = await caches.keys();
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      const requests = await cache.keys();
      let bytes = 0;
      for (const request of requests) {
        const response = await cache.match(request);
        if (response) bytes += (await response.blob()).size;
      }
      return { name, entries: requests.length, bytes };
    }),
  );
}

/** For a tester starting over: every cache of this origin goes (the worker fills them again). */
export async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
}

/** For a tester starting over: the worker goes; the next load registers it again. */
export async function unregisterWorker(): Promise<boolean> {
  const registration = await rootRegistration();
  return registration ? registration.unregister() : false;
}

/** Calls back when the worker's picture changes: a new worker found, a state change, a new controller. */
export function watchWorker(onChange: () => void): () => void {
  if (!supported()) return () => undefined;
  const watched = new Set<ServiceWorker>();
  let registration: ServiceWorkerRegistration | null = null;
  const watch = (worker: ServiceWorker | null) => {
    if (!worker || watched.has(worker)) return;
    watched.add(worker);
    worker.addEventListener('statechange', onChange);
  };
  const onFound = () => {
    watch(registration?.installing ?? null);
    onChange();
  };
  void navigator.serviceWorker.ready.then((ready) => {
    registration = ready;
    ready.addEventListener('updatefound', onFound);
    [ready.installing, ready.waiting, ready.active].forEach(watch);
    onChange();
  });
  navigator.serviceWorker.addEventListener('controllerchange', onChange);
  return () => {
    navigator.serviceWorker.removeEventListener('controllerchange', onChange);
    registration?.removeEventListener('updatefound', onFound);
    watched.forEach((worker) => worker.removeEventListener('statechange', onChange));
  };
}
