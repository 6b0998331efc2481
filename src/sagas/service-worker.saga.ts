import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, select, take, takeLeading, type Effect } from 'redux-saga/effects';
import { appInstalled, updateAccepted, updateReady } from '../features/app-update/app-update-slice';
import { activateWaitingWorker, postToWorker, registerServiceWorker, whenControlled } from '../services/service-worker';
import { apiHeaders, type ApiState } from '../services/api';
import type { SavedRead } from '../services/offline-protocol';

/** SPEC §7: the service worker is checked for updates every 20 seconds, bypassing caches. */
export const UPDATE_CHECK_MS = 20_000;

type WorkerSignal = 'installed' | 'update';

/**
 * What a new worker means, decided when it appears: with a worker already active it is an
 * update (said once it is installed and waiting); with none it is the first install, said only
 * once it is active, so "works offline" is true when the person reads it. Whether a worker
 * controls the page says nothing here: a hard reload leaves the page uncontrolled.
 */
export function workerSignals(registration: ServiceWorkerRegistration): EventChannel<WorkerSignal> {
  return eventChannel((emit) => {
    const watch = (worker: ServiceWorker | null) => {
      if (!worker) return;
      const isUpdate = registration.active !== null;
      worker.addEventListener('statechange', () => {
        if (isUpdate && worker.state === 'installed') emit('update');
        if (!isUpdate && worker.state === 'activated') emit('installed');
      });
    };
    const onFound = () => watch(registration.installing);
    registration.addEventListener('updatefound', onFound);
    if (registration.waiting && navigator.serviceWorker.controller) setTimeout(() => emit('update'), 0);
    return () => registration.removeEventListener('updatefound', onFound);
  });
}

export function* checkForUpdates(registration: ServiceWorkerRegistration): Generator<Effect, void, unknown> {
  while (true) {
    yield delay(UPDATE_CHECK_MS);
    try {
      yield call([registration, registration.update]);
    } catch (error) {
      // Offline or the server restarting: the next check will do.
      console.warn('service worker update check failed', error);
    }
  }
}

/** The API reads this page has made (the browser's resource timing lists them), with the headers they carried. */
export function readsSoFar(headers: Headers, entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[]): SavedRead[] {
  const sent = Object.fromEntries(headers.entries());
  const urls = entries.filter((entry) => entry.initiatorType === 'fetch' && new URL(entry.name).pathname.startsWith('/v1/')).map((entry) => entry.name);
  return [...new Set(urls)].map((url) => ({ url, headers: sent }));
}

function* watchWorker(registration: ServiceWorkerRegistration): Generator<Effect, void, unknown> {
  const signals = (yield call(workerSignals, registration)) as EventChannel<WorkerSignal>;
  while (true) {
    const signal = (yield take(signals)) as WorkerSignal;
    if (signal === 'installed') {
      // The page open now was loaded before the worker: it is saved too, and the worker asks its reads
      // again itself (asking them through the store would redraw the whole screen for nothing).
      yield call(whenControlled);
      postToWorker({ type: 'PAGE_OPENED', path: window.location.pathname });
      const headers = apiHeaders((yield select()) as ApiState);
      postToWorker({ type: 'SAVE_READS', reads: readsSoFar(headers) });
      yield put(appInstalled());
    } else {
      yield put(updateReady());
    }
  }
}

export function* serviceWorkerSaga(): Generator<Effect, void, unknown> {
  // Only production builds have a worker; the dev server reloads by itself.
  if (process.env.NODE_ENV !== 'production') return;
  const registration = (yield call(registerServiceWorker)) as ServiceWorkerRegistration | null;
  if (!registration) return;
  yield fork(watchWorker, registration);
  yield fork(checkForUpdates, registration);
  yield takeLeading(updateAccepted.type, function* accept() {
    yield call(activateWaitingWorker, registration);
  });
}
