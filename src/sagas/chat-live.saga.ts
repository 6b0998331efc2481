import type { PayloadAction } from '@reduxjs/toolkit';
import { put, select, spawn, takeEvery, type Effect } from 'redux-saga/effects';
import type { ChatMessageEvent } from '../../shared/api/chats';
import { chatListChanged, chatsApi, historyMessageAdded } from '../features/chats/chats-api';
import { fromEvent } from '../features/chats/chat-thread-slice';
import { realtimeEventReceived, selectOpenChatId, type RealtimeEvent } from '../realtime/realtime-slice';
import { callEndpoint } from './endpoint-call';

/**
 * Live chats in every tab: the list refetches on any message or read, a message
 * joins its conversation's history if that is loaded (once, however often it is
 * heard), and a message landing in the chat on screen is read at once (the
 * realtime slice never counted it, and takes it off the MessagesRead that follows).
 */
export function* applyChatEvent(action: PayloadAction<RealtimeEvent & { selfId?: number | null }>): Generator<Effect, void, unknown> {
  const event = action.payload;
  if (event.name !== 'MessageSent' && event.name !== 'MessagesRead') return;
  yield put(chatListChanged());
  if (event.name !== 'MessageSent') return;
  const message = event.payload.message as ChatMessageEvent;
  const kind = message.chat_kind === 'support' ? 'support' : 'direct';
  // Mine too: sent from another tab, or from this one with the answer lost.
  yield put(historyMessageAdded({ kind, chatId: message.chat_id }, fromEvent(message)));
  if (event.selfId != null && message.sender?.id === event.selfId) return;
  const openChatId = (yield select(selectOpenChatId)) as number | null;
  if (openChatId !== message.chat_id) return;
  yield spawn(callEndpoint, chatsApi.endpoints.markChatRead, { kind, chatId: message.chat_id }, { settle: true });
}

export function* chatLiveSaga() {
  yield takeEvery(realtimeEventReceived.type, applyChatEvent);
}
