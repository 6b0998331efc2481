import type { AnswerValue, SavedAnswer } from '../../../shared/api/olympiad-test-answers';
import type { AttemptQuestion, AttemptResource, AttemptResult, AttemptSummary } from '../../../shared/api/olympiad-test-attempts';
import type { EssayStatus } from '../../../shared/api/olympiad-test-common';
import type { Language } from '../../../shared/i18n/languages';
import { fromHundredths } from '../../../shared/validation/olympiad-test-points';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import type { OlympiadAttempt, OlympiadAttemptQuestion, OlympiadStage, OlympiadTest } from '../../db/schema';
import { iso } from '../../lib/serialize';
import { isAnswered } from './answer-check';
import { localized, present, solutionFor } from './presentation';
import { percentHundredths } from './scoring';
import { availabilityAt, testWindow } from './test-window';

export interface AttemptContext {
  attempt: OlympiadAttempt;
  test: OlympiadTest;
  stage: OlympiadStage;
  /** Questions answered, for lists that do not load the questions. */
  answeredCount: number;
  /**
   * Someone is still taking this test (staff ended the stage early, or moved
   * its dates, while attempts ran): right answers wait until they are done.
   */
  othersRunning?: boolean;
}

/**
 * Right answers of a finished attempt are shown at once in training; in the
 * other stages only after the test's window has closed and nobody is still
 * taking it, so nobody passes them on to participants still answering.
 */
export function reviewAvailable(ctx: Pick<AttemptContext, 'attempt' | 'test' | 'stage' | 'othersRunning'>, now: Date): boolean {
  if (!ctx.attempt.finishedAt) return false;
  if (ctx.stage.kind === 'training') return true;
  return availabilityAt(testWindow(ctx.test, ctx.stage), now) === 'closed' && !ctx.othersRunning;
}

/** An empty essay needs no grade: all of them empty reads "not submitted", never "graded". */
function essayStatusOf(attempt: OlympiadAttempt): EssayStatus {
  if (attempt.essaysTotal === 0) return 'none';
  if (attempt.essaysPending > 0) return 'awaiting_grading';
  return attempt.essaysNotSubmitted >= attempt.essaysTotal ? 'not_submitted' : 'graded';
}

function resultOf(ctx: AttemptContext, now: Date): AttemptResult | null {
  const { attempt } = ctx;
  if (!attempt.finishedAt) return null;
  return {
    correct: attempt.correct,
    auto_total: attempt.autoTotal,
    question_count: attempt.questionCount,
    points: fromHundredths(attempt.pointsHundredths),
    max_points: fromHundredths(attempt.maxPointsHundredths),
    percent: fromHundredths(percentHundredths(attempt.pointsHundredths, attempt.maxPointsHundredths)),
    time_spent_seconds: Math.round(attempt.timeSpentMs / 1000),
    speed_points: fromHundredths(attempt.speedHundredths),
    essay_status: essayStatusOf(attempt),
    review_available: reviewAvailable(ctx, now),
  };
}

export function toAttemptSummary(ctx: AttemptContext, lang: Language, now: Date): AttemptSummary {
  const { attempt, test, stage } = ctx;
  return {
    id: attempt.id,
    test_id: test.id,
    test_title: localized(lang, test.title, test.titleEn),
    stage_id: stage.id,
    stage_kind: stage.kind,
    format: test.format,
    number: attempt.number,
    status: attempt.finishedAt ? 'finished' : 'in_progress',
    started_at: iso(attempt.startedAt),
    deadline: attempt.deadline ? iso(attempt.deadline) : null,
    time_limit_seconds: attempt.timeLimitSeconds,
    finished_at: attempt.finishedAt ? iso(attempt.finishedAt) : null,
    finished_by: attempt.finishedBy,
    question_count: attempt.questionCount,
    answered_count: ctx.answeredCount,
    result: resultOf(ctx, now),
  };
}

export function toSavedAnswer(row: Pick<OlympiadAttemptQuestion, 'questionId' | 'version' | 'answer' | 'savedAt'>): SavedAnswer {
  return {
    question_id: row.questionId,
    version: row.version,
    answer: (row.answer as AnswerValue | null) ?? null,
    saved_at: row.savedAt ? iso(row.savedAt) : null,
  };
}

function toAttemptQuestion(row: OlympiadAttemptQuestion, lang: Language, showReview: boolean, finished: boolean): AttemptQuestion {
  const essay = row.snapshot.type === 'essay';
  // A participant always sees their own essay's grade once given (an empty one: its 0); right answers only with the review.
  const closedEssay = finished && essay && (row.gradedAt !== null || !isAnswered(row.answer as AnswerValue | null));
  const review =
    showReview || closedEssay
      ? {
          correct: essay ? (row.pointsHundredths === null ? null : row.pointsHundredths > 0) : row.correct,
          points: row.pointsHundredths === null ? null : fromHundredths(row.pointsHundredths),
          solution: showReview ? solutionFor(row.snapshot, row.layout) : null,
          ...(showReview && row.snapshot.type === 'open_text' ? { accepted: row.snapshot.content.accepted ?? [] } : {}),
          comment: essay ? (row.gradeComment ?? null) : null,
        }
      : null;
  return {
    ...present(row.questionId, row.position, row.snapshot, row.layout, lang),
    answer: (row.answer as AnswerValue | null) ?? null,
    version: row.version,
    saved_at: row.savedAt ? iso(row.savedAt) : null,
    visited: row.visitedAt !== null,
    review,
  };
}

export function toAttemptResource(ctx: AttemptContext, questions: OlympiadAttemptQuestion[], lang: Language, now: Date): AttemptResource {
  const showReview = reviewAvailable(ctx, now);
  const finished = ctx.attempt.finishedAt !== null;
  const sorted = [...questions].sort((a, b) => a.position - b.position);
  return {
    ...toAttemptSummary({ ...ctx, answeredCount: sorted.filter((q) => isAnswered(q.answer as AnswerValue | null)).length }, lang, now),
    grace_seconds: GRACE_SECONDS,
    current_index: ctx.attempt.currentIndex,
    questions: sorted.map((row) => toAttemptQuestion(row, lang, showReview, finished)),
  };
}
