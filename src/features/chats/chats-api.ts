import type { ChatPage, ChatResource, MarkReadResult, MessagePage } from '../../../shared/api/chats';
import type { SupportChatResource } from '../../../shared/api/support';
import { api } from '../../services/api';
import { CHAT_LIST, type ChatKind } from '../../components/chat/chat-send-api';

export const CHATS_PER_PAGE = 50;
export const MESSAGES_PER_PAGE = 30;


export interface MessagesArgs {
  kind: ChatKind;
  chatId: number;
  before?: string | null;
}

const base = (kind: ChatKind) => (kind === 'support' ? '/support/chats' : '/chats');

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
    messagesPage: build.query<MessagePage, MessagesArgs>({
      query: ({ kind, chatId, before }) => ({
        url: `${base(kind)}/${chatId}/messages`,
        params: { limit: MESSAGES_PER_PAGE, ...(before ? { before } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    markChatRead: build.mutation<MarkReadResult, { kind: ChatKind; chatId: number }>({
      query: ({ kind, chatId }) => ({ url: `${base(kind)}/${chatId}/mark-as-read`, method: 'POST' }),
      transformResponse: (response: { data: MarkReadResult }) => response.data,
      invalidatesTags: [CHAT_LIST],
    }),
  }),
});

export const { useChatsQuery, useChatQuery, useSupportChatQuery } = chatsApi;

/** For the realtime layer: a message or a read elsewhere changes the list's order and counts. */
export const chatListChanged = () => chatsApi.util.invalidateTags([CHAT_LIST, { type: 'SupportConversation', id: 'MINE' }]);
