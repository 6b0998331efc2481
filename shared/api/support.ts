import { Type, type Static } from 'typebox';
import { AttachmentResource, LastMessageResource, Nullable, PartyResource } from './chats';
import { PageMeta } from './envelope';
import { MAX_ID } from './number-values';
import { Id, Int4 } from './numbers';
import type { RealtimeEnvelope } from './realtime-events';

export * from './support-values';

/*
 * Support: each user has one support conversation (a chat of kind `support`,
 * same id space as chats). The user side lives under `/v1/support/chat(s)` and
 * `/v1/support/messages`; the console (roles support, moderator, admin:
 * STAFF_ROLES) under `/v1/support/conversations`, `/notes`, `/canned-replies`,
 * `/events`, `/agents`, `/counts`. Staff hear everything on `private-support`.
 */

export const SupportStatusSchema = Type.Union([Type.Literal('open'), Type.Literal('pending'), Type.Literal('resolved'), Type.Literal('snoozed')]);

export interface SupportTypingPayload {
  user_id: number;
  name: string;
  /** false when the agent cleared the box or sent. */
  typing: boolean;
}

/** Who wrote a support message: the conversation's customer, or any staff member. */
export const MessageAuthor = Type.Union([Type.Literal('customer'), Type.Literal('agent')]);
export type MessageAuthor = Static<typeof MessageAuthor>;

/** A message of a support conversation, on both sides: a chat message plus `from`. */
export const SupportMessageResource = Type.Object({
  id: Type.Integer(),
  chat_id: Type.Integer(),
  client_id: Nullable(Type.String()),
  sender: Nullable(PartyResource),
  from: MessageAuthor,
  content: Type.String(),
  attachments: Type.Array(AttachmentResource),
  created_at: Type.String(),
});
export type SupportMessageResource = Static<typeof SupportMessageResource>;
export const SupportMessagePage = Type.Object({
  data: Type.Array(SupportMessageResource),
  meta: Type.Object({ next_cursor: Nullable(Type.String()) }),
});
export type SupportMessagePage = Static<typeof SupportMessagePage>;

/** `GET /v1/support/chat`: the caller's own conversation (created on first call). */
export const SupportChatResource = Type.Object({
  id: Type.Integer(),
  unread_count: Type.Integer(),
  last_message: Nullable(LastMessageResource),
  created_at: Type.String(),
});
export type SupportChatResource = Static<typeof SupportChatResource>;

export const SupportCustomer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  image: Nullable(Type.String()),
});
export type SupportCustomer = Static<typeof SupportCustomer>;

export const AgentResource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  image: Nullable(Type.String()),
  role: Type.String(),
});
export type AgentResource = Static<typeof AgentResource>;

export const ConsoleLastMessage = Type.Object({
  id: Type.Integer(),
  sender_id: Nullable(Type.Integer()),
  from: MessageAuthor,
  content: Type.String(),
  attachments_count: Type.Integer(),
  created_at: Type.String(),
});

/** A conversation as every agent sees it (what realtime events carry: nothing per agent). */
export const SupportConversationBrief = Type.Object({
  id: Type.Integer(),
  customer: SupportCustomer,
  status: SupportStatusSchema,
  snoozed_until: Nullable(Type.String()),
  assignee: Nullable(AgentResource),
  last_message: Nullable(ConsoleLastMessage),
  last_message_at: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SupportConversationBrief = Static<typeof SupportConversationBrief>;

/** A conversation in the queue for the calling agent: the brief plus the agent's own unread count. */
export const SupportConversationResource = Type.Object({ ...SupportConversationBrief.properties, unread_count: Type.Integer() });
export type SupportConversationResource = Static<typeof SupportConversationResource>;


/**
 * `GET /v1/support/conversations`: newest activity first; only conversations
 * with at least one message. `status` may repeat (`status=open&status=pending`);
 * `unread=true` keeps those with customer messages the caller has not read;
 * `q` matches the customer's name, e-mail or any message text (case-insensitive);
 * `updated_since` (ISO time) keeps those changed since then.
 */
export const QueueQuery = Type.Object({
  filter: Type.Union([Type.Literal('all'), Type.Literal('mine'), Type.Literal('unassigned')], { default: 'all' }),
  status: Type.Optional(Type.Array(SupportStatusSchema, { maxItems: 4 })),
  unread: Type.Optional(Type.Boolean()),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  updated_since: Type.Optional(Type.String({ format: 'date-time' })),
  page: Int4({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});
export type QueueQuery = Static<typeof QueueQuery>;

/** `meta.last_seq`: resume `GET /v1/support/events?after=` from here once this page is applied. */
export const QueuePage = Type.Object({
  data: Type.Array(SupportConversationResource),
  meta: Type.Object({ ...PageMeta.properties, last_seq: Type.Integer() }),
});
export type QueuePage = Static<typeof QueuePage>;

/** `GET /v1/support/counts`: badges and the tab title, for the calling agent. */
export const SupportCounts = Type.Object({
  /** Unread customer messages in conversations of each filter. */
  unread: Type.Object({ all: Type.Integer(), mine: Type.Integer(), unassigned: Type.Integer() }),
  /** Conversations (with messages) in each status. */
  status: Type.Object({ open: Type.Integer(), pending: Type.Integer(), resolved: Type.Integer(), snoozed: Type.Integer() }),
});
export type SupportCounts = Static<typeof SupportCounts>;

export const AssignBody = Type.Object({
  /** An agent's id (yourself for "assign to me"), or null to unassign. */
  assignee_id: Nullable(Id()),
});
export const StatusBody = Type.Object({
  status: SupportStatusSchema,
  /** Required (and in the future) for `snoozed`; ignored otherwise. */
  snoozed_until: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
});

export const SupportNoteResource = Type.Object({
  id: Type.Integer(),
  conversation_id: Type.Integer(),
  author: Nullable(PartyResource),
  content: Type.String(),
  created_at: Type.String(),
});
export type SupportNoteResource = Static<typeof SupportNoteResource>;
export const NoteBody = Type.Object({ content: Type.String({ maxLength: 20_000 }) });

export const CannedReplyResource = Type.Object({
  id: Type.Integer(),
  shortcut: Type.String(),
  title: Type.String(),
  content: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type CannedReplyResource = Static<typeof CannedReplyResource>;
export const CannedReplyBody = Type.Object({
  shortcut: Type.String({ maxLength: 200 }),
  title: Type.String({ maxLength: 1000 }),
  content: Type.String({ maxLength: 20_000 }),
});
export const CannedReplyPatch = Type.Partial(CannedReplyBody);

/* ---------- realtime on `private-support` ---------- */

/** Which console events carry a `seq` and are kept in the log of `GET /v1/support/events`. */
export type SupportLoggedEventName = 'SupportMessage' | 'SupportConversationUpdated' | 'SupportNoteAdded';

/**
 * A new message in a conversation, from the customer or an agent. Also carries
 * the conversation after the change (a customer's message reopens a resolved,
 * snoozed or pending one; an agent's first reply to an unassigned one assigns it).
 * `message.content_truncated` is set when the text was cut to fit 10 KB.
 */
export interface SupportMessageEvent extends RealtimeEnvelope {
  seq: number;
  conversation: SupportConversationBrief;
  message: SupportMessageResource & { content_truncated?: true };
}

export type SupportChange = 'assigned' | 'status';
/** Assignment or status changed (by an agent, or by the snooze timer with `actor` null). */
export interface SupportConversationUpdatedEvent extends RealtimeEnvelope {
  seq: number;
  change: SupportChange;
  actor: PartyResource | null;
  conversation: SupportConversationBrief;
}

export interface SupportNoteAddedEvent extends RealtimeEnvelope {
  seq: number;
  note: SupportNoteResource & { content_truncated?: true };
}

/** One agent read a conversation: that agent's other tabs drop its unread badge. Not logged, no seq. */
export interface SupportConversationReadEvent extends RealtimeEnvelope {
  conversation_id: number;
  agent_id: number;
  count: number;
}

export interface SupportEventMap {
  SupportMessage: SupportMessageEvent;
  SupportConversationUpdated: SupportConversationUpdatedEvent;
  SupportNoteAdded: SupportNoteAddedEvent;
  SupportConversationRead: SupportConversationReadEvent;
}
export type SupportEventName = keyof SupportEventMap;
export const SUPPORT_EVENTS: SupportEventName[] = ['SupportMessage', 'SupportConversationUpdated', 'SupportNoteAdded', 'SupportConversationRead'];

/**
 * `GET /v1/support/events?after=<seq>&limit=`: the logged events after `seq`,
 * oldest first, each with the full payload (never truncated) that was published.
 * `meta.last_seq` is where to resume; `has_more` asks for another call;
 * `reset` means the log does not reach back to `after` (refetch the queue instead).
 */
export const SupportEventResource = Type.Object({
  seq: Type.Integer(),
  type: Type.Union([Type.Literal('SupportMessage'), Type.Literal('SupportConversationUpdated'), Type.Literal('SupportNoteAdded')]),
  conversation_id: Type.Integer(),
  data: Type.Record(Type.String(), Type.Unknown()),
  created_at: Type.String(),
});
export type SupportEventResource = Static<typeof SupportEventResource>;
export const EventsQuery = Type.Object({
  after: Type.Integer({ minimum: 0, maximum: MAX_ID }),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 200 }),
});
export const EventsPage = Type.Object({
  data: Type.Array(SupportEventResource),
  meta: Type.Object({ last_seq: Type.Integer(), has_more: Type.Boolean(), reset: Type.Boolean() }),
});
export type EventsPage = Static<typeof EventsPage>;
