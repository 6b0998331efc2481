import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users, type Notification } from '../../db/schema';

export function notificationsRepository(db: Db) {
  return {
    async create(values: { userId: number; type: string; title: string; body: string; data?: Record<string, unknown> }): Promise<Notification> {
      const [row] = await db.insert(notifications).values({ ...values, data: values.data ?? {} }).returning();
      return row;
    },

    /** Several notifications in one statement (a checkout tells several people at once). */
    async createMany(rows: Array<{ userId: number; type: string; title: string; body: string; data?: Record<string, unknown> }>, executor: Db = db): Promise<Notification[]> {
      if (!rows.length) return [];
      return executor.insert(notifications).values(rows.map((values) => ({ ...values, data: values.data ?? {} }))).returning();
    },

    async page(userId: number, page: number, perPage: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId)),
      ]);
      return { rows, total: Number(total.value) };
    },

    async unreadCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row.value);
    },

    /** Marks one of the user's notifications read; null when it is not theirs. `changed` is false when it already was. */
    async markRead(userId: number, id: number): Promise<{ row: Notification; changed: boolean } | null> {
      const [updated] = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning();
      if (updated) return { row: updated, changed: true };
      const [existing] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .limit(1);
      return existing ? { row: existing, changed: false } : null;
    },

    /** Whether the user a notification is for exists. */
    async recipientExists(userId: number): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return rows.length > 0;
    },

    async markAllRead(userId: number): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
