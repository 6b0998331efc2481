import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ChatMessageResource, PartyResource } from '../../../shared/api/chats';
import type { Db } from '../../db/client';
import { chatMembers, chats, messageAttachments, messages, users, type Chat, type Message, type MessageAttachment } from '../../db/schema';
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
  /** Members whose unread count went up: everyone in the chat but the sender. */
  recipients: number[];
}

interface RawInsert {
  id: number | string;
  chat_id: number | string;
  sender_id: number | string | null;
  client_id: string | null;
  content: string;
  created_at: Date | string;
  recipients: number[] | string;
}

/** `{1,2}` from drivers that leave int[] as text, or the array itself. */
const parseIntArray = (value: number[] | string): number[] =>
  Array.isArray(value) ? value.map(Number) : value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);

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
    /**
     * An attachment of a chat, with what decides who may read it: the chat's
     * kind and whether `userId` is a member (null when not).
     */
    async findAttachment(
      userId: number,
      chatId: number,
      attachmentId: number,
    ): Promise<{ attachment: MessageAttachment; kind: Chat['kind']; member: number | null } | null> {
      const [row] = await db
        .select({ attachment: messageAttachments, kind: chats.kind, member: chatMembers.userId })
        .from(messageAttachments)
        .innerJoin(chats, eq(chats.id, messageAttachments.chatId))
        .leftJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, userId)))
        .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.chatId, chatId)))
        .limit(1);
      return row ?? null;
    },

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
     * Stores a message, moves the chat's "last message" and counts it unread
     * for every member but the sender, in one statement (it runs on every send,
     * and PGlite pays per statement); then the files, if any. Returns null when
     * the sender already used this client id (a concurrent retry): the caller
     * rolls back and answers with the stored message.
     */
    async insert(executor: Db, input: NewMessage): Promise<InsertedMessage | null> {
      const result = await executor.execute(sql`
        with m as (
          insert into ${messages} (chat_id, sender_id, client_id, content)
          values (${input.chatId}, ${input.senderId}, ${input.clientId}, ${input.content})
          on conflict (sender_id, client_id) do nothing
          returning id, chat_id, sender_id, client_id, content, created_at
        ), moved as (
          -- GREATEST: sends committing out of order never move the chat back to an older message.
          update ${chats}
          set last_message_id = greatest(coalesce(${chats.lastMessageId}, 0), m.id),
              last_message_at = greatest(coalesce(${chats.lastMessageAt}, m.created_at), m.created_at),
              updated_at = now()
          from m where ${chats.id} = m.chat_id
          returning ${chats.id}
        ), unread as (
          update ${chatMembers}
          set unread_count = ${chatMembers.unreadCount} + 1
          from m where ${chatMembers.chatId} = m.chat_id and ${chatMembers.userId} <> m.sender_id
          returning ${chatMembers.userId} as user_id
        )
        select m.*, (select count(*) from moved) as moved, coalesce((select array_agg(user_id) from unread), '{}') as recipients from m`);
      const [row] = (result as unknown as { rows: RawInsert[] }).rows;
      if (!row) return null;
      const message: Message = {
        id: Number(row.id),
        chatId: Number(row.chat_id),
        senderId: row.sender_id === null ? null : Number(row.sender_id),
        clientId: row.client_id,
        content: row.content,
        createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
      };
      const attachments = input.files.length
        ? await executor
            .insert(messageAttachments)
            .values(input.files.map((f) => ({ ...f, messageId: message.id, chatId: input.chatId })))
            .returning()
        : [];
      return { message, attachments, recipients: parseIntArray(row.recipients) };
    },

    attachmentsOf,
  };
}

export type MessagesRepository = ReturnType<typeof messagesRepository>;
