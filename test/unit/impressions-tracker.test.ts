import { IMPRESSIONS_SEND_MS, recordImpression, resetImpressions, sendImpressions } from '../../src/services/impressions';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test', apiKey: 'key-1' }) }));

const state = (token: string | null) => () => ({ auth: { token }, language: { current: 'en' } });
type FetchCall = [string, RequestInit];
const fetchMock = jest.fn<Promise<Response>, FetchCall>(async () => new Response(null, { status: 202 }));

beforeEach(() => {
  jest.useFakeTimers();
  resetImpressions();
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as typeof fetch;
});
afterEach(() => jest.useRealTimers());

const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body as string));

test('impressions wait for the batch; a repeat in the same tab and day is not sent again', () => {
  recordImpression({ kind: 'product', id: 1, view: 'list' }, state('t-1'));
  recordImpression({ kind: 'product', id: 1, view: 'list' }, state('t-1'));
  recordImpression({ kind: 'product', id: 1, view: 'page' }, state('t-1'));
  expect(fetchMock).not.toHaveBeenCalled();
  jest.advanceTimersByTime(IMPRESSIONS_SEND_MS);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('http://api.test/v1/statistics/views');
  expect(init).toMatchObject({ method: 'POST', keepalive: true });
  const headers = init.headers as Headers;
  expect(headers.get('authorization')).toBe('Bearer t-1');
  expect(headers.get('x-api-key')).toBe('key-1');
  expect(sentBodies()[0].views).toEqual([
    { kind: 'product', id: 1, view: 'list' },
    { kind: 'product', id: 1, view: 'page' },
  ]);
  expect(sentBodies()[0].client_id).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
});

test('leaving the page sends at once; a long queue goes in batches the API accepts', () => {
  for (let id = 1; id <= 150; id++) recordImpression({ kind: 'ad', id, view: 'list' }, state(null));
  window.dispatchEvent(new Event('pagehide'));
  expect(sentBodies().map((b) => b.views.length)).toEqual([100, 50]);
  expect((fetchMock.mock.calls[0][1].headers as Headers).get('authorization')).toBeNull();
  sendImpressions();
  expect(fetchMock).toHaveBeenCalledTimes(2);
});
