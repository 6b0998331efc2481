import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { AttemptSummary } from '../../../shared/api/olympiad-test-attempts';
import type { StageStatistics } from '../../../shared/api/olympiad-test-results';
import type { MyTestState } from '../../../shared/api/olympiad-tests';
import type { Language } from '../../../shared/i18n/languages';
import { fromHundredths } from '../../../shared/validation/olympiad-test-points';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import type { Db } from '../../db/client';
import { olympiadAttempts, olympiadFinalResults, olympiadStages, olympiadTests, type OlympiadStage, type User } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { requireVerifiedParticipant } from '../olympiad/participant-guard';
import { finishAttempt } from './attempt-finisher';
import { toAttemptSummary } from './attempt-resource';
import { availabilityAt, isExpired, testWindow } from './test-window';
import type { TestWithStage } from './tests-repository';

/** A participant's record across attempts: what each test allows them now, their attempts, their statistics by stage. */
export function attemptHistory(db: Db) {
  /** Tests among these that someone is still taking (the review of right answers waits for them). */
  async function testsRunning(testIds: number[]): Promise<Set<number>> {
    if (!testIds.length) return new Set();
    const rows = await db
      .selectDistinct({ testId: olympiadAttempts.testId })
      .from(olympiadAttempts)
      .where(and(inArray(olympiadAttempts.testId, testIds), isNull(olympiadAttempts.finishedAt)));
    return new Set(rows.map((r) => r.testId));
  }

  async function stateFor(user: User | null, items: TestWithStage[], now: Date): Promise<Map<number, MyTestState>> {
    const states = new Map<number, MyTestState>();
    if (!user || !items.length) return states;
    let refusal: string | null = null;
    try {
      await requireVerifiedParticipant(db, user);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refusal = error.messageKey;
    }
    const rows = await db
      .select()
      .from(olympiadAttempts)
      .where(
        and(
          eq(olympiadAttempts.userId, user.id),
          inArray(
            olympiadAttempts.testId,
            items.map((i) => i.test.id),
          ),
        ),
      )
      .orderBy(asc(olympiadAttempts.number));
    for (const { test, stage } of items) {
      const mine = rows.filter((r) => r.testId === test.id);
      const live = mine.find((r) => !r.finishedAt && !isExpired(r, now)) ?? null;
      const left = test.attemptsAllowed === null ? null : Math.max(0, test.attemptsAllowed - mine.length);
      const open = availabilityAt(testWindow(test, stage), now) === 'open';
      const reason = live ? null : (refusal ?? (left === 0 ? 'olympiadTests.errors.noAttemptsLeft' : !open ? 'olympiadTests.errors.testNotOpen' : null));
      states.set(test.id, {
        attempts_used: mine.length,
        attempts_left: left,
        in_progress_attempt_id: live?.id ?? null,
        last_attempt_id: mine.at(-1)?.id ?? null,
        can_start: reason === null,
        reason,
        participant: refusal !== 'olympiad.errors.notParticipant',
      });
    }
    return states;
  }

  /** Attempts of a participant with their tests and stages, finishing any that ran out on the way. */
  async function summaries(userId: number, filter: { testId?: number; stageId?: number }, lang: Language, now: Date): Promise<AttemptSummary[]> {
    const conditions = and(
      eq(olympiadAttempts.userId, userId),
      filter.testId ? eq(olympiadAttempts.testId, filter.testId) : undefined,
      filter.stageId ? eq(olympiadTests.stageId, filter.stageId) : undefined,
    );
    const expired = await db
      .select({ id: olympiadAttempts.id })
      .from(olympiadAttempts)
      .innerJoin(olympiadTests, eq(olympiadTests.id, olympiadAttempts.testId))
      .where(and(conditions, isNull(olympiadAttempts.finishedAt), lte(olympiadAttempts.deadline, new Date(now.getTime() - GRACE_SECONDS * 1000))));
    for (const { id } of expired) await finishAttempt(db, id, now, 'deadline');
    const rows = await db
      .select({
        attempt: olympiadAttempts,
        test: olympiadTests,
        stage: olympiadStages,
        answered: sql<number>`(select count(*)::int from olympiad_attempt_questions q where q.attempt_id = ${olympiadAttempts.id} and q.answer is not null)`,
      })
      .from(olympiadAttempts)
      .innerJoin(olympiadTests, eq(olympiadTests.id, olympiadAttempts.testId))
      .innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId))
      .where(conditions)
      .orderBy(asc(olympiadStages.position), desc(olympiadAttempts.startedAt));
    const running = await testsRunning([...new Set(rows.filter((r) => r.stage.kind !== 'training').map((r) => r.test.id))]);
    return rows.map((r) =>
      toAttemptSummary({ attempt: r.attempt, test: r.test, stage: r.stage, answeredCount: Number(r.answered), othersRunning: running.has(r.test.id) }, lang, now),
    );
  }

  return {
    testsRunning,
    stateFor,
    summaries,

    /** The personal account's statistics: every stage, every attempt, and the final's result. */
    async statistics(userId: number, lang: Language, now: Date): Promise<StageStatistics[]> {
      const [stages, attempts, finals] = await Promise.all([
        db.select().from(olympiadStages).orderBy(asc(olympiadStages.position)),
        summaries(userId, {}, lang, now),
        db.select().from(olympiadFinalResults).where(eq(olympiadFinalResults.userId, userId)),
      ]);
      return stages.map((stage: OlympiadStage) => {
        const final = finals.find((f) => f.stageId === stage.id);
        return {
          stage_id: stage.id,
          kind: stage.kind,
          attempts: attempts.filter((a) => a.stage_id === stage.id),
          final_result: final
            ? { points: fromHundredths(final.pointsHundredths), place: final.place, comment: final.comment, updated_at: iso(final.updatedAt) }
            : null,
        };
      });
    },
  };
}
