import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chats } from './chats';
import { timestamps } from './shared-columns';
import { users } from './users';

export const supportStatusEnum = pgEnum('support_status', ['open', 'pending', 'resolved', 'snoozed']);

/** A customer's one support conversation: a `support` chat plus the console's workflow state. */
export const supportConversations = pgTable(
  'support_conversations',
  {
    chatId: integer('chat_id')
      .primaryKey()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: supportStatusEnum('status').notNull().default('open'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lets the queue tell "unread for this agent" without counting messages. */
    lastCustomerMessageId: integer('last_customer_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('support_conversations_status_idx').on(t.status, t.lastMessageAt),
    index('support_conversations_assignee_idx').on(t.assigneeId, t.lastMessageAt),
    index('support_conversations_updated_idx').on(t.updatedAt),
  ],
);

/** How far each agent has read each conversation: unread is per agent. */
export const supportReads = pgTable(
  'support_reads',
  {
    chatId: integer('chat_id')
      .notNull()
      .references(() => supportConversations.chatId, { onDelete: 'cascade' }),
    agentId: integer('agent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.agentId] })],
);

/** Staff-only remarks on a conversation; a table of their own so no customer query can ever reach them. */
export const supportNotes = pgTable(
  'support_notes',
  {
    id: serial('id').primaryKey(),
    chatId: integer('chat_id')
      .notNull()
      .references(() => supportConversations.chatId, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_notes_chat_idx').on(t.chatId, t.id)],
);

/**
 * Hands out `support_events.seq` on PostgreSQL: only the locking sequencer draws from it, under its advisory
 * lock. On PGlite an event's seq is the log's highest plus one, and the sequence is moved along with it.
 */
export const supportEventsSeq = pgSequence('support_events_seq');

/**
 * Everything the console hears on `private-support`, in commit order: `seq` is
 * what a console resumes from after a reconnect (`GET /v1/support/events?after=`).
 * On PostgreSQL writers insert with `seq` null and take no lock, so support
 * writes never wait on each other; the sequencer numbers committed rows in one
 * short transaction under an advisory lock and only then publishes them.
 * Numbering batches commit one after another, so a reader that sees `seq` N has
 * seen every event below N; rows not numbered yet are invisible to readers. On
 * PGlite (one connection, transactions one at a time) a row gets its seq as it
 * is inserted (support-sequencer.ts has both modes).
 */
export const supportEvents = pgTable(
  'support_events',
  {
    id: serial('id').primaryKey(),
    seq: integer('seq'),
    chatId: integer('chat_id').notNull(),
    type: varchar('type', { length: 40 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_events_seq_idx').on(t.seq),
    // The sequencer's (and its sweep's) way to the few rows still waiting for a seq.
    index('support_events_unsequenced_idx').on(t.id).where(sql`${t.seq} is null`),
  ],
);

/** Ready answers agents insert by typing `/shortcut`. */
export const supportCannedReplies = pgTable('support_canned_replies', {
  id: serial('id').primaryKey(),
  shortcut: varchar('shortcut', { length: 32 }).notNull().unique(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export type SupportConversation = typeof supportConversations.$inferSelect;
export type SupportNote = typeof supportNotes.$inferSelect;
export type SupportEvent = typeof supportEvents.$inferSelect;
export type SupportCannedReply = typeof supportCannedReplies.$inferSelect;
