import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { ChatMessageEvent } from '../../../shared/api/chats';
import { realtimeEventReceived, selectOpenChatId, type RealtimeState } from '../../realtime/realtime-slice';
import { api } from '../../services/api';
import { chatListChanged, chatsApi, historyMessageAdded } from './chats-api';
import { fromEvent } from './chat-thread-slice';

/**
 * Live chats in every tab: the list refetches on any message or read, a message
 * joins its conversation's history if that is loaded (once, however often it is
 * heard), and a message landing in the chat on screen is read at once (the
 * realtime slice never counted it, and takes it off the MessagesRead that follows).
 * Nothing here waits, so it is a listener, not a saga.
 */
export const chatLiveListeners = createListenerMiddleware();

type ChatLiveState = { realtime: RealtimeState; [api.reducerPath]: ReturnType<typeof api.reducer> };

chatLiveListeners.startListening.withTypes<ChatLiveState>()({
  actionCreator: realtimeEventReceived,
  effect: (action, { dispatch, getState }) => {
    const event = action.payload;
    if (event.name !== 'MessageSent' && event.name !== 'MessagesRead') return;
    dispatch(chatListChanged());
    if (event.name !== 'MessageSent') return;
    const message = event.payload.message as ChatMessageEvent;
    const kind = message.chat_kind === 'support' ? 'support' : 'direct';
    // Mine too: sent from another tab, or from this one with the answer lost.
    dispatch(historyMessageAdded({ kind, chatId: message.chat_id }, fromEvent(message)));
    if (event.selfId != null && message.sender?.id === event.selfId) return;
    if (selectOpenChatId(getState()) !== message.chat_id) return;
    // Untracked: the read leaves nothing in the store, and a failure changes nothing on screen.
    void dispatch(chatsApi.endpoints.markChatRead.initiate({ kind, chatId: message.chat_id }, { track: false }));
  },
});
