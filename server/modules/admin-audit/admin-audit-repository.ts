import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditQuery, AuditRow } from '../../../shared/api/admin-users';
import type { Db } from '../../db/client';
import { adminAuditLog, users } from '../../db/schema';
import { iso } from '../../lib/serialize';
import { displayName } from '../admin-users/admin-users-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A `YYYY-MM-DD` that names a real day, as the UTC midnight it starts at; null otherwise (2026-02-30). */
export function dayStart(day: string): Date | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** The audit log as admins read it: newest first, with the actor's name. */
export function adminAuditRepository(db: Db) {
  return {
    async page(query: AuditQuery, from: Date | null, to: Date | null): Promise<{ rows: AuditRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (query.actor_id !== undefined) conditions.push(eq(adminAuditLog.actorId, query.actor_id));
      if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
      if (query.target_type) conditions.push(eq(adminAuditLog.targetType, query.target_type));
      if (query.target_id !== undefined) conditions.push(eq(adminAuditLog.targetId, query.target_id));
      if (from) conditions.push(gte(adminAuditLog.createdAt, from));
      // `to` is a whole day: everything before the next midnight.
      if (to) conditions.push(lt(adminAuditLog.createdAt, new Date(to.getTime() + DAY_MS)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [list, [total]] = await Promise.all([
        db
          .select({ row: adminAuditLog, actor: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
          .from(adminAuditLog)
          .leftJoin(users, eq(users.id, adminAuditLog.actorId))
          .where(where)
          .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(adminAuditLog).where(where),
      ]);
      return {
        rows: list.map(({ row, actor }) => ({
          id: row.id,
          actor: actor ? { id: actor.id, name: displayName(actor) } : null,
          action: row.action,
          target_type: row.targetType,
          target_id: row.targetId,
          before: row.before ?? null,
          after: row.after ?? null,
          reason: row.reason,
          created_at: iso(row.createdAt),
        })),
        total: Number(total.n),
      };
    },
  };
}
