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
    /** Several at once: one insert, then each published to its user. */
    async notifyMany(inputs: NewNotification[]): Promise<Notification[]> {
      const rows = await repository.createMany(inputs);
      for (const row of rows) publisher.publish(userChannel(row.userId), 'NotificationSent', { notification: toNotificationResource(row) });
      return rows;
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
