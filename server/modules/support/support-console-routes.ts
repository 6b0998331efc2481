import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { MessageBody, MessagesQuery } from '../../../shared/api/chats';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import {
  AgentResource,
  AssignBody,
  EventsPage,
  EventsQuery,
  NoteBody,
  QueuePage,
  QueueQuery,
  StatusBody,
  SupportConversationResource,
  SupportCounts,
  SupportMessagePage,
  SupportMessageResource,
  SupportNoteResource,
  type SupportEventResource,
} from '../../../shared/api/support';
import { STAFF_ROLES } from '../../../shared/roles';
import { messageSchema, noteSchema } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import { notFound, validationFailed } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { messageBodySchema } from '../chats/message-input';
import { toMessageResource, toParty } from '../chats/message-resource';
import { messagingFor, publishMessageSent } from '../chats/messaging';
import cannedRepliesRoutes from './canned-replies-routes';
import { SNOOZE_SWEEP_MS, wakeSnoozed } from './snooze-sweeper';
import { publishSupport } from './support-events';
import { supportEventLog } from './support-event-log';
import { supportRepository } from './support-repository';
import { toSupportMessage } from './support-resource';
import type { SupportSequencer } from './support-sequencer';
import { supportTeamRepository } from './support-team-repository';

/**
 * The support console: roles support, moderator and admin (STAFF_ROLES, the
 * same staff that may join `private-support`). Every change is logged and,
 * after its commit, numbered and published on `private-support` by the
 * sequencer before the handler answers. Registered by support-routes, inside
 * the scope where multipart bodies are parsed.
 */
const supportConsoleRoutes: FastifyPluginAsyncTypebox<{ sequencer: SupportSequencer }> = async (app, { sequencer }) => {
  await app.register(cannedRepliesRoutes);
  const staff = app.requireRole(...STAFF_ROLES);
  const support = supportRepository(app.db);
  const eventLog = supportEventLog(app.db);
  const team = supportTeamRepository(app.db);
  const messaging = messagingFor(app);
  const tags = ['support console'];

  const sweep = () => wakeSnoozed(app.db, support, sequencer);
  const timer = setInterval(() => void sweep().catch((err: unknown) => app.log.error({ err }, 'waking snoozed conversations failed')), SNOOZE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  async function conversationFor(agentId: number, chatId: number) {
    const conversation = await support.forAgent(agentId, chatId);
    if (!conversation) throw notFound();
    return conversation;
  }

  app.get(
    '/support/conversations',
    { preHandler: staff, schema: { tags, summary: 'The queue: filters mine/unassigned/all, status, unread, search, changed since', querystring: QueueQuery, response: { 200: QueuePage } } },
    async (request) => {
      await sweep();
      // Read before the page: events that commit meanwhile are both in the page and after last_seq (applied twice, harmlessly).
      const lastSeq = await eventLog.lastSeq();
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await support.queue(currentUser(request).id, request.query);
      return {
        data: rows,
        meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)), last_seq: lastSeq },
      };
    },
  );

  app.get(
    '/support/counts',
    { preHandler: staff, schema: { tags, summary: 'My unread totals per filter and conversations per status', response: { 200: DataEnvelope(SupportCounts) } } },
    async (request) => {
      await sweep();
      return { data: await support.counts(currentUser(request).id) };
    },
  );

  app.get(
    '/support/events',
    { preHandler: staff, schema: { tags, summary: 'Console events after a seq (catching up after a reconnect)', querystring: EventsQuery, response: { 200: EventsPage } } },
    async (request) => {
      const { after, limit } = request.query;
      const [rows, lastSeq] = await Promise.all([eventLog.events(after, limit + 1), eventLog.lastSeq()]);
      const page = rows.slice(0, limit);
      const reset = after > lastSeq;
      const data: SupportEventResource[] = page.map((row) => ({
        seq: row.seq,
        type: row.type as SupportEventResource['type'],
        conversation_id: row.chatId,
        data: { ...row.payload, seq: row.seq },
        created_at: iso(row.createdAt),
      }));
      return {
        data,
        meta: { last_seq: page.length ? page[page.length - 1].seq : reset ? lastSeq : after, has_more: rows.length > limit, reset },
      };
    },
  );

  app.get(
    '/support/agents',
    { preHandler: staff, schema: { tags, summary: 'Staff who can be assigned conversations', response: { 200: DataEnvelope(Type.Array(AgentResource)) } } },
    async () => ({ data: await team.agents() }),
  );

  app.get(
    '/support/conversations/:id',
    { preHandler: staff, schema: { tags, summary: 'One conversation', params: IdParams, response: { 200: DataEnvelope(SupportConversationResource) } } },
    async (request) => ({ data: await conversationFor(currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/support/conversations/:id/messages',
    { preHandler: staff, schema: { tags, summary: 'History of a conversation, paged backwards', params: IdParams, querystring: MessagesQuery, response: { 200: SupportMessagePage } } },
    async (request) => {
      const conversation = await support.get(request.params.id);
      if (!conversation) throw notFound();
      const { before, limit } = request.query;
      const page = await messaging.messages.page(conversation.chatId, before ? Number(before) : undefined, limit);
      return { data: page.data.map((m) => toSupportMessage(m, conversation.userId)), meta: { next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/support/conversations/:id/messages',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Reply to the customer (JSON or multipart, as POST /v1/support/messages); assigns an unassigned conversation to me',
        consumes: ['application/json', 'multipart/form-data'],
        body: messageBodySchema(MessageBody),
        params: IdParams,
        response: { 200: DataEnvelope(SupportMessageResource), 201: DataEnvelope(SupportMessageResource) },
      },
    },
    async (request, reply) => {
      const agent = currentUser(request);
      const result = await messaging.send(request, {
        schema: messageSchema,
        fields: MessageBody,
        sender: agent,
        async target() {
          const conversation = await support.get(request.params.id);
          if (!conversation) throw notFound();
          return conversation;
        },
        chatIn: async (_tx, conversation) => conversation.chatId,
        async write(tx, inserted, conversation) {
          const { message } = inserted;
          const brief = await support.onAgentMessage(tx, conversation.chatId, agent.id, message.id, message.createdAt);
          const resource = toSupportMessage(toMessageResource(message, toParty(agent), inserted.attachments), conversation.userId);
          await sequencer.log(tx, conversation.chatId, 'SupportMessage', { conversation: brief, message: resource });
          return resource;
        },
      });
      if (!result.created) {
        const conversation = await support.get(result.message.chat_id);
        return reply.status(200).send({ data: toSupportMessage(result.message, conversation?.userId ?? -1) });
      }
      // The customer hears it like any chat message, without waiting for the console's numbering.
      publishMessageSent(app.publisher, result.inserted.recipients, result.message, 'support');
      await sequencer.flush();
      return reply.status(201).send({ data: result.written! });
    },
  );

  app.post(
    '/support/conversations/:id/mark-as-read',
    {
      preHandler: staff,
      schema: { tags, summary: 'Mark read for me (SupportConversationRead to my other tabs)', params: IdParams, response: { 200: DataEnvelope(Type.Object({ conversation_id: Type.Integer(), count: Type.Integer() })) } },
    },
    async (request) => {
      const agent = currentUser(request);
      const chatId = request.params.id;
      const count = await support.markReadByAgent(agent.id, chatId);
      if (count === null) throw notFound();
      if (count > 0) publishSupport(app.publisher, 'SupportConversationRead', { conversation_id: chatId, agent_id: agent.id, count });
      return { data: { conversation_id: chatId, count } };
    },
  );

  app.post(
    '/support/conversations/:id/assign',
    { preHandler: staff, schema: { tags, summary: 'Assign to an agent (or null to unassign)', params: IdParams, body: AssignBody, response: { 200: DataEnvelope(SupportConversationResource) } } },
    async (request) => {
      const actor = currentUser(request);
      const assigneeId = request.body.assignee_id;
      if (assigneeId !== null && !(await team.agent(assigneeId))) throw validationFailed({ assignee_id: [msg('support.errors.notAgent')] });
      const changed = await app.db.transaction(async (tx) => {
        const conversation = await support.lock(tx, request.params.id);
        if (!conversation) throw notFound();
        if (conversation.assigneeId === assigneeId) return false;
        await support.setAssignee(tx, conversation.chatId, assigneeId);
        const brief = await support.brief(tx, conversation.chatId);
        await sequencer.log(tx, conversation.chatId, 'SupportConversationUpdated', { change: 'assigned', actor: toParty(actor), conversation: brief });
        return true;
      });
      if (changed) await sequencer.flush();
      return { data: await conversationFor(actor.id, request.params.id) };
    },
  );

  app.post(
    '/support/conversations/:id/status',
    {
      preHandler: staff,
      schema: { tags, summary: 'Set the status (snoozed needs snoozed_until in the future)', params: IdParams, body: StatusBody, response: { 200: DataEnvelope(SupportConversationResource) } },
    },
    async (request) => {
      const actor = currentUser(request);
      const { status } = request.body;
      let snoozedUntil: Date | null = null;
      if (status === 'snoozed') {
        const until = request.body.snoozed_until ? new Date(request.body.snoozed_until) : null;
        if (!until || Number.isNaN(until.getTime()) || until.getTime() <= Date.now()) {
          throw validationFailed({ snoozed_until: [msg('support.errors.snoozeFuture')] });
        }
        snoozedUntil = until;
      }
      const changed = await app.db.transaction(async (tx) => {
        const conversation = await support.lock(tx, request.params.id);
        if (!conversation) throw notFound();
        if (conversation.status === status && conversation.snoozedUntil?.getTime() === snoozedUntil?.getTime()) return false;
        await support.setStatus(tx, conversation.chatId, status, snoozedUntil);
        const brief = await support.brief(tx, conversation.chatId);
        await sequencer.log(tx, conversation.chatId, 'SupportConversationUpdated', { change: 'status', actor: toParty(actor), conversation: brief });
        return true;
      });
      if (changed) await sequencer.flush();
      return { data: await conversationFor(actor.id, request.params.id) };
    },
  );

  app.get(
    '/support/conversations/:id/notes',
    { preHandler: staff, schema: { tags, summary: 'Private notes (staff only), oldest first', params: IdParams, response: { 200: DataEnvelope(Type.Array(SupportNoteResource)) } } },
    async (request) => {
      if (!(await support.get(request.params.id))) throw notFound();
      return { data: await team.notes(request.params.id) };
    },
  );

  app.post(
    '/support/conversations/:id/notes',
    { preHandler: staff, schema: { tags, summary: 'Add a private note (never shown to the customer)', params: IdParams, body: NoteBody, response: { 201: DataEnvelope(SupportNoteResource) } } },
    async (request, reply) => {
      const author = currentUser(request);
      const { content } = await validateShared(noteSchema, request.body);
      const note = await app.db.transaction(async (tx) => {
        const conversation = await support.lock(tx, request.params.id);
        if (!conversation) throw notFound();
        const added = await team.addNote(tx, conversation.chatId, author, content);
        await sequencer.log(tx, conversation.chatId, 'SupportNoteAdded', { note: added });
        return added;
      });
      await sequencer.flush();
      return reply.status(201).send({ data: note });
    },
  );
};

export default supportConsoleRoutes;
