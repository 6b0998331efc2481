import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { Int4 } from '../../../shared/api/numbers';
import { NotificationPage, NotificationResource, StaffNotificationBody } from '../../../shared/api/notifications';
import { userChannel } from '../../../shared/api/realtime-events';
import { notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { toNotificationResource } from './notification-resource';
import { notificationsRepository } from './notifications-repository';

const PageQuery = Type.Object({
  page: Int4({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});

const notificationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = notificationsRepository(app.db);

  app.get(
    '/notifications',
    { preHandler: app.authenticate, schema: { tags: ['notifications'], summary: 'My notifications, newest first', querystring: PageQuery, response: { 200: NotificationPage } } },
    async (request) => {
      const user = currentUser(request);
      const { page, per_page: perPage } = request.query;
      const { rows, total } = await repository.page(user.id, page, perPage);
      return {
        data: rows.map(toNotificationResource),
        meta: { current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
      };
    },
  );

  app.patch(
    '/notifications/:id/read',
    { preHandler: app.authenticate, schema: { tags: ['notifications'], summary: 'Mark one notification read', params: IdParams, response: { 200: DataEnvelope(NotificationResource) } } },
    async (request) => {
      const user = currentUser(request);
      const result = await repository.markRead(user.id, request.params.id);
      if (!result) throw notFound();
      // The reader's other tabs and devices lower their badge too.
      if (result.changed) app.publisher.publish(userChannel(user.id), 'NotificationsRead', { count: 1 });
      return { data: toNotificationResource(result.row) };
    },
  );

  app.post(
    '/notifications/read-all',
    { preHandler: app.authenticate, schema: { tags: ['notifications'], summary: 'Mark every notification read', response: { 200: DataEnvelope(Type.Object({ count: Type.Integer() })) } } },
    async (request) => {
      const user = currentUser(request);
      const count = await repository.markAllRead(user.id);
      if (count > 0) app.publisher.publish(userChannel(user.id), 'NotificationsRead', { count });
      return { data: { count } };
    },
  );

  app.post(
    '/admin/notifications',
    {
      preHandler: app.requireRole('admin', 'support'),
      schema: { tags: ['notifications'], summary: 'Staff: send a notification to a user', body: StaffNotificationBody, response: { 201: DataEnvelope(NotificationResource) } },
    },
    async (request, reply) => {
      const { user_id: userId, title, body } = request.body;
      if (!(await repository.recipientExists(userId))) throw notFound();
      const row = await app.notifier.notify({ userId, type: 'announcement', title, body, data: { from: currentUser(request).id } });
      return reply.status(201).send({ data: toNotificationResource(row) });
    },
  );
};

export default notificationsRoutes;
