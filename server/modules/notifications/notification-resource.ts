import type { NotificationResource } from '../../../shared/api/notifications';
import type { Notification } from '../../db/schema';
import { iso } from '../../lib/serialize';

export const toNotificationResource = (row: Notification): NotificationResource => ({
  id: row.id,
  type: row.type,
  title: row.title,
  body: row.body,
  data: row.data,
  read_at: row.readAt ? iso(row.readAt) : null,
  created_at: iso(row.createdAt),
});
