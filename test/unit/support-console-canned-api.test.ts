/**
 * @jest-environment node
 */
// Node, not jsdom: RTK Query's fetchBaseQuery needs the platform's Request and Response.
import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { supportConsoleApi } from '../../src/features/support-console/support-console-api';
import { api } from '../../src/services/api';
import { AGENT_ID, createFakeServer, SHORTCUT_TAKEN, type FakeServer } from './support-console-fake-server';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

let server: FakeServer;

beforeEach(() => {
  server = createFakeServer(7);
  server.canned.create({ shortcut: 'привет', title: 'Приветствие', content: 'Здравствуйте! Меня зовут {имя}.' });
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => server.answer(input as Request)) as typeof fetch;
});

/** A store whose `/` picker (the console's cannedReplies query) is on screen. */
async function consoleWithPicker() {
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: (state = { token: 'token', userId: AGENT_ID }) => state,
      language: (state = { current: 'ru' }) => state,
    }),
    middleware: (d) => d().concat(api.middleware),
  });
  store.dispatch(supportConsoleApi.endpoints.cannedReplies.initiate() as unknown as UnknownAction);
  await settle();
  const picker = () => supportConsoleApi.endpoints.cannedReplies.select()(store.getState() as never).data?.map((reply) => `/${reply.shortcut} ${reply.title}`);
  const run = <T>(action: unknown) => store.dispatch(action as UnknownAction) as unknown as Promise<T>;
  return { picker, run };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
type Outcome = { data?: { id: number }; error?: { status: number; data: { errors?: Record<string, string[]> } } };

test('what staff add, change and delete reaches the console picker at once, and the list is fetched again', async () => {
  const { picker, run } = await consoleWithPicker();
  expect(picker()).toEqual(['/привет Приветствие']);

  const added = await run<Outcome>(supportConsoleApi.endpoints.createCannedReply.initiate({ shortcut: ' Оплата ', title: 'Оплата картой', content: 'Попробуйте другую карту.' }));
  // The server's copy, trimmed and in lower case, is in the picker before the list comes back.
  expect(picker()).toEqual(['/оплата Оплата картой', '/привет Приветствие']);
  await settle();
  expect(server.cannedCalls).toEqual(['GET /support/canned-replies', 'POST /support/canned-replies', 'GET /support/canned-replies']);

  const id = added.data!.id;
  await run(supportConsoleApi.endpoints.updateCannedReply.initiate({ id, shortcut: 'карта', title: 'Оплата картой МИР', content: 'Попробуйте карту МИР.' }));
  expect(picker()).toEqual(['/карта Оплата картой МИР', '/привет Приветствие']);
  await settle();
  expect(server.cannedCalls.slice(3)).toEqual([`PATCH /support/canned-replies/${id}`, 'GET /support/canned-replies']);

  await run(supportConsoleApi.endpoints.deleteCannedReply.initiate(id));
  expect(picker()).toEqual(['/привет Приветствие']);
  await settle();
  expect(server.cannedCalls.slice(5)).toEqual([`DELETE /support/canned-replies/${id}`, 'GET /support/canned-replies']);
  expect(picker()).toEqual(['/привет Приветствие']);
});

test('a taken shortcut is refused on its field, and the list comes back with what another agent added', async () => {
  const { picker, run } = await consoleWithPicker();
  // Another agent took the shortcut after this list was loaded.
  server.canned.create({ shortcut: 'код', title: 'Не приходит код', content: 'Проверьте папку «Спам».' });
  const refused = await run<Outcome>(supportConsoleApi.endpoints.createCannedReply.initiate({ shortcut: 'КОД', title: 'Код', content: 'Код придёт через минуту.' }));
  expect(refused.error).toMatchObject({ status: 422, data: { errors: { shortcut: [SHORTCUT_TAKEN] } } });
  await settle();
  expect(picker()).toEqual(['/код Не приходит код', '/привет Приветствие']);
});
