import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { ChatMessageResource, PartyResource } from '../../../shared/api/chats';
import type { Db } from '../../db/client';
import { chatMembers, chats, messageAttachments, messages, users, type Message, type MessageAttachment } from '../../db/schema';
import { toMessageResource, toParty } from './message-resource';

export interface StoredFile {
  storageKey: string;
  name: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface NewMessage {
  chatId: number;
  senderId: number;
  clientId: string | null;
  content: string;
  files: StoredFile[];
}

export interface InsertedMessage {
  message: Message;
  attachments: MessageAttachment[];
}

/** Messages of any chat kind: the caller has already checked that the chat may be read or written. */
export function messagesRepository(db: Db) {
  async function attachmentsOf(messageIds: number[]): Promise<Map<number, MessageAttachment[]>> {
    const byMessage = new Map<number, MessageAttachment[]>();
    if (!messageIds.length) return byMessage;
    const rows = await db
      .select()
      .from(messageAttachments)
      .where(inArray(messageAttachments.messageId, messageIds))
      .orderBy(asc(messageAttachments.id));
    for (const row of rows) byMessage.set(row.messageId, [...(byMessage.get(row.messageId) ?? []), row]);
    return byMessage;
  }

  const withSender = () =>
    db
      .select({ message: messages, sender: { id: users.id, name: users.name, image: users.image } })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId));

  async function resources(rows: Array<{ message: Message; sender: PartyResource | null }>): Promise<ChatMessageResource[]> {
    const attachments = await attachmentsOf(rows.map((r) => r.message.id));
    return rows.map((r) => toMessageResource(r.message, toParty(r.sender), attachments.get(r.message.id) ?? []));
  }

  return {
    /** The caller's message sent earlier with this client id, if any. */
    async findByClientId(senderId: number, clientId: string): Promise<ChatMessageResource | null> {
      const rows = await withSender()
        .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
        .limit(1);
      return rows.length ? (await resources(rows))[0] : null;
    },

    /**
     * A page of history, going backwards from `before` (a message id): the
     * newest `limit` older messages, returned oldest first, and the cursor of
     * the page before (null at the start).
     */
    async page(chatId: number, before: number | undefined, limit: number): Promise<{ data: ChatMessageResource[]; nextCursor: string | null }> {
      // Ids are int4: a larger cursor means "from the newest", not a database error.
      const where = before ? and(eq(messages.chatId, chatId), lt(messages.id, Math.min(before, 2 ** 31 - 1))) : eq(messages.chatId, chatId);
      const rows = await withSender().where(where).orderBy(desc(messages.id)).limit(limit + 1);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit).reverse();
      return { data: await resources(page), nextCursor: hasMore && page.length ? String(page[0].message.id) : null };
    },

    /**
     * Stores a message and its files, and moves the chat's "last message".
     * Null when the sender already used this client id (a concurrent retry):
     * the caller rolls back and answers with the stored message.
     */
    async insert(tx: Db, input: NewMessage): Promise<InsertedMessage | null> {
      const [message] = await tx
        .insert(messages)
        .values({ chatId: input.chatId, senderId: input.senderId, clientId: input.clientId, content: input.content })
        .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
        .returning();
      if (!message) return null;
      const attachments = input.files.length
        ? await tx
            .insert(messageAttachments)
            .values(input.files.map((f) => ({ ...f, messageId: message.id, chatId: input.chatId })))
            .returning()
        : [];
      // GREATEST: two sends committing out of order never move the chat back to an older message.
      const at = sql`${message.createdAt.toISOString()}::timestamptz`;
      await tx
        .update(chats)
        .set({
          lastMessageId: sql`greatest(coalesce(${chats.lastMessageId}, 0), ${message.id})`,
          lastMessageAt: sql`greatest(coalesce(${chats.lastMessageAt}, ${at}), ${at})`,
        })
        .where(eq(chats.id, input.chatId));
      return { message, attachments };
    },

    /** One more unread message for every member but the sender; returns who they are. */
    async countUnreadForOthers(tx: Db, chatId: number, senderId: number): Promise<number[]> {
      const rows = await tx
        .update(chatMembers)
        .set({ unreadCount: sql`${chatMembers.unreadCount} + 1` })
        .where(and(eq(chatMembers.chatId, chatId), ne(chatMembers.userId, senderId)))
        .returning({ userId: chatMembers.userId });
      return rows.map((r) => r.userId);
    },

    attachmentsOf,
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
