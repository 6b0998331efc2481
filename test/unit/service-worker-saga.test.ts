import { runSaga } from 'redux-saga';
import { checkForUpdates, UPDATE_CHECK_MS } from '../../src/sagas/service-worker.saga';

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
