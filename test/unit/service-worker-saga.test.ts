import { runSaga } from 'redux-saga';
import { checkForUpdates, UPDATE_CHECK_MS, workerSignals, readsSoFar } from '../../src/sagas/service-worker.saga';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('the worker is checked for updates every 20 seconds, and a failed check does not stop the checks', async () => {
  const update = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const task = runSaga({ dispatch: () => undefined, getState: () => ({}) }, checkForUpdates, { update } as unknown as ServiceWorkerRegistration);
  await jest.advanceTimersByTimeAsync(UPDATE_CHECK_MS - 1);
  expect(update).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(update).toHaveBeenCalledTimes(1);
  await jest.advanceTimersByTimeAsync(2 * UPDATE_CHECK_MS);
  expect(update).toHaveBeenCalledTimes(3);
  expect(warn).toHaveBeenCalledTimes(1);
  task.cancel();
  warn.mockRestore();
});

/** A worker and a registration as far as the signals read them: states and their events. */
class FakeWorker extends EventTarget {
  state = 'installing';
  move(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}
function fakeRegistration(active: object | null) {
  return Object.assign(new EventTarget(), { active, installing: null as FakeWorker | null, waiting: null });
}
function signalsOf(registration: ReturnType<typeof fakeRegistration>) {
  const seen: string[] = [];
  const signals = workerSignals(registration as unknown as ServiceWorkerRegistration);
  const drain = () => signals.take((signal) => {
    seen.push(String(signal));
    drain();
  });
  drain();
  return seen;
}
function newWorker(registration: ReturnType<typeof fakeRegistration>) {
  const worker = new FakeWorker();
  registration.installing = worker;
  registration.dispatchEvent(new Event('updatefound'));
  return worker;
}

test('"installed" is said after a real first install, once the worker is active (offline works then), not when it is merely installed', () => {
  jest.useRealTimers();
  const registration = fakeRegistration(null);
  const seen = signalsOf(registration);
  const worker = newWorker(registration);
  worker.move('installed');
  expect(seen).toEqual([]);
  worker.move('activating');
  worker.move('activated');
  expect(seen).toEqual(['installed']);
});

test('a new worker beside an active one is an update, never "installed", even on a page no worker controls (a hard reload)', () => {
  jest.useRealTimers();
  const registration = fakeRegistration({});
  const seen = signalsOf(registration);
  const worker = newWorker(registration);
  worker.move('installed');
  worker.move('activating');
  worker.move('activated');
  expect(seen).toEqual(['update']);
});

test('a worker that fails to install says nothing', () => {
  jest.useRealTimers();
  const registration = fakeRegistration(null);
  const seen = signalsOf(registration);
  newWorker(registration).move('redundant');
  expect(seen).toEqual([]);
});

test('the reads a first visit made are handed to the worker once, with the headers they carried; other loads are not', () => {
  const entry = (name: string, initiatorType: string) => ({ name, initiatorType }) as PerformanceResourceTiming;
  const headers = new Headers({ 'accept-language': 'en', authorization: 'Bearer t' });
  const reads = readsSoFar(headers, [
    entry('http://localhost/v1/products/popular?per_page=8', 'fetch'),
    entry('http://localhost/v1/products/popular?per_page=8', 'fetch'),
    entry('http://localhost/v1/home/stats', 'fetch'),
    entry('http://localhost/assets/main.js', 'script'),
    entry('http://localhost/storage/images/a/600.webp', 'img'),
    entry('http://localhost/locales/ru.json', 'fetch'),
  ]);
  expect(reads).toEqual([
    { url: 'http://localhost/v1/products/popular?per_page=8', headers: { 'accept-language': 'en', authorization: 'Bearer t' } },
    { url: 'http://localhost/v1/home/stats', headers: { 'accept-language': 'en', authorization: 'Bearer t' } },
  ]);
});
