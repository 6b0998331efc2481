import { asc, eq } from 'drizzle-orm';
import type { StageResource } from '../../../shared/api/olympiad-stages';
import { stageStateAt } from '../../../shared/validation/olympiad-stage-clock';
import type { Db } from '../../db/client';
import { olympiadStages, type OlympiadStage } from '../../db/schema';
import { iso } from '../../lib/serialize';

export function toStageResource(stage: OlympiadStage, now: Date): StageResource {
  const times = { starts_at: iso(stage.startsAt), ends_at: iso(stage.endsAt), ended: stage.endedAt !== null };
  return {
    id: stage.id,
    kind: stage.kind,
    position: stage.position,
    ...times,
    state: stageStateAt(times, now.getTime()),
    time_limit_minutes: stage.timeLimitMinutes,
    attempts_allowed: stage.attemptsAllowed,
    essay_minutes: stage.essayMinutes,
    essay_max_chars: stage.essayMaxChars,
    in_person: stage.inPerson,
  };
}

export function stagesRepository(db: Db) {
  return {
    list(): Promise<OlympiadStage[]> {
      return db.select().from(olympiadStages).orderBy(asc(olympiadStages.position));
    },

    async byId(id: number): Promise<OlympiadStage | null> {
      const [row] = await db.select().from(olympiadStages).where(eq(olympiadStages.id, id)).limit(1);
      return row ?? null;
    },

    /** Dates as staff set them; `ended` keeps the first moment it was marked, and unmarking reopens the stage. */
    async update(stage: OlympiadStage, input: { startsAt: Date; endsAt: Date; ended: boolean }, now: Date): Promise<OlympiadStage> {
      const [row] = await db
        .update(olympiadStages)
        .set({ startsAt: input.startsAt, endsAt: input.endsAt, endedAt: input.ended ? (stage.endedAt ?? now) : null })
        .where(eq(olympiadStages.id, stage.id))
        .returning();
      return row;
    },
  };
}
