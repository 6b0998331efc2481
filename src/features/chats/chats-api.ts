import type { ChatPage, ChatResource, MarkReadResult, MessagePage } from '../../../shared/api/chats';
import { CHATS_PER_PAGE } from '../../../shared/api/chat-values';
import type { SupportChatResource } from '../../../shared/api/support';
import type { ThreadMessage } from '../../components/chat/chat-message-types';
import { api } from '../../services/api';
import { CHAT_LIST, type ChatKind } from '../../components/chat/chat-send-api';

export const MESSAGES_PER_PAGE = 30;
/**
 * The catch-up asks for as much as the server gives in one page (MAX_MESSAGES_PAGE in
 * shared/api/chats.ts, a schema file the SPA takes only types from), so a short absence
 * never needs more than one request.
 */
export const CATCH_UP_LIMIT = 100;

/** A conversation's history is keyed by both: direct chats and support conversations live under different URLs. */
export interface ChatRef {
  kind: ChatKind;
  chatId: number;
}

const base = (kind: ChatKind) => (kind === 'support' ? '/support/chats' : '/chats');
const historyTag = (chatId: number) => ({ type: 'Message' as const, id: chatId });

export const chatsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chats: build.query<ChatPage, number>({
      query: (page) => ({ url: '/chats', params: { page, per_page: CHATS_PER_PAGE } }),
      providesTags: [CHAT_LIST],
    }),
    chat: build.query<ChatResource, number>({
      query: (id) => `/chats/${id}`,
      transformResponse: (response: { data: ChatResource }) => response.data,
      providesTags: (_result, _error, id) => [{ type: 'Chat', id }],
    }),
    supportChat: build.query<SupportChatResource, void>({
      query: () => '/support/chat',
      transformResponse: (response: { data: SupportChatResource }) => response.data,
      providesTags: [{ type: 'SupportConversation', id: 'MINE' }],
    }),
    /**
     * Pages run newest first, as in the support console: `pages[0]` is the latest page (live
     * and caught-up messages join its end), each next page is older, via the `before` cursor.
     */
    chatHistory: build.infiniteQuery<MessagePage, ChatRef, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.meta.next_cursor,
      },
      query: ({ queryArg: { kind, chatId }, pageParam }) => ({
        url: `${base(kind)}/${chatId}/messages`,
        params: { limit: MESSAGES_PER_PAGE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      providesTags: (_result, _error, { chatId }) => [historyTag(chatId)],
      // Leaving the chat drops its history; coming back reads it afresh.
      keepUnusedDataFor: 0,
    }),
    /** The newest messages, for the catch-up saga to merge into the history; never cached. */
    latestMessages: build.query<MessagePage, ChatRef>({
      query: ({ kind, chatId }) => ({ url: `${base(kind)}/${chatId}/messages`, params: { limit: CATCH_UP_LIMIT } }),
      keepUnusedDataFor: 0,
    }),
    markChatRead: build.mutation<MarkReadResult, ChatRef>({
      query: ({ kind, chatId }) => ({ url: `${base(kind)}/${chatId}/mark-as-read`, method: 'POST' }),
      transformResponse: (response: { data: MarkReadResult }) => response.data,
      invalidatesTags: [CHAT_LIST],
    }),
  }),
});

export const { useChatsQuery, useChatQuery, useSupportChatQuery, useChatHistoryInfiniteQuery, useMarkChatReadMutation } = chatsApi;

/** The store as the history's cache updates see it (a feature does not know the app's whole state). */
export type ChatsApiState = Parameters<ReturnType<typeof chatsApi.endpoints.chatHistory.select>>[0];

/** For the realtime layer: a message or a read elsewhere changes the list's order and counts. */
export const chatListChanged = () => chatsApi.util.invalidateTags([CHAT_LIST, { type: 'SupportConversation', id: 'MINE' }]);

type HistoryDraft = { pages: MessagePage[] };

/**
 * One message into the history, once: a message already held by id, or by the client id its
 * sender gave it (a send's answer and its live echo), is not added again. Ids grow with time,
 * so the id order is the conversation order. Returns whether it was new.
 */
export function addMessage(draft: HistoryDraft, message: ThreadMessage): boolean {
  if (draft.pages.length === 0) return false;
  for (const page of draft.pages) {
    const index = page.data.findIndex((item) => item.id === message.id || (message.client_id != null && item.client_id === message.client_id));
    if (index < 0) continue;
    // A live copy may be cut short; a whole copy replaces it, never the other way round.
    if ((page.data[index] as ThreadMessage).content_truncated && !message.content_truncated) page.data[index] = message;
    return false;
  }
  const newest = draft.pages[0].data;
  newest.push(message);
  newest.sort((a, b) => a.id - b.id);
  return true;
}

/** The newest id held, or 0 for an empty history. */
export function newestId(draft: HistoryDraft): number {
  const newest = draft.pages[0]?.data;
  return newest?.length ? newest[newest.length - 1].id : 0;
}

/** Puts one message into the history of its conversation, if that history is cached. */
export const historyMessageAdded = (ref: ChatRef, message: ThreadMessage) =>
  chatsApi.util.updateQueryData('chatHistory', ref, (draft) => {
    addMessage(draft, message);
  });

/** Fetches every loaded page again: the catch-up's answer to a gap wider than one page. */
export const historyStale = (chatId: number) => chatsApi.util.invalidateTags([historyTag(chatId)]);
