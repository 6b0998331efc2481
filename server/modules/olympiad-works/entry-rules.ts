import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { olympiadAttempts, olympiadFinalResults, olympiadStages, olympiadTests, type CreativeContest } from '../../db/schema';
import type { StageKind } from '../../../shared/validation/olympiad-options';
import { HttpError } from '../../lib/http-error';
import { contestState } from './contests-repository';

/** What decides whether a participant may enter a work now. */
export interface Entrant {
  category: string;
  /** The stages they took part in (an attempt at one of its tests, or a result of the in-person final). */
  stages: ReadonlySet<StageKind>;
  /** Their works in this contest so far, in any state. */
  entered: number;
}

/**
 * The refusal for entering a work in a contest, or null: the contest must be open, admit the
 * participant's category and one of the stages they took part in (when it names any), and
 * they must not have reached its limit of works. Each refusal is a 422 naming `contest_id`.
 */
export function entryRefusal(contest: CreativeContest, entrant: Entrant, now: Date): HttpError | null {
  const refuse = (key: string, values?: Record<string, string | number>) =>
    new HttpError(422, 'errors.validation', undefined, { contest_id: [{ key, values }] });
  const state = contestState(contest, now);
  if (state === 'upcoming') return refuse('olympiadWorks.errors.contestUpcoming');
  if (state === 'closed') return refuse('olympiadWorks.errors.contestClosed');
  if (contest.categories.length && !contest.categories.includes(entrant.category as CreativeContest['categories'][number])) {
    return refuse('olympiadWorks.errors.categoryNotAllowed');
  }
  if (contest.stageKinds.length && !contest.stageKinds.some((kind) => entrant.stages.has(kind))) return refuse('olympiadWorks.errors.stageNotAllowed');
  if (entrant.entered >= contest.worksPerParticipant) return refuse('olympiadWorks.errors.limitReached', { max: contest.worksPerParticipant });
  return null;
}

/** The stages a participant took part in; read only when some contest asks. */
export async function stagesOf(db: Db, userId: number): Promise<Set<StageKind>> {
  const rows = await db
    .selectDistinct({ kind: olympiadStages.kind })
    .from(olympiadStages)
    .where(
      or(
        inArray(
          olympiadStages.id,
          db
            .select({ id: olympiadTests.stageId })
            .from(olympiadAttempts)
            .innerJoin(olympiadTests, eq(olympiadTests.id, olympiadAttempts.testId))
            .where(eq(olympiadAttempts.userId, userId)),
        ),
        inArray(
          olympiadStages.id,
          db
            .select({ id: olympiadFinalResults.stageId })
            .from(olympiadFinalResults)
            .where(eq(olympiadFinalResults.userId, userId)),
        ),
      ),
    );
  return new Set(rows.map((r) => r.kind as StageKind));
}
