/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { NotificationResource } from '../../shared/api/notifications';
import { notificationsApi } from '../../src/features/notifications/notifications-api';
import { api } from '../../src/services/api';

// Node's Request wants an absolute URL; the page would give the API's origin.
jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const item = (id: number, read_at: string | null = null): NotificationResource => ({
  id,
  type: 'announcement',
  title: `Notice ${id}`,
  body: '',
  data: {},
  read_at,
  created_at: '2025-01-01T00:00:00.000Z',
});

const PAGES: Record<string, NotificationResource[]> = { '1': [item(3), item(2)], '2': [item(1, '2024-12-31T00:00:00.000Z')] };

let answer: (request: Request) => Promise<Response>;
const pages = async (request: Request) => {
  const page = new URL(request.url).searchParams.get('page') ?? '1';
  return json(200, { data: PAGES[page], meta: { current_page: Number(page), per_page: 2, total: 3, last_page: 2 } });
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  answer = pages;
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => answer(input as Request)) as typeof fetch;
});

async function storeWithPages() {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: (state = { token: 'token' }) => state,
      language: (state = { current: 'en' }) => state,
    }),
    middleware: (d) => d().concat(api.middleware),
  });
  await store.dispatch(notificationsApi.endpoints.notifications.initiate(1));
  await store.dispatch(notificationsApi.endpoints.notifications.initiate(2));
  const readAt = (page: number) => notificationsApi.endpoints.notifications.select(page)(store.getState()).data?.data.map((n) => n.read_at);
  return { store, readAt };
}

function deferred() {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

test('pages are asked for with page and per_page', async () => {
  await storeWithPages();
  const urls = (globalThis.fetch as jest.Mock).mock.calls.map(([request]) => (request as Request).url);
  expect(urls).toEqual([expect.stringMatching(/\/v1\/notifications\?page=1&per_page=20$/), expect.stringMatching(/\/v1\/notifications\?page=2&per_page=20$/)]);
});

test('marking one read shows at once, then takes the server time', async () => {
  const { store, readAt } = await storeWithPages();
  const pending = deferred();
  answer = () => pending.promise;
  const done = store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate(2));
  await Promise.resolve();
  expect(readAt(1)).toEqual([null, expect.any(String)]);
  pending.resolve(json(200, { data: item(2, '2025-02-02T10:00:00.000Z') }));
  await done;
  expect(readAt(1)).toEqual([null, '2025-02-02T10:00:00.000Z']);
  const patch = (globalThis.fetch as jest.Mock).mock.calls.at(-1)![0] as Request;
  expect([patch.method, new URL(patch.url).pathname]).toEqual(['PATCH', '/v1/notifications/2/read']);
});

test('a refused mark-read is undone', async () => {
  const { store, readAt } = await storeWithPages();
  answer = async () => json(404, { message: 'Not found.' });
  await store.dispatch(notificationsApi.endpoints.markNotificationRead.initiate(3));
  expect(readAt(1)).toEqual([null, null]);
});

test('mark all read touches every loaded page and is undone on failure', async () => {
  const { store, readAt } = await storeWithPages();
  answer = async () => json(200, { data: { count: 2 } });
  await store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
  expect(readAt(1)).toEqual([expect.any(String), expect.any(String)]);
  expect(readAt(2)).toEqual(['2024-12-31T00:00:00.000Z']);

  answer = pages;
  const second = await storeWithPages();
  answer = async () => json(403, { message: 'Forbidden.' });
  await second.store.dispatch(notificationsApi.endpoints.markAllNotificationsRead.initiate());
  expect(second.readAt(1)).toEqual([null, null]);
});
