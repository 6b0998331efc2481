import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import { namedStatement, type Db } from '../../db/client';
import type { OlympiadAttemptQuestion } from '../../db/schema';
import { groupedCalls, type GroupedCallsOptions } from '../../lib/grouped-calls';

/** One answer to store, with the request's own clock. */
export interface AnswerWrite {
  attemptId: number;
  questionId: number;
  /** The caller: the attempt must be theirs. */
  userId: number;
  version: number;
  answer: AnswerValue | null;
  /** When the request came: the answer's `saved_at`. */
  now: Date;
  /** Answers are taken while the attempt's deadline is after this (the request's time minus the grace). */
  cutoff: Date;
}

export type WrittenAnswer = Pick<OlympiadAttemptQuestion, 'questionId' | 'version' | 'answer' | 'savedAt'>;

interface Row {
  n: number;
  question_id: number;
  version: number;
  answer: unknown;
  saved_at: Date | null;
}

/**
 * The save's conditional UPDATE for many answers at once. Per answer, exactly
 * as for one: the attempt must be the caller's, running and before its
 * deadline plus the grace, and is share-locked (so a finish at the same
 * instant either waits for the answer or makes it refused, never loses it);
 * the stored version must be lower. The lateral subquery locks and checks
 * each answer's attempt through its primary key, whatever the batch's size.
 */
const SAVE_ANSWERS = `
with i as (
  select * from jsonb_to_recordset($1::jsonb)
    as i(n int, attempt_id int, question_id int, user_id int, version bigint, answer jsonb, saved_at timestamptz, cutoff timestamptz)
), live as materialized (
  select i.* from i cross join lateral (
    select a.id from olympiad_attempts a
     where a.id = i.attempt_id and a.user_id = i.user_id and a.finished_at is null
       and (a.deadline is null or a.deadline > i.cutoff)
       for share) a
)
update olympiad_attempt_questions q
   set answer = l.answer, version = l.version, saved_at = l.saved_at
  from live l
 where q.attempt_id = l.attempt_id and q.question_id = l.question_id and q.version < l.version
returning l.n, q.question_id, q.version::float8 as version, q.answer, q.saved_at`;

/**
 * Group commit for answers (`groupedCalls`). When a whole stage answers at
 * once, each answer as its own statement costs a round trip, a pooled
 * connection and a commit; here the answers that arrive together go out as ONE
 * statement and ONE commit, and each caller gets its own row's outcome once
 * that commit is done: the row as stored, or null when it was not written (the
 * attempt is over, or the stored version is as new or newer), which the caller
 * explains as it would for a single UPDATE.
 *
 * Two answers to the same question in one batch: only the highest version is
 * written and the others get null, as if they had run just after it (a lower
 * one is then a version conflict, the same one again a repeat). A statement
 * that fails is retried answer by answer, so one bad answer fails only itself.
 */
export function answerWriter(db: Db, options: GroupedCallsOptions = {}) {
  const run = namedStatement<Row>(db, 'olympiad_save_answers', SAVE_ANSWERS);

  async function execute(batch: AnswerWrite[]): Promise<Array<WrittenAnswer | null>> {
    const winner = new Map<string, number>();
    batch.forEach((write, index) => {
      const key = `${write.attemptId}:${write.questionId}`;
      const best = winner.get(key);
      if (best === undefined || batch[best].version < write.version) winner.set(key, index);
    });
    // In key order, so two batches under way at once lock shared rows in the same order.
    const rows = [...winner.values()]
      .map((n) => ({ n, ...batch[n] }))
      .sort((a, b) => a.attemptId - b.attemptId || a.questionId - b.questionId)
      .map((w) => ({
        n: w.n,
        attempt_id: w.attemptId,
        question_id: w.questionId,
        user_id: w.userId,
        version: w.version,
        answer: w.answer,
        saved_at: w.now.toISOString(),
        cutoff: w.cutoff.toISOString(),
      }));
    const written = new Map((await run([JSON.stringify(rows)])).map((row) => [Number(row.n), row]));
    return batch.map((_, index) => {
      const row = written.get(index);
      return row ? { questionId: Number(row.question_id), version: Number(row.version), answer: row.answer, savedAt: row.saved_at } : null;
    });
  }

  return {
    /** Stores the answer if it may be; resolves once committed, with the stored row, or null when not written. */
    write: groupedCalls(execute, options),
  };
}

export type AnswerWriter = ReturnType<typeof answerWriter>;
