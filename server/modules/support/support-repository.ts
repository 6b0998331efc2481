import { and, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgSelect, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type {
  QueueQuery,
  SupportChatResource,
  SupportConversationBrief,
  SupportConversationResource,
  SupportCounts,
  SupportStatus,
} from '../../../shared/api/support';
import type { Db } from '../../db/client';
import {
  chatMembers,
  chats,
  messageAttachments,
  messages,
  supportConversations,
  supportReads,
  users,
  type SupportConversation,
} from '../../db/schema';
import { toLastMessage } from '../chats/message-resource';
import { toBrief, type BriefRow } from './support-resource';
import { anyCasePattern } from './text-search';

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');
const lastMessage = alias(messages, 'last_message');


/** Customer messages after what this agent has read (support_reads must be joined for the agent). */
const unreadExpr = sql<number>`(select count(*) from ${messages} m where m.chat_id = ${supportConversations.chatId} and m.sender_id = ${supportConversations.userId} and m.id > coalesce(${supportReads.lastReadMessageId}, 0))`.mapWith(
  Number,
);
const hasUnread = sql`${supportConversations.lastCustomerMessageId} > coalesce(${supportReads.lastReadMessageId}, 0)`;

class LostCreationRace extends Error {}

export function supportRepository(db: Db) {
  const briefColumns = {
    conversation: supportConversations,
    customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone, image: customer.image },
    assignee: { id: assignee.id, name: assignee.name, image: assignee.image, role: assignee.role },
    last: {
      id: lastMessage.id,
      senderId: lastMessage.senderId,
      content: sql<string>`left(${lastMessage.content}, 400)`,
      createdAt: lastMessage.createdAt,
      attachmentsCount: sql<number>`(select count(*) from ${messageAttachments} where ${messageAttachments.messageId} = ${lastMessage.id})`.mapWith(Number),
    },
  };

  /** What a brief shows besides the conversation's own row, joined to `conversation` (the table, or a row just updated). */
  const withBriefJoins = <Q extends PgSelect>(query: Q, conversation: { chatId: AnyPgColumn; userId: AnyPgColumn; assigneeId: AnyPgColumn }) =>
    query
      .innerJoin(chats, eq(chats.id, conversation.chatId))
      .innerJoin(customer, eq(customer.id, conversation.userId))
      .leftJoin(assignee, eq(assignee.id, conversation.assigneeId))
      .leftJoin(lastMessage, eq(lastMessage.id, chats.lastMessageId));

  /** Conversations as every agent sees them, with `agentId`'s unread count. */
  const conversationsQuery = (executor: Db, agentId: number) =>
    withBriefJoins(executor.select({ ...briefColumns, unread: unreadExpr }).from(supportConversations).$dynamic(), supportConversations).leftJoin(
      supportReads,
      and(eq(supportReads.chatId, supportConversations.chatId), eq(supportReads.agentId, agentId)),
    );

  /** Briefs only: no unread count, which is per agent and would count the whole conversation's messages. */
  const briefsQuery = (executor: Db) => withBriefJoins(executor.select(briefColumns).from(supportConversations).$dynamic(), supportConversations);

  /**
   * Updates one conversation and returns its brief as the update leaves it, in
   * one statement where the update and a read of the brief were two: the brief
   * is built from the updated row (the rest of the statement sees the table as
   * it was before the update), and sees the transaction's earlier writes, as the read did.
   */
  async function updateWithBrief(tx: Db, chatId: number, set: PgUpdateSetSource<typeof supportConversations>): Promise<SupportConversationBrief> {
    const updated = tx.$with('updated').as(tx.update(supportConversations).set(set).where(eq(supportConversations.chatId, chatId)).returning());
    const conversation = Object.fromEntries(Object.keys(getTableColumns(supportConversations)).map((key) => [key, updated[key as keyof SupportConversation]])) as unknown as typeof supportConversations._.columns;
    const [row] = await withBriefJoins(tx.with(updated).select({ ...briefColumns, conversation }).from(updated).$dynamic(), updated);
    if (!row) throw new Error(`support conversation ${chatId} vanished`);
    return toBrief(row as BriefRow);
  }

  const toResource = (row: BriefRow & { unread: number }): SupportConversationResource => ({ ...toBrief(row), unread_count: row.unread });

  function queueFilters(agentId: number, query: Omit<QueueQuery, 'page' | 'per_page'>): SQL {
    const conditions: SQL[] = [isNotNull(supportConversations.lastMessageAt)];
    if (query.filter === 'mine') conditions.push(eq(supportConversations.assigneeId, agentId));
    if (query.filter === 'unassigned') conditions.push(isNull(supportConversations.assigneeId));
    if (query.status?.length) conditions.push(inArray(supportConversations.status, query.status));
    if (query.unread) conditions.push(hasUnread);
    if (query.updated_since) conditions.push(gte(supportConversations.updatedAt, new Date(query.updated_since)));
    const text = query.q?.trim();
    if (text) {
      const pattern = anyCasePattern(text);
      conditions.push(
        or(
          sql`${customer.name} ~ ${pattern}`,
          sql`${customer.email} ~ ${pattern}`,
          sql`exists (select 1 from ${messages} m where m.chat_id = ${supportConversations.chatId} and m.content ~ ${pattern})`,
        )!,
      );
    }
    return and(...conditions)!;
  }

  return {
    async findByUser(userId: number): Promise<SupportConversation | null> {
      const [row] = await db.select().from(supportConversations).where(eq(supportConversations.userId, userId)).limit(1);
      return row ?? null;
    },

    async get(chatId: number): Promise<SupportConversation | null> {
      const [row] = await db.select().from(supportConversations).where(eq(supportConversations.chatId, chatId)).limit(1);
      return row ?? null;
    },

    /** The user's conversation, created (with its chat and membership) on first use. */
    async ensureForUser(userId: number): Promise<SupportConversation> {
      const existing = await this.findByUser(userId);
      if (existing) return existing;
      try {
        return await db.transaction(async (tx) => {
          const [chat] = await tx.insert(chats).values({ kind: 'support' }).returning({ id: chats.id });
          const [conversation] = await tx
            .insert(supportConversations)
            .values({ chatId: chat.id, userId })
            .onConflictDoNothing({ target: supportConversations.userId })
            .returning();
          // A parallel first call (another tab) won: throwing drops our chat row with the transaction.
          if (!conversation) throw new LostCreationRace();
          await tx.insert(chatMembers).values({ chatId: chat.id, userId });
          return conversation;
        });
      } catch (error) {
        if (!(error instanceof LostCreationRace)) throw error;
        return (await this.findByUser(userId))!;
      }
    },

    /** What `GET /v1/support/chat` shows the user. */
    async userChat(conversation: SupportConversation): Promise<SupportChatResource> {
      const [row] = await db
        .select({ chat: chats, unread: chatMembers.unreadCount, last: briefColumns.last })
        .from(chats)
        .innerJoin(chatMembers, and(eq(chatMembers.chatId, chats.id), eq(chatMembers.userId, conversation.userId)))
        .leftJoin(lastMessage, eq(lastMessage.id, chats.lastMessageId))
        .where(eq(chats.id, conversation.chatId))
        .limit(1);
      return {
        id: conversation.chatId,
        unread_count: row?.unread ?? 0,
        last_message: row?.last?.id != null && row.last.createdAt ? toLastMessage({ ...row.last, id: row.last.id, createdAt: row.last.createdAt }) : null,
        created_at: conversation.createdAt.toISOString(),
      };
    },

    /** Briefs as of the executor's view (pass the transaction to see its own writes). */
    async briefs(executor: Db, chatIds: number[]): Promise<Map<number, SupportConversationBrief>> {
      if (!chatIds.length) return new Map();
      const rows = await briefsQuery(executor).where(inArray(supportConversations.chatId, chatIds));
      return new Map(rows.map((row) => [row.conversation.chatId, toBrief(row)]));
    },

    async brief(executor: Db, chatId: number): Promise<SupportConversationBrief> {
      const found = (await this.briefs(executor, [chatId])).get(chatId);
      if (!found) throw new Error(`support conversation ${chatId} vanished`);
      return found;
    },

    /** One conversation for an agent (with their unread count), or null. */
    async forAgent(agentId: number, chatId: number): Promise<SupportConversationResource | null> {
      const [row] = await conversationsQuery(db, agentId).where(eq(supportConversations.chatId, chatId)).limit(1);
      return row ? toResource(row) : null;
    },

    async queue(agentId: number, query: QueueQuery): Promise<{ rows: SupportConversationResource[]; total: number }> {
      const where = queueFilters(agentId, query);
      const [rows, [total]] = await Promise.all([
        conversationsQuery(db, agentId)
          .where(where)
          .orderBy(desc(supportConversations.lastMessageAt), desc(supportConversations.chatId))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db
          .select({ value: count() })
          .from(supportConversations)
          .innerJoin(customer, eq(customer.id, supportConversations.userId))
          .leftJoin(supportReads, and(eq(supportReads.chatId, supportConversations.chatId), eq(supportReads.agentId, agentId)))
          .where(where),
      ]);
      return { rows: rows.map(toResource), total: Number(total.value) };
    },

    async counts(agentId: number): Promise<SupportCounts> {
      const perConversation = db
        .select({ assigneeId: supportConversations.assigneeId, n: unreadExpr.as('n') })
        .from(supportConversations)
        .leftJoin(supportReads, and(eq(supportReads.chatId, supportConversations.chatId), eq(supportReads.agentId, agentId)))
        .where(hasUnread)
        .as('u');
      const [[unread], statuses] = await Promise.all([
        db
          .select({
            all: sql<number>`coalesce(sum(${perConversation.n}), 0)`.mapWith(Number),
            mine: sql<number>`coalesce(sum(${perConversation.n}) filter (where ${perConversation.assigneeId} = ${agentId}), 0)`.mapWith(Number),
            unassigned: sql<number>`coalesce(sum(${perConversation.n}) filter (where ${perConversation.assigneeId} is null), 0)`.mapWith(Number),
          })
          .from(perConversation),
        db
          .select({ status: supportConversations.status, value: count() })
          .from(supportConversations)
          .where(isNotNull(supportConversations.lastMessageAt))
          .groupBy(supportConversations.status),
      ]);
      const status = { open: 0, pending: 0, resolved: 0, snoozed: 0 };
      for (const row of statuses) status[row.status] = Number(row.value);
      return { unread, status };
    },

    /** Locks the conversation row for the rest of the transaction. */
    async lock(tx: Db, chatId: number): Promise<SupportConversation | null> {
      const [row] = await tx.select().from(supportConversations).where(eq(supportConversations.chatId, chatId)).for('update');
      return row ?? null;
    },

    /** A customer wrote: remember it, and bring a resolved, snoozed or pending conversation back to open; returns the brief it leaves. */
    onCustomerMessage(tx: Db, chatId: number, messageId: number, at: Date): Promise<SupportConversationBrief> {
      return updateWithBrief(tx, chatId, {
        lastCustomerMessageId: sql`greatest(coalesce(${supportConversations.lastCustomerMessageId}, 0), ${messageId})`,
        lastMessageAt: sql`greatest(coalesce(${supportConversations.lastMessageAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
        status: 'open',
        snoozedUntil: null,
      });
    },

    /** An agent replied: an unassigned conversation becomes theirs, and they have read it up to here; returns the brief it leaves. */
    async onAgentMessage(tx: Db, chatId: number, agentId: number, messageId: number, at: Date): Promise<SupportConversationBrief> {
      // The conversation's row first, then the reads, as markReadByAgent locks them (no deadlock between the two).
      const brief = await updateWithBrief(tx, chatId, {
        lastMessageAt: sql`greatest(coalesce(${supportConversations.lastMessageAt}, ${at.toISOString()}::timestamptz), ${at.toISOString()}::timestamptz)`,
        assigneeId: sql`coalesce(${supportConversations.assigneeId}, ${agentId})`,
      });
      await this.readUpTo(tx, chatId, agentId, messageId);
      return brief;
    },

    async readUpTo(tx: Db, chatId: number, agentId: number, messageId: number): Promise<void> {
      await tx
        .insert(supportReads)
        .values({ chatId, agentId, lastReadMessageId: messageId })
        .onConflictDoUpdate({
          target: [supportReads.chatId, supportReads.agentId],
          set: { lastReadMessageId: sql`greatest(${supportReads.lastReadMessageId}, ${messageId})` },
        });
    },

    /** Marks a conversation read for one agent; returns how many customer messages that was. */
    async markReadByAgent(agentId: number, chatId: number): Promise<number | null> {
      return db.transaction(async (tx) => {
        const conversation = await this.lock(tx, chatId);
        if (!conversation) return null;
        const upTo = conversation.lastCustomerMessageId ?? 0;
        const [read] = await tx
          .select({ last: supportReads.lastReadMessageId })
          .from(supportReads)
          .where(and(eq(supportReads.chatId, chatId), eq(supportReads.agentId, agentId)));
        const from = read?.last ?? 0;
        if (upTo <= from) return 0;
        const [row] = await tx
          .select({ value: count() })
          .from(messages)
          .where(
            and(
              eq(messages.chatId, chatId),
              eq(messages.senderId, conversation.userId),
              sql`${messages.id} > ${from}`,
              lte(messages.id, upTo),
            ),
          );
        await this.readUpTo(tx, chatId, agentId, upTo);
        return Number(row.value);
      });
    },

    async setAssignee(tx: Db, chatId: number, assigneeId: number | null): Promise<void> {
      await tx.update(supportConversations).set({ assigneeId }).where(eq(supportConversations.chatId, chatId));
    },

    async setStatus(tx: Db, chatId: number, status: SupportStatus, snoozedUntil: Date | null): Promise<void> {
      await tx.update(supportConversations).set({ status, snoozedUntil }).where(eq(supportConversations.chatId, chatId));
    },

    /** Snoozes whose time has come go back to open; returns the conversations woken. */
    async wakeSnoozed(tx: Db): Promise<number[]> {
      const rows = await tx
        .update(supportConversations)
        .set({ status: 'open', snoozedUntil: null })
        .where(and(eq(supportConversations.status, 'snoozed'), sql`${supportConversations.snoozedUntil} <= now()`))
        .returning({ chatId: supportConversations.chatId });
      return rows.map((r) => r.chatId);
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
