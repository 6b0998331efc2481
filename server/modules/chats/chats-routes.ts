import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ChatListQuery,
  ChatMessageResource,
  ChatPage,
  ChatResource,
  MarkReadResult,
  MessagePage,
  MessagesQuery,
  NewMessageBody,
} from '../../../shared/api/chats';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { userChannel } from '../../../shared/api/realtime-events';
import { newMessageSchema } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import { notFound, validationFailed } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import attachmentsRoutes from './attachments-routes';
import { subjectAllows, type Subject } from './chat-subjects';
import { chatsRepository } from './chats-repository';
import { messageBodySchema, MULTIPART_LIMITS } from './message-input';
import { messagingFor, publishMessageSent } from './messaging';

interface DirectTarget {
  chatId: number | null;
  recipientId: number;
  subject: Subject | null;
}

/** JSON bodies are checked by `NewMessageBody`; multipart forms are read by the same fields (messageBodySchema). */
const MessageBodyDoc = {
  body: messageBodySchema(NewMessageBody),
  description:
    'JSON (text only) or multipart/form-data with the same fields as text parts and up to 5 file parts named `files` ' +
    '(PNG, JPEG, WebP up to 10 MB; PDF up to 5 MB; recognised by content). Exactly one of `chat_id` or `recipient_id`.',
  consumes: ['application/json', 'multipart/form-data'],
};

/** Buyer–seller chats: `/v1/chats*`, `/v1/messages`, attachments. */
const chatsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(attachmentsRoutes);
  const chats = chatsRepository(app.db);
  const messaging = messagingFor(app);
  app.unreadMessageSources.push((userId) => chats.unreadTotal(userId));

  app.get(
    '/chats',
    { preHandler: app.authenticate, schema: { tags: ['chats'], summary: 'My chats, newest activity first', querystring: ChatListQuery, response: { 200: ChatPage } } },
    async (request) => {
      const user = currentUser(request);
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await chats.page(user.id, page, perPage, request.lang);
      return { data: rows, meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) } };
    },
  );

  app.get(
    '/chats/:id',
    { preHandler: app.authenticate, schema: { tags: ['chats'], summary: 'One of my chats', params: IdParams, response: { 200: DataEnvelope(ChatResource) } } },
    async (request) => {
      const chat = await chats.findForMember(currentUser(request).id, request.params.id, request.lang);
      if (!chat) throw notFound();
      return { data: chat };
    },
  );

  app.get(
    '/chats/:id/messages',
    {
      preHandler: app.authenticate,
      schema: { tags: ['chats'], summary: 'History of a chat, paged backwards by cursor', params: IdParams, querystring: MessagesQuery, response: { 200: MessagePage } },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await chats.membership(user.id, request.params.id, 'direct'))) throw notFound();
      const { before, limit } = request.query;
      const page = await messaging.messages.page(request.params.id, before ? Number(before) : undefined, limit);
      return { data: page.data, meta: { next_cursor: page.nextCursor } };
    },
  );

  app.post(
    '/chats/:id/mark-as-read',
    {
      preHandler: app.authenticate,
      schema: { tags: ['chats'], summary: 'Mark a chat read (MessagesRead to my other tabs)', params: IdParams, response: { 200: DataEnvelope(MarkReadResult) } },
    },
    async (request) => {
      const user = currentUser(request);
      const chatId = request.params.id;
      if (!(await chats.membership(user.id, chatId, 'direct'))) throw notFound();
      const count = (await chats.markRead(user.id, chatId)) ?? 0;
      if (count > 0) app.publisher.publish(userChannel(user.id), 'MessagesRead', { chat_id: chatId, count });
      return { data: { chat_id: chatId, count } };
    },
  );

  app.post(
    '/messages',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['chats'],
        summary: 'Send a message to a user (starting a chat) or into a chat',
        ...MessageBodyDoc,
        response: { 200: DataEnvelope(ChatMessageResource), 201: DataEnvelope(ChatMessageResource) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const result = await messaging.send(request, {
        schema: newMessageSchema,
        fields: NewMessageBody,
        sender: user,
        async target(input): Promise<DirectTarget> {
          if (input.chat_id !== undefined) {
            const chat = await chats.directWithOther(user.id, input.chat_id);
            if (!chat) throw notFound();
            if (chat.otherId === null) throw validationFailed({ chat_id: [msg('chats.errors.recipientGone')] });
            return { chatId: chat.chatId, recipientId: chat.otherId, subject: null };
          }
          const recipientId = input.recipient_id!;
          if (recipientId === user.id) throw validationFailed({ recipient_id: [msg('chats.errors.selfChat')] });
          if (!(await chats.userExists(recipientId))) throw validationFailed({ recipient_id: [msg('chats.errors.recipientGone')] });
          const subject = input.subject_type && input.subject_id ? { type: input.subject_type as Subject['type'], id: input.subject_id } : null;
          if (subject && !(await subjectAllows(app.db, subject, user.id, recipientId))) throw validationFailed({ subject_id: [msg('chats.errors.subjectGone')] });
          return { chatId: null, recipientId, subject };
        },
        chatIn: async (tx, target) => target.chatId ?? chats.findOrCreateDirect(tx, user.id, target.recipientId, target.subject),
        createsChat: (target) => target.chatId === null,
      });
      if (!result.created) return reply.status(200).send({ data: result.message });
      // After the commit: the recipient, and the sender's other tabs and devices.
      publishMessageSent(app.publisher, [...result.inserted.recipients, user.id], result.message, 'direct');
      return reply.status(201).send({ data: result.message });
    },
  );
};

export default chatsRoutes;
