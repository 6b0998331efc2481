import { worthRetrying } from '../../server/modules/realtime/publisher';

test('a publish is retried when it surely did not arrive, never after a timeout', () => {
  expect(worthRetrying(new Error('connect ECONNREFUSED 127.0.0.1:6001'))).toBe(true);
  expect(worthRetrying({ status: 503 })).toBe(true);
  expect(worthRetrying({ status: 429 })).toBe(true);
  expect(worthRetrying({ status: 401 })).toBe(false);
  expect(worthRetrying({ status: 413 })).toBe(false);
  expect(worthRetrying({ error: { name: 'AbortError' } })).toBe(false);
});
