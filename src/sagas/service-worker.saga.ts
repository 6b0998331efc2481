import { eventChannel, type EventChannel } from 'redux-saga';
import { call, delay, fork, put, take, takeLeading, type Effect } from 'redux-saga/effects';
import { appInstalled, updateAccepted, updateReady } from '../features/app-update/app-update-slice';
import { toastShown } from '../features/toasts/toasts-slice';
import { activateWaitingWorker, registerServiceWorker } from '../services/service-worker';
import { formatMessage } from '../services/intl-bridge';

/** SPEC §7: the service worker is checked for updates every 20 seconds, bypassing caches. */
export const UPDATE_CHECK_MS = 20_000;

type WorkerSignal = 'installed' | 'update';

/** A worker that finished installing is a first install when no worker controlled the page, else an update. */
export function workerSignals(registration: ServiceWorkerRegistration): EventChannel<WorkerSignal> {
  return eventChannel((emit) => {
    const watch = (worker: ServiceWorker | null) => {
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') emit(navigator.serviceWorker.controller ? 'update' : 'installed');
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

function* watchWorker(registration: ServiceWorkerRegistration): Generator<Effect, void, unknown> {
  const signals = (yield call(workerSignals, registration)) as EventChannel<WorkerSignal>;
  while (true) {
    const signal = (yield take(signals)) as WorkerSignal;
    if (signal === 'installed') {
      yield put(appInstalled());
      yield put(toastShown({ kind: 'info', title: formatMessage('appUpdate.installedTitle'), body: formatMessage('appUpdate.installed') }));
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
