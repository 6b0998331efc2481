import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AttachmentResource, ChatMessageEvent, MessagePage } from '../../../shared/api/chats';
import type { PendingMessage, ThreadMessage } from '../../components/chat/chat-message-types';
import type { ApiErrorBody } from '../../services/api';
import { realtimeEventReceived } from '../../realtime/realtime-slice';

export type { PendingMessage, PendingStatus, ThreadMessage } from '../../components/chat/chat-message-types';

export interface ChatThread {
  messages: ThreadMessage[];
  pending: PendingMessage[];
  nextCursor: string | null;
  loaded: boolean;
}

export interface ChatThreadsState {
  threads: Record<number, ChatThread>;
}

const initialState: ChatThreadsState = { threads: {} };
const emptyThread = (): ChatThread => ({ messages: [], pending: [], nextCursor: null, loaded: false });

/** Ids grow with time, so the id order is the conversation order; a message heard twice is kept once. */
function merge(existing: ThreadMessage[], incoming: ThreadMessage[]): ThreadMessage[] {
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) {
    const known = byId.get(message.id);
    // A live copy may be truncated; the page's copy is whole.
    if (!known || known.content_truncated) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

function settle(thread: ChatThread, message: ThreadMessage) {
  thread.messages = merge(thread.messages, [message]);
  if (message.client_id) thread.pending = thread.pending.filter((item) => item.client_id !== message.client_id);
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
    /** The newest page: what the thread shows on open (older pages already loaded are kept). */
    latestLoaded(state, action: PayloadAction<{ chatId: number; page: MessagePage }>) {
      const { chatId, page } = action.payload;
      const thread = (state.threads[chatId] ??= emptyThread());
      const wasLoaded = thread.loaded;
      thread.messages = merge(thread.messages, page.data);
      if (!wasLoaded) thread.nextCursor = page.meta.next_cursor;
      thread.loaded = true;
      for (const message of page.data) if (message.client_id) thread.pending = thread.pending.filter((item) => item.client_id !== message.client_id);
    },
    earlierLoaded(state, action: PayloadAction<{ chatId: number; page: MessagePage }>) {
      const thread = state.threads[action.payload.chatId];
      if (!thread) return;
      thread.messages = merge(thread.messages, action.payload.page.data);
      thread.nextCursor = action.payload.page.meta.next_cursor;
    },
    sendStarted(state, action: PayloadAction<{ chatId: number; message: Omit<PendingMessage, 'status' | 'error'> }>) {
      const thread = (state.threads[action.payload.chatId] ??= emptyThread());
      const { message } = action.payload;
      const known = thread.pending.find((item) => item.client_id === message.client_id);
      if (known) {
        known.status = 'sending';
        known.error = null;
      } else {
        thread.pending.push({ ...message, status: 'sending', error: null });
      }
    },
    sendSucceeded(state, action: PayloadAction<{ chatId: number; message: ThreadMessage }>) {
      settle((state.threads[action.payload.chatId] ??= emptyThread()), action.payload.message);
    },
    sendFailed(state, action: PayloadAction<{ chatId: number; clientId: string; error: ApiErrorBody | null }>) {
      const item = state.threads[action.payload.chatId]?.pending.find((pending) => pending.client_id === action.payload.clientId);
      if (!item) return;
      item.status = 'failed';
      item.error = action.payload.error;
    },
    /** The server refused the message itself (422, 429): it goes back into the composer instead. */
    pendingDropped(state, action: PayloadAction<{ chatId: number; clientId: string }>) {
      const thread = state.threads[action.payload.chatId];
      if (thread) thread.pending = thread.pending.filter((item) => item.client_id !== action.payload.clientId);
    },
    threadClosed(state, action: PayloadAction<number>) {
      const thread = state.threads[action.payload];
      // Unsent messages survive leaving the page; the history is fetched again on return.
      if (thread && thread.pending.length === 0) delete state.threads[action.payload];
    },
  },
  extraReducers(builder) {
    builder.addCase(realtimeEventReceived, (state, action) => {
      if (action.payload.name !== 'MessageSent') return;
      const message = action.payload.payload.message as ChatMessageEvent;
      const thread = state.threads[message.chat_id];
      if (thread?.loaded) settle(thread, fromEvent(message));
    });
  },
});

export const { latestLoaded, earlierLoaded, sendStarted, sendSucceeded, sendFailed, pendingDropped, threadClosed } = chatThreadSlice.actions;
export const chatThreadsReducer = chatThreadSlice.reducer;

type WithThreads = { chatThreads: ChatThreadsState };
const EMPTY = emptyThread();
export const selectThread = (chatId: number) => (state: WithThreads) => state.chatThreads.threads[chatId] ?? EMPTY;
