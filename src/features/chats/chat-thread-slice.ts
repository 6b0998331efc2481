import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AttachmentResource, ChatMessageEvent } from '../../../shared/api/chats';
import type { PendingMessage, ThreadMessage } from '../../components/chat/chat-message-types';
import type { ApiErrorBody } from '../../services/api';
import type { ChatKind } from '../../components/chat/chat-send-api';
import { realtimeEventReceived } from '../../realtime/realtime-slice';
import { loggedOut, signedIn, signedOut } from '../../session/session-slice';

export type { PendingMessage, PendingStatus, ThreadMessage } from '../../components/chat/chat-message-types';

/**
 * The outbox of each conversation: messages the server does not have yet. The stored
 * history is RTK Query's (`chatHistory` in chats-api.ts); this slice never holds it.
 */
export interface ChatThread {
  pending: PendingMessage[];
  /** Which API the thread's messages go to, so a queued one can be sent with no screen open. */
  kind?: ChatKind;
}

export interface ChatThreadsState {
  threads: Record<number, ChatThread>;
}

const initialState: ChatThreadsState = { threads: {} };
const emptyThread = (): ChatThread => ({ pending: [] });

function settle(state: ChatThreadsState, chatId: number, clientId: string | null) {
  const thread = state.threads[chatId];
  if (thread && clientId) thread.pending = thread.pending.filter((item) => item.client_id !== clientId);
}

export function fromEvent(message: ChatMessageEvent): ThreadMessage {
  return {
    id: Number(message.id),
    chat_id: message.chat_id,
    client_id: message.client_id ?? null,
    sender: message.sender,
    content: message.content,
    attachments: (message.attachments ?? []) as AttachmentResource[],
    created_at: message.created_at,
    ...(message.content_truncated ? { content_truncated: true as const } : {}),
  };
}

const chatThreadSlice = createSlice({
  name: 'chatThreads',
  initialState,
  reducers: {
    sendStarted(state, action: PayloadAction<{ chatId: number; kind?: ChatKind; message: Omit<PendingMessage, 'status' | 'error'> }>) {
      const thread = (state.threads[action.payload.chatId] ??= emptyThread());
      if (action.payload.kind) thread.kind = action.payload.kind;
      const { message } = action.payload;
      const known = thread.pending.find((item) => item.client_id === message.client_id);
      if (known) {
        known.status = 'sending';
        known.error = null;
      } else {
        thread.pending.push({ ...message, status: 'sending', error: null });
      }
    },
    /** The stored copy has gone into the history (chat-send.ts puts it there first). */
    sendSucceeded(state, action: PayloadAction<{ chatId: number; message: ThreadMessage }>) {
      settle(state, action.payload.chatId, action.payload.message.client_id);
    },
    /** No answer: with `waitForNetwork` (the network is gone) it is queued, else it waits for the person's retry. */
    sendFailed(state, action: PayloadAction<{ chatId: number; clientId: string; error: ApiErrorBody | null; waitForNetwork?: boolean }>) {
      const item = state.threads[action.payload.chatId]?.pending.find((pending) => pending.client_id === action.payload.clientId);
      if (!item) return;
      item.status = action.payload.waitForNetwork ? 'waiting' : 'failed';
      item.error = action.payload.error;
    },
    /** The server refused the message itself (422, 429): it goes back into the composer instead. */
    pendingDropped(state, action: PayloadAction<{ chatId: number; clientId: string }>) {
      settle(state, action.payload.chatId, action.payload.clientId);
    },
    /** The outbox kept in the browser for the person who just signed in or reloaded (outbox-storage.ts). */
    outboxRestored(state, action: PayloadAction<ChatThreadsState>) {
      for (const [chatId, kept] of Object.entries(action.payload.threads)) {
        const thread = (state.threads[Number(chatId)] ??= emptyThread());
        thread.kind ??= kept.kind;
        for (const message of kept.pending) if (!thread.pending.some((item) => item.client_id === message.client_id)) thread.pending.push(message);
      }
    },
    threadClosed(state, action: PayloadAction<number>) {
      const thread = state.threads[action.payload];
      // Unsent messages survive leaving the page.
      if (thread && thread.pending.length === 0) delete state.threads[action.payload];
    },
  },
  extraReducers(builder) {
    // Someone else's unsent words never stay on screen (a new person's outbox is restored after).
    builder.addCase(signedIn, () => initialState);
    builder.addCase(signedOut, () => initialState);
    builder.addCase(loggedOut, () => initialState);
    // The live echo of a message sent from here (its answer may have been lost): it is stored, so no longer pending.
    builder.addCase(realtimeEventReceived, (state, action) => {
      if (action.payload.name !== 'MessageSent') return;
      const message = action.payload.payload.message as ChatMessageEvent;
      settle(state, message.chat_id, message.client_id ?? null);
    });
  },
});

export const { sendStarted, sendSucceeded, sendFailed, pendingDropped, outboxRestored, threadClosed } = chatThreadSlice.actions;
export const chatThreadsReducer = chatThreadSlice.reducer;

type WithThreads = { chatThreads: ChatThreadsState };
const EMPTY = emptyThread();
export const selectThread = (chatId: number) => (state: WithThreads) => state.chatThreads.threads[chatId] ?? EMPTY;

/** Every message queued for the network, with what sending it again needs. */
export function selectWaiting(state: Partial<WithThreads>): Array<{ chatId: number; kind: ChatKind; message: PendingMessage }> {
  return Object.entries(state.chatThreads?.threads ?? {}).flatMap(([chatId, thread]) =>
    thread.kind ? thread.pending.filter((item) => item.status === 'waiting').map((message) => ({ chatId: Number(chatId), kind: thread.kind as ChatKind, message })) : [],
  );
}
