import fp from 'fastify-plugin';
import { createNotifier, type Notifier } from '../modules/notifications/notifier';
import { createPusherPublisher, type Publisher } from '../modules/realtime/publisher';
import type { UnreadMessagesSource } from '../modules/dashboard/dashboard-routes';

declare module 'fastify' {
  interface FastifyInstance {
    publisher: Publisher;
    notifier: Notifier;
  }
}

/** The app's outgoing realtime side: the publisher (injectable in tests) and the notifier built on it. */
export default fp<{ publisher?: Publisher }>(async (app, options) => {
  const publisher = options.publisher ?? createPusherPublisher(app.config.pusher, app.log);
  app.decorate('publisher', publisher);
  app.decorate('notifier', createNotifier(app.db, publisher));
  app.decorate('unreadMessageSources', [] as UnreadMessagesSource[]);
  app.addHook('onClose', async () => {
    if (!options.publisher) await publisher.close();
  });
}, { name: 'realtime', dependencies: ['database'] });
