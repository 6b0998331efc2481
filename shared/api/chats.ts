import { Type, type Static, type TSchema } from 'typebox';
import { ORDER_SUBJECT_VIEWERS, SUBJECT_TYPES } from '../validation/chats';
import { PageMeta } from './envelope';
import { Id, Int4 } from './numbers';
import type { MessageSentEvent } from './realtime-events';

/*
 * Buyer–seller chats. Every route needs a bearer token. A chat the caller is
 * not a member of answers 404 (never 403), so ids of other people's chats
 * cannot be probed. Support conversations share the id space and message
 * shape (see `./support`), but are read through `/v1/support/*`.
 */

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const DEFAULT_MESSAGES_PAGE = 30;
export const MAX_MESSAGES_PAGE = 100;
/** Characters of the last message a chat list shows. */
export const LAST_MESSAGE_PREVIEW = 200;

/** Someone taking part in a chat; `null` wherever the account has since been deleted. */
export const PartyResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Nullable(Type.String()),
});
export type PartyResource = Static<typeof PartyResource>;

/**
 * A stored file. `url` is an API path (`/v1/chats/{chat_id}/attachments/{id}`)
 * that answers only with the caller's bearer token: fetch it and show it
 * through `URL.createObjectURL`. `mime` is what the content turned out to be;
 * `width`/`height` are set for images.
 */
export const AttachmentResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
});
export type AttachmentResource = Static<typeof AttachmentResource>;

export const ChatMessageResource = Type.Object({
  id: Type.Integer(),
  chat_id: Type.Integer(),
  /** The uuid the sender's client chose, so it can match its optimistic copy; null when none was sent. */
  client_id: Nullable(Type.String()),
  sender: Nullable(PartyResource),
  /** Plain text with `\n` line breaks; render as text, never as HTML. */
  content: Type.String(),
  attachments: Type.Array(AttachmentResource),
  created_at: Type.String(),
});
export type ChatMessageResource = Static<typeof ChatMessageResource>;

/** What the chat was started from; `name` is null once the product, business or ad is gone. */
const SubjectType = Type.Enum(SUBJECT_TYPES);

export const ChatSubject = Type.Object({
  type: SubjectType,
  id: Type.Integer(),
  /** The product's, business's or ad's name; for an order, its business's name. Null once the subject is gone. */
  name: Nullable(Type.String()),
  /** Order subjects only: whether the reader bought the order or sells it (their order page follows it). */
  viewer: Type.Optional(Type.Enum(ORDER_SUBJECT_VIEWERS)),
});
export type ChatSubject = Static<typeof ChatSubject>;

export const LastMessageResource = Type.Object({
  id: Type.Integer(),
  sender_id: Nullable(Type.Integer()),
  /** At most LAST_MESSAGE_PREVIEW characters. */
  content: Type.String(),
  attachments_count: Type.Integer(),
  created_at: Type.String(),
});
export type LastMessageResource = Static<typeof LastMessageResource>;

export const ChatResource = Type.Object({
  id: Type.Integer(),
  subject: Nullable(ChatSubject),
  /** The other member; null when that account was deleted (the chat is then read-only). */
  other: Nullable(PartyResource),
  last_message: Nullable(LastMessageResource),
  /** Messages from the other party since the caller last marked the chat read. */
  unread_count: Type.Integer(),
  last_message_at: Nullable(Type.String()),
  created_at: Type.String(),
});
export type ChatResource = Static<typeof ChatResource>;

/** `GET /v1/chats?page&per_page`: newest activity first. */
export const ChatListQuery = Type.Object({
  page: Int4({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export const ChatPage = Type.Object({ data: Type.Array(ChatResource), meta: PageMeta });
export type ChatPage = Static<typeof ChatPage>;

/**
 * `GET …/messages?before=<cursor>&limit=`: the newest `limit` messages older
 * than the cursor (no cursor: the newest of all), returned oldest first, so a
 * page can be prepended as is. `meta.next_cursor` fetches the page before this
 * one; null at the start of the history. Cursors are opaque strings.
 */
export const MessagesQuery = Type.Object({
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })),
  limit: Type.Integer({ minimum: 1, maximum: MAX_MESSAGES_PAGE, default: DEFAULT_MESSAGES_PAGE }),
});
export type MessagesQuery = Static<typeof MessagesQuery>;
export const MessagesMeta = Type.Object({ next_cursor: Nullable(Type.String()) });
export const MessagePage = Type.Object({ data: Type.Array(ChatMessageResource), meta: MessagesMeta });
export type MessagePage = Static<typeof MessagePage>;

/**
 * A message into a conversation the route names (`POST /v1/support/messages`,
 * a console reply), as JSON or as `multipart/form-data` fields. Rules and
 * messages: `messageSchema` in shared/validation/chats.ts.
 */
export const MessageBody = Type.Object({
  content: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String({ format: 'uuid' })),
});
export type MessageBody = Static<typeof MessageBody>;

/**
 * `POST /v1/messages` as JSON (text only) or `multipart/form-data` (the same
 * fields as form fields plus up to MAX_FILES_PER_MESSAGE parts named `files`).
 * Answers 201 with the message, or 200 with the stored one when `client_id`
 * was already used by the caller (a retried send).
 */
export const NewMessageBody = Type.Object({
  recipient_id: Type.Optional(Id()),
  chat_id: Type.Optional(Id()),
  subject_type: Type.Optional(SubjectType),
  subject_id: Type.Optional(Id()),
  ...MessageBody.properties,
});
export type NewMessageBody = Static<typeof NewMessageBody>;

export const MarkReadResult = Type.Object({
  chat_id: Type.Integer(),
  /** How many messages became read (what `MessagesRead.count` carries). */
  count: Type.Integer(),
});
export type MarkReadResult = Static<typeof MarkReadResult>;

export const AttachmentParams = Type.Object({ id: Id(), attachmentId: Id() });

/**
 * What `MessageSent.message` carries (on the recipient's and the sender's own
 * `private-user.{id}` channels): the contract of realtime-events plus
 * `client_id`, `chat_kind` (`support` for support conversations, whose page is
 * `/support/chats/:id`) and `content_truncated` when the text was cut to fit
 * the 10 KB event limit (fetch the message page for the full text).
 */
export type ChatMessageEvent = MessageSentEvent['message'] & {
  client_id: string | null;
  chat_kind: 'direct' | 'support';
  attachments: AttachmentResource[];
  content_truncated?: true;
};
