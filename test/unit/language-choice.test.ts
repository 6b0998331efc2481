/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { sessionListeners } from '../../src/app/session-listeners';
import { api } from '../../src/services/api';
import { languageChanged, languageReducer } from '../../src/session/language-slice';
import { authReducer } from '../../src/session/session-slice';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));
// The listener also writes the language cookie and the page's lang attribute; the page sent no first reads.
Object.assign(globalThis, { document: { cookie: '', documentElement: { lang: 'ru' }, getElementById: () => null } });

/** The requests the app makes when the language is chosen in this tab, or replayed from another. */
async function requestsAfterChoosing(userId: number | null, fromOtherTab: boolean): Promise<Array<{ method: string; url: string; body: string }>> {
  const requests: Array<{ method: string; url: string; body: string }> = [];
  const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    requests.push({ method: request.method, url: request.url, body: await request.clone().text() });
    return new Response(JSON.stringify({ data: { id: userId, locale: 'en' } }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: languageReducer }),
    preloadedState: { auth: { token: userId === null ? null : 'token', userId, notSignedIn: userId === null } },
    middleware: (defaults) => defaults().prepend(sessionListeners.middleware).concat(api.middleware),
  });
  const action = languageChanged('en');
  store.dispatch(fromOtherTab ? { ...action, meta: { fromOtherTab: true } } : action);
  // The listener runs after the dispatch; its request goes out on the next turns.
  for (let turn = 0; turn < 20 && requests.length === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  fetchMock.mockRestore();
  return requests;
}

test('a signed-in person who chooses a language tells the server, so notifications come in it', async () => {
  const requests = await requestsAfterChoosing(8, false);
  expect(requests).toHaveLength(1);
  expect(requests[0].method).toBe('PUT');
  expect(new URL(requests[0].url).pathname).toMatch(/\/profile\/locale$/);
  expect(JSON.parse(requests[0].body)).toEqual({ locale: 'en' });
});

test('a guest, or a tab replaying the choice made in another, makes no call', async () => {
  expect(await requestsAfterChoosing(null, false)).toEqual([]);
  expect(await requestsAfterChoosing(8, true)).toEqual([]);
});
