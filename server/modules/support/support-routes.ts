import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { MarkReadResult, MessageBody, MessagesQuery } from '../../../shared/api/chats';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { userChannel } from '../../../shared/api/realtime-events';
import { SupportChatResource, SupportMessagePage, SupportMessageResource } from '../../../shared/api/support';
import { messageSchema } from '../../../shared/validation/chats';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { chatsRepository } from '../chats/chats-repository';
import { messageBodySchema, MULTIPART_LIMITS } from '../chats/message-input';
import { toMessageResource, toParty } from '../chats/message-resource';
import { messagingFor, publishMessageSent } from '../chats/messaging';
import supportConsoleRoutes from './support-console-routes';
import { supportRepository } from './support-repository';
import { SEQUENCER_SWEEP_MS, supportSequencerFor } from './support-sequencer';
import { toSupportMessage } from './support-resource';

/**
 * The user's side of support: one conversation per user, created on first
 * use. Only its owner reaches it here (anyone else: 404); staff work it
 * through the console routes. Both sides log console events through one
 * sequencer, which numbers and publishes them after their commits.
 */
const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const support = supportRepository(app.db);
  const sequencer = await supportSequencerFor(app.database, app.publisher, app.log);
  // Picks up events whose own flush failed (or whose process died before it).
  // A sweep under way at close is waited for: it may still start a run, which must not meet a closed database.
  let sweeping: Promise<void> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = sequencer.sweep();
  }, SEQUENCER_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await sweeping;
    await sequencer.idle();
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(supportConsoleRoutes, { sequencer });
  const chats = chatsRepository(app.db);
  const messaging = messagingFor(app);

  async function ownConversation(userId: number, chatId: number) {
    const conversation = await support.findByUser(userId);
    if (!conversation || conversation.chatId !== chatId) throw notFound();
    return conversation;
  }

  app.get(
    '/support/chat',
    { preHandler: app.authenticate, schema: { tags: ['support'], summary: 'My support conversation (created on first call)', response: { 200: DataEnvelope(SupportChatResource) } } },
    async (request) => {
      const conversation = await support.ensureForUser(currentUser(request).id);
      return { data: await support.userChat(conversation) };
    },
  );

  app.get(
    '/support/chats/:id/messages',
    {
      preHandler: app.authenticate,
      schema: { tags: ['support'], summary: 'History of my support conversation, paged backwards', params: IdParams, querystring: MessagesQuery, response: { 200: SupportMessagePage } },
    },
    async (request) => {
      const user = currentUser(request);
      await ownConversation(user.id, request.params.id);
      const { before, limit } = request.query;
      const page = await messaging.messages.page(request.params.id, before ? Number(before) : undefined, limit);
      return { data: page.data.map((m) => toSupportMessage(m, user.id)), meta: { next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/support/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['support'],
        summary: 'Write to support (JSON or multipart, as POST /v1/messages without chat_id/recipient_id)',
        consumes: ['application/json', 'multipart/form-data'],
        body: messageBodySchema(MessageBody),
        response: { 200: DataEnvelope(SupportMessageResource), 201: DataEnvelope(SupportMessageResource) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await messaging.send(request, {
        schema: messageSchema,
        fields: MessageBody,
        sender: user,
        target: () => support.ensureForUser(user.id),
        chatIn: async (_tx, conversation) => conversation.chatId,
        async write(tx, inserted, conversation) {
          const { message } = inserted;
          const brief = await support.onCustomerMessage(tx, conversation.chatId, message.id, message.createdAt);
          const resource = toSupportMessage(toMessageResource(message, toParty(user), inserted.attachments), user.id);
          await sequencer.log(tx, conversation.chatId, 'SupportMessage', { conversation: brief, message: resource });
          return resource;
        },
      });
      if (!result.created) return reply.status(200).send({ data: toSupportMessage(result.message, user.id) });
      // The user's other tabs and devices, without waiting for the console's numbering.
      publishMessageSent(app.publisher, [user.id], result.message, 'support');
      await sequencer.flush();
      return reply.status(201).send({ data: result.written! });
    },
  );

  app.post(
    '/support/chats/:id/mark-as-read',
    {
      preHandler: app.authenticate,
      schema: { tags: ['support'], summary: 'Mark my support conversation read (MessagesRead to my other tabs)', params: IdParams, response: { 200: DataEnvelope(MarkReadResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      const chatId = request.params.id;
      await ownConversation(user.id, chatId);
      const count = (await chats.markRead(user.id, chatId)) ?? 0;
      if (count > 0) app.publisher.publish(userChannel(user.id), 'MessagesRead', { chat_id: chatId, count });
      return { data: { chat_id: chatId, count } };
    },
  );
};

export default supportRoutes;
