import { isSafeToRepeat, shouldRetry } from '../../src/services/retry-policy';

test('only the statuses of SPEC §9 are retried', () => {
  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) expect(shouldRetry({ status, data: {} }, '/x', 1)).toBe(true);
  for (const status of [400, 401, 403, 404, 413, 422]) expect(shouldRetry({ status, data: {} }, '/x', 1)).toBe(false);
});

test('a POST is repeated only when it carries an idempotency key', () => {
  const error = { status: 503, data: {} } as const;
  expect(shouldRetry(error, { url: '/orders', method: 'POST' }, 1)).toBe(false);
  expect(shouldRetry(error, { url: '/orders', method: 'POST', headers: { 'Idempotency-Key': 'k' } }, 1)).toBe(true);
  expect(isSafeToRepeat({ url: '/x', method: 'DELETE' })).toBe(true);
});

test('network failures of safe calls are retried, at most three times', () => {
  const error = { status: 'FETCH_ERROR', error: 'offline' } as const;
  expect(shouldRetry(error, '/profile', 3)).toBe(true);
  expect(shouldRetry(error, '/profile', 4)).toBe(false);
});
