import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { broadcasts, users, type Broadcast } from '../../db/schema';
import { toBroadcastResource } from './broadcast-resource';

/** Reads of broadcasts as the admin sees them (with who wrote each). */
export function broadcastsRepository(db: Db) {
  async function resources(rows: Broadcast[]) {
    const ids = [...new Set(rows.map((row) => row.createdBy).filter((id): id is number => id !== null))];
    const authors = ids.length ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)) : [];
    const byId = new Map(authors.map((author) => [author.id, author]));
    return rows.map((row) => toBroadcastResource(row, row.createdBy === null ? null : (byId.get(row.createdBy) ?? null)));
  }
  return {
    resources,
    async one(id: number) {
      const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
      return row ? (await resources([row]))[0] : null;
    },
    async page(page: number, perPage: number) {
      const [rows, [total]] = await Promise.all([
        db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)).limit(perPage).offset((page - 1) * perPage),
        db.select({ value: count() }).from(broadcasts),
      ]);
      return { data: await resources(rows), total: Number(total.value) };
    },
  };
}
