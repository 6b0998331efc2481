import { and, count, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatResource } from '../../../shared/api/chats';
import type { Db } from '../../db/client';
import { chatMembers, chats, messageAttachments, messages, users, type Chat } from '../../db/schema';
import { iso } from '../../lib/serialize';
import type { Language } from '../../../shared/i18n/languages';
import { recordActivity } from '../statistics/activity-recorder';
import { subjectDetails, type Subject, type SubjectDetails } from './chat-subjects';
import { toLastMessage, toParty } from './message-resource';

/** One chat per pair of people and subject, whichever of them writes first. */
export const directKey = (a: number, b: number, subject: Subject | null) =>
  `${Math.min(a, b)}:${Math.max(a, b)}:${subject?.type ?? ''}:${subject?.id ?? ''}`;

const other = alias(chatMembers, 'other_member');
const otherUser = alias(users, 'other_user');
const lastMessage = alias(messages, 'last_message');

/** Buyer–seller chats, always scoped to a member: a chat someone is not in does not exist for them. */
export function chatsRepository(db: Db) {
  const listColumns = {
    chat: chats,
    unreadCount: chatMembers.unreadCount,
    other: { id: otherUser.id, name: otherUser.name, image: otherUser.image },
    last: {
      id: lastMessage.id,
      senderId: lastMessage.senderId,
      content: sql<string>`left(${lastMessage.content}, 400)`,
      createdAt: lastMessage.createdAt,
      attachmentsCount: sql<number>`(select count(*) from ${messageAttachments} where ${messageAttachments.messageId} = ${lastMessage.id})`.mapWith(Number),
    },
  };

  const listQuery = (userId: number) =>
    db
      .select(listColumns)
      .from(chatMembers)
      .innerJoin(chats, and(eq(chats.id, chatMembers.chatId), eq(chats.kind, 'direct')))
      .leftJoin(other, and(eq(other.chatId, chats.id), ne(other.userId, userId)))
      .leftJoin(otherUser, eq(otherUser.id, other.userId))
      .leftJoin(lastMessage, eq(lastMessage.id, chats.lastMessageId));

  type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];
  const subjectOf = (row: ListRow): Subject | null =>
    row.chat.subjectType && row.chat.subjectId ? { type: row.chat.subjectType as Subject['type'], id: row.chat.subjectId } : null;
  const subjectResource = (subject: Subject | null, details: Map<string, SubjectDetails>): ChatResource['subject'] => {
    if (!subject) return null;
    const found = details.get(`${subject.type}:${subject.id}`);
    return { ...subject, name: found?.name ?? null, ...(found?.viewer ? { viewer: found.viewer } : {}) };
  };
  const toResource = (row: ListRow, details: Map<string, SubjectDetails>): ChatResource => ({
    id: row.chat.id,
    subject: subjectResource(subjectOf(row), details),
    other: row.other?.id ? toParty(row.other) : null,
    last_message: row.last?.id ? toLastMessage({ ...row.last, id: row.last.id, createdAt: row.last.createdAt! }) : null,
    unread_count: row.unreadCount,
    last_message_at: row.chat.lastMessageAt ? iso(row.chat.lastMessageAt) : null,
    created_at: iso(row.chat.createdAt),
  });

  return {
    /** The caller's chats that have messages, newest activity first; subjects named in `lang`. */
    async page(userId: number, page: number, perPage: number, lang: Language): Promise<{ rows: ChatResource[]; total: number }> {
      const mine = and(eq(chatMembers.userId, userId), isNotNull(chats.lastMessageId));
      const [rows, [total]] = await Promise.all([
        listQuery(userId)
          .where(mine)
          .orderBy(desc(chats.lastMessageAt), desc(chats.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ value: count() })
          .from(chatMembers)
          .innerJoin(chats, and(eq(chats.id, chatMembers.chatId), eq(chats.kind, 'direct')))
          .where(mine),
      ]);
      const details = await subjectDetails(db, rows.map(subjectOf).filter((s): s is Subject => s !== null), userId, lang);
      return { rows: rows.map((row) => toResource(row, details)), total: Number(total.value) };
    },

    /** One of the caller's direct chats as the list shows it, or null. */
    async findForMember(userId: number, chatId: number, lang: Language): Promise<ChatResource | null> {
      const [row] = await listQuery(userId)
        .where(and(eq(chatMembers.userId, userId), eq(chats.id, chatId)))
        .limit(1);
      if (!row) return null;
      const subject = subjectOf(row);
      return toResource(row, await subjectDetails(db, subject ? [subject] : [], userId, lang));
    },

    /** A chat of the given kind the user is a member of, or null. */
    async membership(userId: number, chatId: number, kind: Chat['kind']): Promise<Chat | null> {
      const [row] = await db
        .select({ chat: chats })
        .from(chatMembers)
        .innerJoin(chats, eq(chats.id, chatMembers.chatId))
        .where(and(eq(chatMembers.userId, userId), eq(chatMembers.chatId, chatId), eq(chats.kind, kind)))
        .limit(1);
      return row?.chat ?? null;
    },

    /**
     * A direct chat the user is in, with its other member (null once that
     * account is deleted); null when the user is not in it. One query, as it runs on every send.
     */
    async directWithOther(userId: number, chatId: number): Promise<{ chatId: number; otherId: number | null } | null> {
      const [row] = await db
        .select({ chatId: chats.id, otherId: other.userId })
        .from(chatMembers)
        .innerJoin(chats, and(eq(chats.id, chatMembers.chatId), eq(chats.kind, 'direct')))
        .leftJoin(other, and(eq(other.chatId, chats.id), ne(other.userId, userId)))
        .where(and(eq(chatMembers.userId, userId), eq(chatMembers.chatId, chatId)))
        .limit(1);
      return row ?? null;
    },

    /** The pair's chat about this subject, created with both members if it is new. */
    async findOrCreateDirect(tx: Db, senderId: number, recipientId: number, subject: Subject | null): Promise<number> {
      const key = directKey(senderId, recipientId, subject);
      const [created] = await tx
        .insert(chats)
        .values({ kind: 'direct', subjectType: subject?.type ?? null, subjectId: subject?.id ?? null, directKey: key })
        .onConflictDoNothing({ target: chats.directKey })
        .returning({ id: chats.id });
      const chatId = created?.id ?? (await tx.select({ id: chats.id }).from(chats).where(eq(chats.directKey, key)).limit(1))[0].id;
      // A new chat about something sold is a "chat started" in its seller's statistics (not when the seller starts it).
      if (created && subject && subject.type !== 'order') await recordActivity(tx, { kind: subject.type, id: subject.id, figure: 'chats', actorId: senderId });
      await tx
        .insert(chatMembers)
        .values([
          { chatId, userId: senderId },
          { chatId, userId: recipientId },
        ])
        .onConflictDoNothing();
      return chatId;
    },

    /**
     * Marks everything in a chat read for a member. Returns how many messages
     * that was (0 when nothing was unread), or null when they are not a member.
     */
    async markRead(userId: number, chatId: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select({ unread: chatMembers.unreadCount })
          .from(chatMembers)
          .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)))
          .for('update');
        if (!member) return null;
        await tx
          .update(chatMembers)
          .set({ unreadCount: 0, lastReadMessageId: sql`(select ${chats.lastMessageId} from ${chats} where ${chats.id} = ${chatId})` })
          .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
        return member.unread;
      });
    },

    /** Whether a user (a message's recipient) still exists. */
    async userExists(userId: number): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return rows.length > 0;
    },

    /** Unread messages over all the user's chats, support included: the header badge. */
    async unreadTotal(userId: number): Promise<number> {
      const [row] = await db
        .select({ value: sql<number>`coalesce(sum(${chatMembers.unreadCount}), 0)`.mapWith(Number) })
        .from(chatMembers)
        .where(eq(chatMembers.userId, userId));
      return row.value;
    },
  };
}

export type ChatsRepository = ReturnType<typeof chatsRepository>;
