import { index, integer, pgEnum, pgTable, primaryKey, serial, text, timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './shared-columns';
import { users } from './users';

/** `support` chats belong to one customer and are answered by staff; see `./support`. */
export const chatKindEnum = pgEnum('chat_kind', ['direct', 'support']);

/**
 * One id space for buyer–seller chats and support conversations, so a
 * `MessageSent.chat_id` (and the SPA's "chat on screen" flag) is never ambiguous.
 */
export const chats = pgTable(
  'chats',
  {
    id: serial('id').primaryKey(),
    kind: chatKindEnum('kind').notNull(),
    /** What the chat is about (a product, business or ad page it was started from, or an order); both null for a plain chat. */
    subjectType: varchar('subject_type', { length: 20 }),
    subjectId: integer('subject_id'),
    /** `lo:hi:type:id` for direct chats: one chat per pair and subject, even when both sides start it at once. */
    directKey: varchar('direct_key', { length: 80 }).unique(),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('chats_kind_last_message_idx').on(t.kind, t.lastMessageAt)],
);

/** Who takes part in a chat. Support chats list only the customer: staff reach them by role. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Kept in step with each message, so lists and the header badge never count rows. */
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadMessageId: integer('last_read_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    // A deleted account's messages stay in the other party's history, without a sender.
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's own id for the message: a retried send finds the stored one instead of adding another. */
    clientId: uuid('client_id'),
    /** Plain text; clients render it as text, never as HTML. */
    content: text('content').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('messages_sender_client_unique').on(t.senderId, t.clientId), index('messages_chat_id_idx').on(t.chatId, t.id)],
);

/** Files kept under DATA_DIR/uploads/chats (outside the web root), served only to whoever may read the chat. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    chatId: integer('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** Detected from the content, never taken from the upload's name or header. */
    mime: varchar('mime', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

export type Chat = typeof chats.$inferSelect;
export type ChatMember = typeof chatMembers.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type MessageAttachment = typeof messageAttachments.$inferSelect;
