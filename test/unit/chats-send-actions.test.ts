import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import configureMockStore from 'redux-mock-store';
import { sendChatMessage } from '../../src/features/chats/chat-send';
import { pendingDropped, sendFailed, sendStarted, sendSucceeded } from '../../src/features/chats/chat-thread-slice';

/**
 * The subject here is the sequence of actions a send dispatches, so the store is
 * redux-mock-store (it records, it does not reduce); the request itself is stood in for
 * by what RTK Query's mutation resolves to. chats-send-queue.test.ts runs the same flow
 * against a real store and transport.
 */
let mockResult: { data?: unknown; error?: unknown } = {};
jest.mock('../../src/components/chat/chat-send-api', () => ({
  chatSendApi: { endpoints: { sendMessage: { initiate: () => () => Promise.resolve(mockResult) } } },
}));

const thunks: Middleware = (api) => (next) => (action) => (typeof action === 'function' ? action(api.dispatch, api.getState) : next(action));
// redux-mock-store is typed against redux 4; the middleware is the plain thunk one.
const mockStore = configureMockStore<unknown, UnknownAction>([thunks as never]);

const CLIENT_ID = '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';
const request = { kind: 'direct' as const, chatId: 9, clientId: CLIENT_ID, content: 'Is it available?', files: [] };
const stored = { id: 2, chat_id: 9, client_id: CLIENT_ID, sender: { id: 1, name: 'Anna', image: null }, content: 'Is it available?', attachments: [], created_at: '2026-01-01T10:00:00.000Z' };

async function typesDispatchedFor(result: typeof mockResult) {
  mockResult = result;
  const store = mockStore({});
  const outcome = await store.dispatch(sendChatMessage(request) as never);
  return { types: store.getActions().map((action) => action.type), actions: store.getActions(), outcome };
}

test('a send shows the message as sending first, then puts the stored message in its place', async () => {
  const { types, actions, outcome } = await typesDispatchedFor({ data: stored });
  expect(types).toEqual([sendStarted.type, sendSucceeded.type]);
  expect(actions[0].payload).toMatchObject({ chatId: 9, message: { client_id: CLIENT_ID, content: 'Is it available?' } });
  expect(actions[1].payload).toEqual({ chatId: 9, message: stored });
  expect(outcome).toEqual({ status: 'sent' });
});

test('a lost connection marks the message failed and keeps it for a retry', async () => {
  const { types, outcome } = await typesDispatchedFor({ error: { status: 'FETCH_ERROR', error: 'network down' } });
  expect(types).toEqual([sendStarted.type, sendFailed.type]);
  expect(outcome).toEqual({ status: 'failed' });
});

test('a refusal takes the message off the thread: nothing is left pending and the composer gets the message back', async () => {
  const body = { message: 'The given data was invalid.', errors: { content: ['Too long.'] } };
  const { types, outcome } = await typesDispatchedFor({ error: { status: 422, data: body } });
  expect(types).toEqual([sendStarted.type, pendingDropped.type]);
  expect(outcome).toEqual({ status: 'refused', error: body });
});
