import { buffers, channel, eventChannel, type Channel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, spawn, take, type Effect } from 'redux-saga/effects';
import type { MessagePage } from '../../shared/api/chats';
import { addMessage, chatsApi, historyStale, newestId, type ChatRef } from '../features/chats/chats-api';
import { connectionStatusChanged, selectConnectionStatus, selectOpenChatId, type ConnectionStatus } from '../realtime/realtime-slice';
import { callEndpoint, dispatchThunk } from './endpoint-call';
import { sendWaiting } from '../features/chats/chat-send';

/**
 * The open chat's catch-up: whatever was said while the socket was away (a reconnect, a tab
 * coming back, the network coming back) is fetched and merged into the history the chat view
 * shows. The server pages only backwards (`before`), so "newer than what is held" is the
 * newest page, merged by id into the newest page held; a page holding nothing already held
 * may not reach back to it, and then every loaded page is fetched again.
 */

export type CatchUpReason = 'reconnected' | 'visible' | 'online';

function browserSignals(): EventChannel<CatchUpReason> {
  return eventChannel((emit) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') emit('visible');
    };
    const onOnline = () => emit('online');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  });
}

/** The newest page, from the server and never from a cache. */
function* fetchLatestViaApi(ref: ChatRef): Generator<Effect, MessagePage, unknown> {
  return yield* callEndpoint(chatsApi.endpoints.latestMessages, ref, { fresh: true });
}

/** Injectable so saga tests run without a browser or the network. */
export const chatCatchUpDeps = {
  browserSignals: browserSignals as () => EventChannel<CatchUpReason>,
  fetchLatest: fetchLatestViaApi as (ref: ChatRef) => Generator<Effect, MessagePage, unknown>,
};

/** The open chat's history key, if its history is cached (the kind is in the key, not in `chatOpened`). */
function* openHistory(): Generator<Effect, ChatRef | null, unknown> {
  const openChatId = (yield select(selectOpenChatId)) as number | null;
  if (openChatId === null) return null;
  const cached = (yield select(chatsApi.util.selectCachedArgsForQuery, 'chatHistory')) as ChatRef[];
  return cached.find((ref) => ref.chatId === openChatId) ?? null;
}

/** One catch-up of one chat; merging is by id, so running it twice changes nothing the second time. */
export function* catchUpChat(ref: ChatRef): Generator<Effect, void, unknown> {
  // A first page still on its way may have been read before the socket listened: wait for it (this starts no request).
  const held = yield* dispatchThunk(chatsApi.endpoints.chatHistory.initiate(ref, { subscribe: false }));
  yield call([held, held.unwrap]);
  const page = (yield call(chatCatchUpDeps.fetchLatest, ref)) as MessagePage;
  let added = 0;
  let gap = false;
  yield* dispatchThunk(
    chatsApi.util.updateQueryData('chatHistory', ref, (draft) => {
      // A full page of only unseen messages may not reach back to the newest one held.
      gap = page.meta.next_cursor !== null && page.data.length > 0 && page.data[0].id > newestId(draft);
      if (gap) return;
      // Only the span the newest page held covers: anything older belongs to pages not loaded.
      const from = draft.pages[0]?.data[0]?.id ?? 0;
      for (const message of page.data) if (message.id >= from && addMessage(draft, message)) added += 1;
    }),
  );
  if (gap) yield put(historyStale(ref.chatId));
  // On screen means read, as the chat-live listener does for a message heard live.
  if (gap || added > 0) yield spawn(callEndpoint, chatsApi.endpoints.markChatRead, ref, { settle: true });
}

/** One catch-up at a time; signals meanwhile make one more run (the buffer holds one). */
export function* catchUpWorker(signals: Channel<CatchUpReason>): Generator<Effect, void, unknown> {
  while (true) {
    yield take(signals);
    const ref = (yield call(openHistory)) as ChatRef | null;
    if (!ref) continue;
    try {
      yield call(catchUpChat, ref);
    } catch (error) {
      // Offline or refused: the next reconnect, "online" or return to the tab tries again.
      console.warn('chat: catch-up failed', error);
    }
  }
}

/** Back to `connected` after any other state but the first `idle`: the socket was not listening for a while. */
export function* watchConnection(signals: Channel<CatchUpReason>): Generator<Effect, void, unknown> {
  let previous = (yield select(selectConnectionStatus)) as ConnectionStatus;
  while (true) {
    const { payload } = (yield take(connectionStatusChanged.type)) as ReturnType<typeof connectionStatusChanged>;
    if (payload === 'connected' && previous !== 'connected' && previous !== 'idle') {
      signals.put('reconnected');
      yield* dispatchThunk(sendWaiting());
    }
    previous = payload;
  }
}

function* watchBrowser(signals: Channel<CatchUpReason>): Generator<Effect, void, unknown> {
  const browser = (yield call(chatCatchUpDeps.browserSignals)) as EventChannel<CatchUpReason>;
  try {
    while (true) {
      const reason = (yield take(browser)) as CatchUpReason;
      signals.put(reason);
      // Messages queued offline go out now (not waiting for the open chat's catch-up).
      if (reason === 'online') yield* dispatchThunk(sendWaiting());
    }
  } finally {
    browser.close();
  }
}

export function* chatCatchUpSaga(): Generator<Effect, void, unknown> {
  // Messages kept from before a reload (features/chats/outbox-storage.ts) go at once if they can.
  if (typeof navigator === 'undefined' || navigator.onLine) yield* dispatchThunk(sendWaiting());
  const signals = channel<CatchUpReason>(buffers.sliding(1));
  yield fork(catchUpWorker, signals);
  yield fork(watchConnection, signals);
  yield fork(watchBrowser, signals);
}
