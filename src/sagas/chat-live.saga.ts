import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { put, select, takeEvery, type Effect } from 'redux-saga/effects';
import type { ChatMessageEvent } from '../../shared/api/chats';
import { chatListChanged, chatsApi } from '../features/chats/chats-api';
import { realtimeEventReceived, selectOpenChatId, type RealtimeEvent } from '../realtime/realtime-slice';

/**
 * Live chats in every tab: the list refetches on any message or read, and a
 * message landing in the chat on screen is read at once (the realtime slice
 * never counted it, and takes it off the MessagesRead that follows).
 */
export function* applyChatEvent(action: PayloadAction<RealtimeEvent & { selfId?: number | null }>): Generator<Effect, void, unknown> {
  const event = action.payload;
  if (event.name !== 'MessageSent' && event.name !== 'MessagesRead') return;
  yield put(chatListChanged() as unknown as UnknownAction);
  if (event.name !== 'MessageSent') return;
  const message = event.payload.message as ChatMessageEvent;
  if (event.selfId != null && message.sender?.id === event.selfId) return;
  const openChatId = (yield select(selectOpenChatId)) as number | null;
  if (openChatId !== message.chat_id) return;
  const kind = message.chat_kind === 'support' ? 'support' : 'direct';
  yield put(chatsApi.endpoints.markChatRead.initiate({ kind, chatId: message.chat_id }) as unknown as UnknownAction);
}

export function* chatLiveSaga() {
  yield takeEvery(realtimeEventReceived.type, applyChatEvent);
}
