import { userChannel } from '../../../shared/api/realtime-events';
import type { Db } from '../../db/client';
import type { Notification } from '../../db/schema';
import type { Publisher } from '../realtime/publisher';
import { toNotificationResource } from './notification-resource';
import { notificationsRepository } from './notifications-repository';

export interface NewNotification {
  userId: number;
  type: string;
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

/**
 * The one way the server tells a user something: store it, then (after the
 * insert is committed) publish `NotificationSent` on the user's channel.
 */
export function createNotifier(db: Db, publisher: Publisher) {
  const repository = notificationsRepository(db);
  return {
    async notify(input: NewNotification): Promise<Notification> {
      const row = await repository.create(input);
      publisher.publish(userChannel(input.userId), 'NotificationSent', { notification: toNotificationResource(row) });
      return row;
    },
    /**
     * Several at once, stored in the caller's transaction (one insert) so they
     * commit with what they tell of; `publish` them once it has committed.
     */
    async store(executor: Db, inputs: NewNotification[]): Promise<{ rows: Notification[]; publish(): void }> {
      const rows = await repository.createMany(inputs, executor);
      return { rows, publish: () => rows.forEach((row) => publisher.publish(userChannel(row.userId), 'NotificationSent', { notification: toNotificationResource(row) })) };
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
