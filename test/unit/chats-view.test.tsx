import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { ChatMessageResource, MessagePage } from '../../shared/api/chats';
import { ChatView } from '../../src/features/chats/chat-view';
import { chatThreadsReducer, sendFailed, sendStarted } from '../../src/features/chats/chat-thread-slice';
import { connectionStatusChanged, realtimeReducer } from '../../src/realtime/realtime-slice';
import { renderScreen } from './support/render';

// The view is tested against the hooks' contract; the cache it reads is tested in
// chats-history-cache.test.ts and chats-catch-up-saga.test.ts.
let mockHistory: { data?: { pages: MessagePage[] }; hasNextPage: boolean; isFetchingNextPage: boolean; error?: unknown };
const mockFetchNextPage = jest.fn();
const mockRefetch = jest.fn();
const mockMarkRead = jest.fn();
const mockSend = jest.fn();
jest.mock('../../src/features/chats/chats-api', () => ({
  useChatHistoryInfiniteQuery: () => ({ ...mockHistory, fetchNextPage: mockFetchNextPage, refetch: mockRefetch }),
  useMarkChatReadMutation: () => [mockMarkRead],
}));
jest.mock('../../src/features/chats/chat-send', () => ({
  sendChatMessage: (request: unknown) => () => {
    mockSend(request);
    return Promise.resolve({ status: 'sent' });
  },
}));

const CLIENT_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';
const message = (id: number, extra: Partial<ChatMessageResource> = {}): ChatMessageResource => ({
  id,
  chat_id: 9,
  client_id: null,
  sender: { id: id % 2 ? 2 : 1, name: id % 2 ? 'Boris' : 'Anna', image: null },
  content: `Message ${id}`,
  attachments: [],
  created_at: '2026-01-01T10:00:00.000Z',
  ...extra,
});
const page = (ids: number[], cursor: string | null): MessagePage => ({ data: ids.map((id) => message(id)), meta: { next_cursor: cursor } });

function renderView() {
  const store = configureStore({
    reducer: combineReducers({ chatThreads: chatThreadsReducer, realtime: realtimeReducer, auth: (state = { token: 't', userId: 1 }) => state }),
  });
  const view = renderScreen(
    <Provider store={store}>
      <ChatView kind="direct" chatId={9} title="Boris" />
    </Provider>,
  );
  return { store, view };
}
const shown = () => Array.from(document.querySelectorAll('.chat-messages li')).map((item) => item.textContent ?? '');

beforeEach(() => {
  mockHistory = { data: { pages: [page([3, 4], '3'), page([1, 2], null)] }, hasNextPage: true, isFetchingNextPage: false };
  for (const mock of [mockFetchNextPage, mockRefetch, mockMarkRead, mockSend]) mock.mockClear();
});

test('pages arrive newest first and show oldest first; "load earlier" asks for the next page while there is one', () => {
  renderView();
  const texts = shown().filter((text) => text.includes('Message'));
  expect(texts.map((text) => text.match(/Message \d/)?.[0])).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']);
  fireEvent.click(screen.getByTestId('chat-load-earlier'));
  expect(mockFetchNextPage).toHaveBeenCalledTimes(1);
});

test('no "load earlier" at the start of the history; while a page loads the control says so', () => {
  mockHistory = { ...mockHistory, hasNextPage: false };
  const { store, view } = renderView();
  expect(screen.queryByTestId('chat-load-earlier')).toBeNull();
  mockHistory = { ...mockHistory, hasNextPage: true, isFetchingNextPage: true };
  view.rerender(
    <Provider store={store}>
      <ChatView kind="direct" chatId={9} title="Boris" />
    </Provider>,
  );
  expect((screen.getByTestId('chat-load-earlier') as HTMLButtonElement).disabled).toBe(true);
});

test('opening says which chat is open and reads it once loaded; leaving says none is', () => {
  const { store, view } = renderView();
  expect(store.getState().realtime.openChatId).toBe(9);
  expect(mockMarkRead).toHaveBeenCalledWith({ kind: 'direct', chatId: 9 });
  view.unmount();
  expect(store.getState().realtime.openChatId).toBeNull();
});

test('a reconnect is not the view\'s business: it fetches nothing (the catch-up saga does)', () => {
  const { store } = renderView();
  act(() => {
    store.dispatch(connectionStatusChanged('reconnecting'));
    store.dispatch(connectionStatusChanged('connected'));
  });
  expect(mockRefetch).not.toHaveBeenCalled();
  expect(mockFetchNextPage).not.toHaveBeenCalled();
});

test('an unsent message shows after the history, a failed one retries with its client id, and a stored copy replaces it', () => {
  const { store, view } = renderView();
  act(() => {
    store.dispatch(sendStarted({ chatId: 9, message: { client_id: CLIENT_ID, content: 'Still there?', files: [], created_at: '2026-01-01T10:00:00.000Z' } }));
    store.dispatch(sendFailed({ chatId: 9, clientId: CLIENT_ID, error: null }));
  });
  expect(shown().at(-1)).toContain('Still there?');
  const retry = document.querySelector('.chat-messages li:last-child button') as HTMLButtonElement;
  fireEvent.click(retry);
  expect(mockSend).toHaveBeenCalledWith(expect.objectContaining({ kind: 'direct', chatId: 9, clientId: CLIENT_ID, content: 'Still there?' }));

  // The first attempt had reached the server: once the history holds it, it shows once.
  mockHistory = { ...mockHistory, data: { pages: [{ ...page([3, 4], '3'), data: [...page([3, 4], '3').data, message(5, { client_id: CLIENT_ID, content: 'Still there?' })] }, page([1, 2], null)] } };
  view.rerender(
    <Provider store={store}>
      <ChatView kind="direct" chatId={9} title="Boris" />
    </Provider>,
  );
  expect(shown().filter((text) => text.includes('Still there?'))).toHaveLength(1);
});

test('an empty conversation says so', () => {
  mockHistory = { data: { pages: [page([], null)] }, hasNextPage: false, isFetchingNextPage: false };
  renderView();
  expect(screen.getByText('No messages yet', { exact: false })).toBeTruthy();
});
