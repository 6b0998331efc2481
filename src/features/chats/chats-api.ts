import type { ChatMessageResource, ChatPage, ChatResource, MarkReadResult, MessagePage } from '../../../shared/api/chats';
import type { SupportChatResource } from '../../../shared/api/support';
import type { ChatSubjectType } from '../../../shared/validation/chats';
import { api } from '../../services/api';
import { IDEMPOTENCY_HEADER as IDEMPOTENCY_HEADER_NAME } from '../../services/retry-policy';
import { outboxFiles } from '../../services/outbox-files';

/** What a new chat is about: a product, business or ad, by id. */
export interface ChatSubjectRef {
  type: ChatSubjectType;
  id: number;
}

export const CHATS_PER_PAGE = 50;
export const MESSAGES_PER_PAGE = 30;
export const CHAT_LIST = { type: 'Chat', id: 'LIST' } as const;

/** Direct chats and the user's own support conversation share message shapes but not URLs. */
export type ChatKind = 'direct' | 'support';

export interface MessagesArgs {
  kind: ChatKind;
  chatId: number;
  before?: string | null;
}

export interface SendArgs {
  kind: ChatKind;
  chatId?: number;
  recipientId?: number;
  subject?: ChatSubjectRef;
  clientId: string;
  content: string;
  /** Its files wait in `outboxFiles` under the client id. */
}

const base = (kind: ChatKind) => (kind === 'support' ? '/support/chats' : '/chats');

function sendBody(args: SendArgs): FormData | Record<string, unknown> {
  const fields: Record<string, string | number> = { client_id: args.clientId, content: args.content };
  if (args.kind === 'direct') {
    if (args.chatId !== undefined) fields.chat_id = args.chatId;
    if (args.recipientId !== undefined) fields.recipient_id = args.recipientId;
    if (args.subject) {
      fields.subject_type = args.subject.type;
      fields.subject_id = args.subject.id;
    }
  }
  const files = outboxFiles.get(args.clientId);
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append('files', file, file.name);
  return form;
}

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
    sendMessage: build.mutation<ChatMessageResource, SendArgs>({
      query: (args) => ({
        url: args.kind === 'support' ? '/support/messages' : '/messages',
        method: 'POST',
        body: sendBody(args),
        // The client id makes a repeated send harmless, so the transport may retry it.
        headers: { [IDEMPOTENCY_HEADER_NAME]: args.clientId },
      }),
      transformResponse: (response: { data: ChatMessageResource }) => response.data,
      invalidatesTags: [CHAT_LIST],
    }),
  }),
});

export const { useChatsQuery, useChatQuery, useSupportChatQuery } = chatsApi;

/** For the realtime layer: a message or a read elsewhere changes the list's order and counts. */
export const chatListChanged = () => chatsApi.util.invalidateTags([CHAT_LIST, { type: 'SupportConversation', id: 'MINE' }]);
