import type { ChatMessageResource } from '../../../shared/api/chats';
import type { ChatSubjectType } from '../../../shared/validation/chats';
import { api } from '../../services/api';
import { outboxFiles } from '../../services/outbox-files';
import { IDEMPOTENCY_HEADER } from '../../services/retry-policy';

/** What a new chat is about: a product, business or ad, by id. */
export interface ChatSubjectRef {
  type: ChatSubjectType;
  id: number;
}

/** Direct chats and the user's own support conversation share message shapes but not URLs. */
export type ChatKind = 'direct' | 'support';

export const CHAT_LIST = { type: 'Chat', id: 'LIST' } as const;

export interface SendArgs {
  kind: ChatKind;
  chatId?: number;
  recipientId?: number;
  subject?: ChatSubjectRef;
  clientId: string;
  content: string;
  /** Its files wait in `outboxFiles` under the client id. */
}

export function newClientId(): string {
  return crypto.randomUUID();
}

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

/**
 * The one way a chat message is sent: from the chat screen and from the "write" button on a
 * product, store, user or ad page (which starts the chat with its first message).
 */
export const chatSendApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMessage: build.mutation<ChatMessageResource, SendArgs>({
      query: (args) => ({
        url: args.kind === 'support' ? '/support/messages' : '/messages',
        method: 'POST',
        body: sendBody(args),
        // The client id makes a repeated send harmless, so the transport may retry it.
        headers: { [IDEMPOTENCY_HEADER]: args.clientId },
      }),
      transformResponse: (response: { data: ChatMessageResource }) => response.data,
      invalidatesTags: [CHAT_LIST],
    }),
  }),
});
