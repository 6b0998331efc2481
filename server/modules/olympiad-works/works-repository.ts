import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creativeContests, creativeWorkDecisions, creativeWorks, olympiadParticipants, users, type CreativeWork } from '../../db/schema';

/** A work with what every resource of it shows: its contest's titles and its author's public name. */
export interface WorkRow {
  work: CreativeWork;
  contest: { id: number; titleRu: string; titleEn: string };
  author: { login: string; category: string };
}

export interface DecisionRow {
  workId: number;
  decision: CreativeWork['status'];
  reason: string | null;
  moderator: string | null;
  decidedAt: Date;
}

export type NewWork = typeof creativeWorks.$inferInsert;

export function worksRepository(db: Db) {
  const rows = (executor: Db = db) =>
    executor
      .select({
        work: creativeWorks,
        contest: { id: creativeContests.id, titleRu: creativeContests.titleRu, titleEn: creativeContests.titleEn },
        author: { login: olympiadParticipants.login, category: olympiadParticipants.category },
      })
      .from(creativeWorks)
      .innerJoin(creativeContests, eq(creativeContests.id, creativeWorks.contestId))
      .innerJoin(olympiadParticipants, eq(olympiadParticipants.userId, creativeWorks.participantId));

  return {
    rows,

    async byId(id: number, executor: Db = db): Promise<WorkRow | null> {
      const [row] = await rows(executor).where(eq(creativeWorks.id, id));
      return row ?? null;
    },

    /** One's own work, or null (another participant's work is as good as missing). */
    async own(id: number, participantId: number, executor: Db = db): Promise<WorkRow | null> {
      const [row] = await rows(executor).where(and(eq(creativeWorks.id, id), eq(creativeWorks.participantId, participantId)));
      return row ?? null;
    },

    async byUploadKey(participantId: number, uploadKey: string, executor: Db = db): Promise<WorkRow | null> {
      const [row] = await rows(executor).where(and(eq(creativeWorks.participantId, participantId), eq(creativeWorks.uploadKey, uploadKey)));
      return row ?? null;
    },

    /** Every work of a participant, newest first. */
    mine(participantId: number): Promise<WorkRow[]> {
      return rows().where(eq(creativeWorks.participantId, participantId)).orderBy(desc(creativeWorks.createdAt), desc(creativeWorks.id));
    },

    /** Inserts the work unless the same upload key is already there (a retried upload): null then. */
    async insert(tx: Db, values: NewWork): Promise<number | null> {
      const [row] = await tx.insert(creativeWorks).values(values).onConflictDoNothing().returning({ id: creativeWorks.id });
      return row?.id ?? null;
    },

    /** Decisions of the given works, oldest first, with the moderator's name. */
    async decisionsOf(workIds: number[]): Promise<Map<number, DecisionRow[]>> {
      const found = new Map<number, DecisionRow[]>();
      if (!workIds.length) return found;
      const list = await db
        .select({
          workId: creativeWorkDecisions.workId,
          decision: creativeWorkDecisions.decision,
          reason: creativeWorkDecisions.reason,
          moderator: users.name,
          decidedAt: creativeWorkDecisions.decidedAt,
        })
        .from(creativeWorkDecisions)
        .leftJoin(users, eq(users.id, creativeWorkDecisions.moderatorId))
        .where(inArray(creativeWorkDecisions.workId, workIds))
        .orderBy(asc(creativeWorkDecisions.decidedAt), asc(creativeWorkDecisions.id));
      for (const row of list) {
        const entry = { ...row, moderator: row.moderator || null };
        (found.get(row.workId) ?? found.set(row.workId, []).get(row.workId)!).push(entry);
      }
      return found;
    },

    /** Names of users (moderators holding claims). */
    async namesOf(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const list = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
      return new Map(list.map((u) => [u.id, u.name || u.email || `#${u.id}`]));
    },

    /** Locks the participant's row: their uploads and edits in one contest are counted one at a time. */
    async lockParticipant(tx: Db, participantId: number): Promise<void> {
      await tx.execute(sql`select 1 from ${olympiadParticipants} where ${olympiadParticipants.userId} = ${participantId} for update`);
    },
  };
}

export type WorksRepository = ReturnType<typeof worksRepository>;
