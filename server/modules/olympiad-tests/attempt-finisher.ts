import { and, asc, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { FinishedBy } from '../../../shared/api/olympiad-test-common';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import type { Db } from '../../db/client';
import { olympiadAttemptQuestions, olympiadAttempts, type OlympiadAttempt } from '../../db/schema';
import { scoreQuestion, totals } from './scoring';

type Executor = Pick<Db, 'select' | 'update' | 'execute'>;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Rows per bulk UPDATE: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

async function inChunks<T>(rows: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await run(rows.slice(i, i + CHUNK));
}

/**
 * How an attempt ends when `requestedBy` closes it at `now`. Once the deadline
 * has passed the time ran out, whoever notices it first (the participant's
 * screen at zero, an answer inside the grace, a reload, the sweep): the finish
 * is the deadline and the reason is the deadline (DESIGN: "by the server at
 * the deadline"). Before it, the one who asked ended it, at that moment.
 */
export function endingOf(attempt: Pick<OlympiadAttempt, 'deadline'>, now: Date, requestedBy: FinishedBy): { finishedAt: Date; finishedBy: FinishedBy } {
  if (attempt.deadline && now.getTime() >= attempt.deadline.getTime()) return { finishedAt: attempt.deadline, finishedBy: 'deadline' };
  return { finishedAt: now, finishedBy: requestedBy };
}

/**
 * Scores and closes attempts the caller holds locked (FOR UPDATE): every
 * answer is judged against the snapshot the attempt started with, the
 * questions get their points, the attempt its totals and its ending.
 */
async function finalize(tx: Executor, attempts: OlympiadAttempt[], now: Date, by: FinishedBy): Promise<void> {
  if (!attempts.length) return;
  const questions = await tx
    .select({
      attemptId: olympiadAttemptQuestions.attemptId,
      questionId: olympiadAttemptQuestions.questionId,
      snapshot: olympiadAttemptQuestions.snapshot,
      layout: olympiadAttemptQuestions.layout,
      answer: olympiadAttemptQuestions.answer,
      gradedAt: olympiadAttemptQuestions.gradedAt,
      points: olympiadAttemptQuestions.pointsHundredths,
    })
    .from(olympiadAttemptQuestions)
    .where(
      inArray(
        olympiadAttemptQuestions.attemptId,
        attempts.map((a) => a.id),
      ),
    );

  const questionRows: SQL[] = [];
  const attemptRows: SQL[] = [];
  for (const attempt of attempts) {
    const { finishedAt, finishedBy } = endingOf(attempt, now, by);
    const scored = questions
      .filter((q) => q.attemptId === attempt.id)
      .map((q) => ({
        snapshot: q.snapshot,
        scored: scoreQuestion({
          questionId: q.questionId,
          snapshot: q.snapshot,
          layout: q.layout,
          answer: (q.answer as AnswerValue | null) ?? null,
          gradedHundredths: q.gradedAt ? q.points : null,
        }),
      }));
    for (const { scored: q } of scored) {
      questionRows.push(sql`(${attempt.id}::int, ${q.questionId}::int, ${q.correct}::boolean, ${q.pointsHundredths}::int)`);
    }
    const limitMs = attempt.timeLimitSeconds ? attempt.timeLimitSeconds * 1000 : null;
    const result = totals(scored, finishedAt.getTime() - attempt.startedAt.getTime(), limitMs);
    attemptRows.push(
      sql`(${attempt.id}::int, ${at(finishedAt)}, ${finishedBy}::olympiad_finished_by, ${result.correct}::int, ${result.autoTotal}::int, ${result.questionCount}::int,
        ${result.pointsHundredths}::int, ${result.maxPointsHundredths}::int, ${result.speedHundredths}::int, ${result.timeSpentMs}::bigint,
        ${result.essaysTotal}::int, ${result.essaysPending}::int, ${result.essaysNotSubmitted}::int)`,
    );
  }

  // Only staff grade: an empty essay gets its 0 here but no grade date, so it reads "not submitted", not "graded".
  await inChunks(questionRows, (chunk) =>
    tx.execute(sql`
      update olympiad_attempt_questions q
         set correct = v.correct,
             points_hundredths = v.points
        from (values ${sql.join(chunk, sql`, `)}) as v(attempt_id, question_id, correct, points)
       where q.attempt_id = v.attempt_id and q.question_id = v.question_id`),
  );
  await inChunks(attemptRows, (chunk) =>
    tx.execute(sql`
      update olympiad_attempts a
         set finished_at = v.finished_at, finished_by = v.finished_by, closed_at = ${at(now)},
             correct = v.correct, auto_total = v.auto_total, question_count = v.question_count,
             points_hundredths = v.points, max_points_hundredths = v.max_points, speed_hundredths = v.speed,
             time_spent_ms = v.spent, essays_total = v.essays_total, essays_pending = v.essays_pending,
             essays_not_submitted = v.essays_not_submitted, updated_at = ${at(now)}
        from (values ${sql.join(chunk, sql`, `)})
             as v(id, finished_at, finished_by, correct, auto_total, question_count, points, max_points, speed, spent, essays_total, essays_pending, essays_not_submitted)
       where a.id = v.id and a.finished_at is null`),
  );
}

/**
 * Finishes one attempt if it is still running; false when it was already
 * finished (by the participant in another tab, the sweep on another node…).
 * `by` is who asked; past the deadline it is recorded as the deadline (see `endingOf`).
 * The row lock makes the finish wait for answers being saved at that moment,
 * so an answer either counts or is refused, never lost in between.
 */
export async function finishAttempt(db: Db, attemptId: number, now: Date, by: FinishedBy): Promise<boolean> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select()
      .from(olympiadAttempts)
      .where(and(eq(olympiadAttempts.id, attemptId), isNull(olympiadAttempts.finishedAt)))
      .for('update');
    await finalize(tx, locked, now, by);
    return locked.length > 0;
  });
}

/**
 * Attempts the sweep takes per transaction: small batches keep each burst of
 * scoring short, so answers still being saved are not held up behind it.
 */
const SWEEP_BATCH = 25;

/**
 * Finishes every attempt whose deadline and grace have passed, recording the
 * deadline as the finish. Safe with several API nodes: each batch locks its
 * rows with SKIP LOCKED, so nodes share the work and never finish one twice;
 * an attempt busy saving an answer is simply taken on the next pass.
 */
export async function sweepExpired(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - GRACE_SECONDS * 1000);
  let finished = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(olympiadAttempts)
        // deadline ≤ now − grace: the same boundary as `isExpired`, the complement of what a save still accepts.
        .where(and(isNull(olympiadAttempts.finishedAt), isNotNull(olympiadAttempts.deadline), lte(olympiadAttempts.deadline, cutoff)))
        .orderBy(asc(olympiadAttempts.deadline))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      await finalize(tx, due, now, 'deadline');
      return due.length;
    });
    finished += batch;
    if (batch < SWEEP_BATCH) return finished;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** After staff grade an essay: the attempt's points and pending essays again from its questions. */
export async function recountPoints(db: Pick<Db, 'execute'>, attemptId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update olympiad_attempts a
       set points_hundredths = coalesce((select sum(q.points_hundredths) from olympiad_attempt_questions q where q.attempt_id = a.id), 0),
           essays_pending = (select count(*) from olympiad_attempt_questions q
                              where q.attempt_id = a.id and q.snapshot->>'type' = 'essay' and q.points_hundredths is null),
           updated_at = ${at(now)}
     where a.id = ${attemptId}`);
}
