import { Type, type Static } from 'typebox';
import { PageMeta } from './envelope';
import { Id } from './numbers';

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 2000;

export const NotificationResource = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  title: Type.String(),
  body: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown()),
  read_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
export type NotificationResource = Static<typeof NotificationResource>;

export const NotificationPage = Type.Object({ data: Type.Array(NotificationResource), meta: PageMeta });
export type NotificationPage = Static<typeof NotificationPage>;

export const StaffNotificationBody = Type.Object({
  user_id: Id(),
  title: Type.String({ minLength: 1, maxLength: NOTIFICATION_TITLE_MAX }),
  body: Type.String({ maxLength: NOTIFICATION_BODY_MAX }),
});
