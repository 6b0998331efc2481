import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { currentUser } from '../../plugins/authentication';
import { notificationsRepository } from '../notifications/notifications-repository';

const Counts = Type.Object({
  unread_notifications: Type.Integer(),
  unread_messages: Type.Integer(),
  total_unread: Type.Integer(),
});

/** Sources of unread messages register here (the chats module); none means zero. */
export type UnreadMessagesSource = (userId: number) => Promise<number>;

declare module 'fastify' {
  interface FastifyInstance {
    unreadMessageSources: UnreadMessagesSource[];
  }
}

/** The counts the header badges show; the SPA refetches them on every (re)connect. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const notifications = notificationsRepository(app.db);
  app.get(
    '/dashboard/summary',
    { preHandler: app.authenticate, schema: { tags: ['dashboard'], summary: 'My unread counts', response: { 200: Type.Object({ data: Type.Object({ counts: Counts }) }) } } },
    async (request) => {
      const user = currentUser(request);
      const [unreadNotifications, ...messageCounts] = await Promise.all([
        notifications.unreadCount(user.id),
        ...app.unreadMessageSources.map((source) => source(user.id)),
      ]);
      const unreadMessages = messageCounts.reduce((sum, n) => sum + n, 0);
      return {
        data: {
          counts: {
            unread_notifications: unreadNotifications,
            unread_messages: unreadMessages,
            total_unread: unreadNotifications + unreadMessages,
          },
        },
      };
    },
  );
};

export default dashboardRoutes;
