import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creativeContests, creativeWorks, type CreativeContest } from '../../db/schema';
import type { ContestInput } from '../../../shared/validation/olympiad-works';

export type ContestState = 'upcoming' | 'open' | 'closed';

/** Works are accepted from the start up to (not including) the end. */
export function contestState(contest: Pick<CreativeContest, 'startsAt' | 'endsAt'>, now: Date): ContestState {
  if (now < contest.startsAt) return 'upcoming';
  return now < contest.endsAt ? 'open' : 'closed';
}

const STATE_ORDER: Record<ContestState, number> = { open: 0, upcoming: 1, closed: 2 };

const columnsOf = (input: ContestInput) => ({
  titleRu: input.title_ru,
  titleEn: input.title_en,
  descriptionRu: input.description_ru,
  descriptionEn: input.description_en,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  stageKinds: input.stage_kinds as CreativeContest['stageKinds'],
  categories: input.categories as CreativeContest['categories'],
  worksPerParticipant: input.works_per_participant,
});

export function contestsRepository(db: Db) {
  return {
    /** Every contest, open ones first, then upcoming, then closed; newest start first within each. */
    async all(now: Date): Promise<CreativeContest[]> {
      const rows = await db.select().from(creativeContests).orderBy(desc(creativeContests.startsAt), asc(creativeContests.id));
      return rows.sort((a, b) => STATE_ORDER[contestState(a, now)] - STATE_ORDER[contestState(b, now)]);
    },

    async byId(id: number, executor: Db = db): Promise<CreativeContest | null> {
      const [row] = await executor.select().from(creativeContests).where(eq(creativeContests.id, id));
      return row ?? null;
    },

    /** Published works per contest. */
    async publishedCounts(ids: number[]): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ contestId: creativeWorks.contestId, n: count() })
        .from(creativeWorks)
        .where(and(inArray(creativeWorks.contestId, ids), eq(creativeWorks.status, 'approved')))
        .groupBy(creativeWorks.contestId);
      return new Map(rows.map((r) => [r.contestId, Number(r.n)]));
    },

    /** A participant's works per contest, in every state (each counts towards the limit). */
    async entriesOf(participantId: number, ids: number[], executor: Db = db): Promise<Map<number, number>> {
      if (!ids.length) return new Map();
      const rows = await executor
        .select({ contestId: creativeWorks.contestId, n: count() })
        .from(creativeWorks)
        .where(and(eq(creativeWorks.participantId, participantId), inArray(creativeWorks.contestId, ids)))
        .groupBy(creativeWorks.contestId);
      return new Map(rows.map((r) => [r.contestId, Number(r.n)]));
    },

    async create(input: ContestInput, staffId: number): Promise<CreativeContest> {
      const [row] = await db.insert(creativeContests).values({ ...columnsOf(input), createdBy: staffId }).returning();
      return row;
    },

    async update(id: number, input: ContestInput): Promise<CreativeContest | null> {
      const [row] = await db
        .update(creativeContests)
        .set(columnsOf(input))
        .where(eq(creativeContests.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type ContestsRepository = ReturnType<typeof contestsRepository>;
