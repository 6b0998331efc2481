import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportCannedReplies, type SupportCannedReply } from '../../db/schema';
import { uniqueViolation } from '../../lib/unique-violation';

export type CannedReplyFields = Pick<SupportCannedReply, 'shortcut' | 'title' | 'content'>;

/** The shared list of ready answers. `null` from a write means the shortcut belongs to another reply. */
export function cannedRepliesRepository(db: Db) {
  return {
    list: () => db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.shortcut)),

    async find(id: number): Promise<SupportCannedReply | undefined> {
      return (await db.select().from(supportCannedReplies).where(eq(supportCannedReplies.id, id)).limit(1))[0];
    },

    async create(fields: CannedReplyFields, createdBy: number): Promise<SupportCannedReply | null> {
      const [row] = await db
        .insert(supportCannedReplies)
        .values({ ...fields, createdBy })
        .onConflictDoNothing({ target: supportCannedReplies.shortcut })
        .returning();
      return row ?? null;
    },

    async update(id: number, fields: CannedReplyFields): Promise<SupportCannedReply | null> {
      try {
        const [row] = await db.update(supportCannedReplies).set(fields).where(eq(supportCannedReplies.id, id)).returning();
        return row;
      } catch (error) {
        // The unique index decides, also when another agent took the shortcut a moment ago.
        if (uniqueViolation(error) !== null) return null;
        throw error;
      }
    },

    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(supportCannedReplies).where(eq(supportCannedReplies.id, id)).returning({ id: supportCannedReplies.id });
      return rows.length > 0;
    },
  };
}
