import { createListenerMiddleware } from '@reduxjs/toolkit';
import { signedIn, signedOut, type AuthState } from '../../session/session-slice';
import { sendWaiting } from './chat-send';
import { outboxRestored, type ChatThreadsState } from './chat-thread-slice';
import type { ChatsApiState } from './chats-api';
import { forgetOutbox, readOutbox, writeOutbox } from './outbox-storage';

/**
 * Keeps the chat outbox in the browser as it changes (outbox-storage.ts), brings a person's kept
 * outbox back when they sign in (and sends it if the network is there), and forgets it when they
 * sign out on purpose. A session the server ended keeps it: the person signs in again and it goes.
 */
export const chatOutboxListeners = createListenerMiddleware();

type OutboxState = ChatsApiState & { auth: AuthState; chatThreads: ChatThreadsState };
const listen = chatOutboxListeners.startListening.withTypes<OutboxState>();

listen({
  predicate: (_action, current, previous) => current.chatThreads !== previous.chatThreads && current.auth.userId !== null && current.auth.userId === previous.auth.userId,
  effect: (_action, { getState }) => {
    const { auth, chatThreads } = getState();
    if (auth.userId !== null) writeOutbox(auth.userId, chatThreads);
  },
});

listen({
  actionCreator: signedIn,
  effect: async (action, { dispatch }) => {
    const kept = readOutbox(action.payload.userId);
    if (!Object.keys(kept.threads).length) return;
    dispatch(outboxRestored(kept));
    if (typeof navigator === 'undefined' || navigator.onLine) await dispatch(sendWaiting());
  },
});

listen({
  actionCreator: signedOut,
  effect: (_action, { getOriginalState }) => {
    const userId = getOriginalState().auth.userId;
    if (userId !== null) forgetOutbox(userId);
  },
});
