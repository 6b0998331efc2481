import { aliasedTable, and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { EssaySubmission, ParticipantRef, StaffAttempt } from '../../../shared/api/olympiad-test-grading';
import type { FinalResultRow } from '../../../shared/api/olympiad-test-results';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import { msg } from '../../../shared/validation/message';
import { gradeSchema, type FinalResultInput } from '../../../shared/validation/olympiad-test-grading';
import { fromHundredths, toHundredths } from '../../../shared/validation/olympiad-test-points';
import type { Db } from '../../db/client';
import {
  olympiadAttemptQuestions,
  olympiadAttempts,
  olympiadFinalResults,
  olympiadParticipants,
  olympiadStages,
  olympiadTests,
  users,
  type OlympiadAttempt,
  type OlympiadAttemptQuestion,
  type OlympiadFinalResult,
  type OlympiadParticipant,
  type OlympiadStage,
  type OlympiadTest,
} from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import type { Notifier } from '../notifications/notifier';
import { isAnswered } from './answer-check';
import { recountPoints } from './attempt-finisher';
import { toAttemptSummary } from './attempt-resource';
import { localized } from './presentation';
import { TestConflict } from './test-conflict';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const graders = aliasedTable(users, 'graders');

/** A participant who deleted the account keeps their results, without a name. */
const participantRef = (userId: number, participant: Pick<OlympiadParticipant, 'login' | 'fullName'> | null): ParticipantRef => ({
  id: userId,
  login: participant?.login ?? '',
  full_name: participant?.fullName ?? '',
});

interface EssayRow {
  question: OlympiadAttemptQuestion;
  attempt: OlympiadAttempt;
  test: OlympiadTest;
  stage: OlympiadStage;
  participant: Pick<OlympiadParticipant, 'login' | 'fullName'> | null;
  grader: { id: number; name: string } | null;
}

function toEssay(row: EssayRow, lang: Language): EssaySubmission {
  const { question, attempt, test, stage } = row;
  const answer = question.answer as { text?: string } | null;
  return {
    attempt_id: attempt.id,
    question_id: question.questionId,
    test_id: test.id,
    test_title: localized(lang, test.title, test.titleEn),
    stage_kind: stage.kind,
    participant: participantRef(attempt.userId, row.participant),
    question_text: localized(lang, question.snapshot.text, question.snapshot.text_en),
    text: answer?.text ?? '',
    submitted: isAnswered(question.answer as AnswerValue | null),
    submitted_at: iso(attempt.finishedAt ?? attempt.startedAt),
    points: question.pointsHundredths === null ? null : fromHundredths(question.pointsHundredths),
    max_points: question.snapshot.max_points,
    comment: question.gradeComment,
    graded_at: question.gradedAt ? iso(question.gradedAt) : null,
    graded_by: row.grader && row.grader.id ? row.grader : null,
  };
}

const toFinal = (row: OlympiadFinalResult) => ({
  points: fromHundredths(row.pointsHundredths),
  place: row.place,
  comment: row.comment,
  updated_at: iso(row.updatedAt),
});

/** Staff work after the tests: attempts by test, essay grading, the final's results. */
export function staffResultsService(db: Db, notifier: Notifier) {
  const essayRows = () =>
    db
      .select({
        question: olympiadAttemptQuestions,
        attempt: olympiadAttempts,
        test: olympiadTests,
        stage: olympiadStages,
        participant: { login: olympiadParticipants.login, fullName: olympiadParticipants.fullName },
        grader: { id: graders.id, name: graders.name },
      })
      .from(olympiadAttemptQuestions)
      .innerJoin(olympiadAttempts, eq(olympiadAttempts.id, olympiadAttemptQuestions.attemptId))
      .innerJoin(olympiadTests, eq(olympiadTests.id, olympiadAttempts.testId))
      .innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId))
      .leftJoin(olympiadParticipants, eq(olympiadParticipants.userId, olympiadAttempts.userId))
      .leftJoin(graders, eq(graders.id, olympiadAttemptQuestions.gradedBy));

  const isEssay = sql`${olympiadAttemptQuestions.snapshot}->>'type' = 'essay'`;

  async function essay(attemptId: number, questionId: number): Promise<EssayRow | null> {
    const [row] = await essayRows()
      .where(and(eq(olympiadAttemptQuestions.attemptId, attemptId), eq(olympiadAttemptQuestions.questionId, questionId)))
      .limit(1);
    return (row as EssayRow | undefined) ?? null;
  }

  return {
    async attempts(testId: number, page: number, perPage: number, lang: Language, now: Date): Promise<{ rows: StaffAttempt[]; total: number }> {
      const where = eq(olympiadAttempts.testId, testId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            attempt: olympiadAttempts,
            test: olympiadTests,
            stage: olympiadStages,
            participant: { login: olympiadParticipants.login, fullName: olympiadParticipants.fullName },
            answered: sql<number>`(select count(*)::int from olympiad_attempt_questions q where q.attempt_id = ${olympiadAttempts.id} and q.answer is not null)`,
          })
          .from(olympiadAttempts)
          .innerJoin(olympiadTests, eq(olympiadTests.id, olympiadAttempts.testId))
          .innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId))
          .leftJoin(olympiadParticipants, eq(olympiadParticipants.userId, olympiadAttempts.userId))
          .where(where)
          .orderBy(desc(olympiadAttempts.startedAt), desc(olympiadAttempts.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(olympiadAttempts).where(where),
      ]);
      return {
        rows: rows.map((r) => ({
          ...toAttemptSummary({ attempt: r.attempt, test: r.test, stage: r.stage, answeredCount: Number(r.answered) }, lang, now),
          participant: participantRef(r.attempt.userId, r.participant),
        })),
        total: Number(total.value),
      };
    },

    /** `graded` means graded by staff; an empty essay is scored 0 without a grade and listed under `not_submitted`. */
    async essays(filter: { status: 'awaiting' | 'graded' | 'not_submitted' | 'all'; testId?: number; page: number; perPage: number }, lang: Language) {
      const conditions: Array<SQL | undefined> = [isEssay, isNotNull(olympiadAttempts.finishedAt)];
      if (filter.status === 'awaiting') conditions.push(isNull(olympiadAttemptQuestions.pointsHundredths));
      if (filter.status === 'graded') conditions.push(isNotNull(olympiadAttemptQuestions.gradedAt));
      if (filter.status === 'not_submitted') conditions.push(isNull(olympiadAttemptQuestions.answer));
      if (filter.testId) conditions.push(eq(olympiadAttempts.testId, filter.testId));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        essayRows()
          .where(where)
          .orderBy(asc(olympiadAttempts.finishedAt), asc(olympiadAttempts.id))
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage),
        db
          .select({ value: count() })
          .from(olympiadAttemptQuestions)
          .innerJoin(olympiadAttempts, eq(olympiadAttempts.id, olympiadAttemptQuestions.attemptId))
          .where(where),
      ]);
      return { rows: rows.map((r) => toEssay(r as EssayRow, lang)), total: Number(total.value) };
    },

    /** Points and a comment for one essay; the attempt's points follow, and the participant is told. */
    async grade(attemptId: number, questionId: number, body: unknown, grader: { id: number }, lang: Language, now: Date): Promise<EssaySubmission> {
      const row = await essay(attemptId, questionId);
      if (!row) throw notFound();
      if (row.question.snapshot.type !== 'essay') throw validationFailed({ question_id: [msg('olympiadTests.errors.notEssay')] });
      if (!row.attempt.finishedAt) throw new TestConflict('attempt_in_progress', 'olympiadTests.errors.attemptInProgress');
      // Nothing was written: it was scored 0 at the finish and there is nothing to judge.
      if (!isAnswered(row.question.answer as AnswerValue | null)) throw new HttpError(422, 'olympiadTests.errors.essayNotSubmitted');
      const input = await validateShared(gradeSchema(row.question.snapshot.max_points), body);
      const points = toHundredths(input.points);
      await db.transaction(async (tx) => {
        await tx
          .update(olympiadAttemptQuestions)
          .set({ pointsHundredths: points, correct: points > 0, gradeComment: input.comment.trim(), gradedBy: grader.id, gradedAt: now })
          .where(and(eq(olympiadAttemptQuestions.attemptId, attemptId), eq(olympiadAttemptQuestions.questionId, questionId)));
        await recountPoints(tx, attemptId, now);
      });
      const [owner] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, row.attempt.userId));
      const userLang: Language = owner?.locale === 'en' ? 'en' : 'ru';
      await notifier.notify({
        userId: row.attempt.userId,
        type: 'info',
        title: translate(userLang, 'olympiadTests.notify.gradedTitle'),
        body: translate(userLang, 'olympiadTests.notify.gradedBody', {
          test: localized(userLang, row.test.title, row.test.titleEn),
          points: fromHundredths(points),
          max: row.question.snapshot.max_points,
        }),
        data: { attempt_id: attemptId, test_id: row.test.id },
      });
      return toEssay((await essay(attemptId, questionId))!, lang);
    },

    async finalStage(stageId: number): Promise<OlympiadStage> {
      const [stage] = await db.select().from(olympiadStages).where(eq(olympiadStages.id, stageId));
      if (!stage) throw notFound();
      if (!stage.inPerson) throw new HttpError(422, 'olympiadTests.errors.notInPersonStage');
      return stage;
    },

    async finalResults(stageId: number, search: string | undefined, page: number, perPage: number): Promise<{ rows: FinalResultRow[]; total: number }> {
      const conditions: Array<SQL | undefined> = [];
      if (search?.trim()) {
        const like = `%${escapeLike(search.trim())}%`;
        conditions.push(or(ilike(olympiadParticipants.login, like), ilike(olympiadParticipants.fullName, like)));
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select({ participant: olympiadParticipants, result: olympiadFinalResults })
          .from(olympiadParticipants)
          .leftJoin(olympiadFinalResults, and(eq(olympiadFinalResults.userId, olympiadParticipants.userId), eq(olympiadFinalResults.stageId, stageId)))
          .where(where)
          .orderBy(sql`${olympiadFinalResults.place} asc nulls last`, desc(olympiadFinalResults.pointsHundredths), asc(olympiadParticipants.fullName))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ value: count() }).from(olympiadParticipants).where(where),
      ]);
      return {
        rows: rows.map((r) => ({ participant: participantRef(r.participant.userId, r.participant), result: r.result ? toFinal(r.result) : null })),
        total: Number(total.value),
      };
    },

    async setFinalResult(stageId: number, userId: number, input: FinalResultInput, staffId: number, now: Date): Promise<FinalResultRow> {
      const [participant] = await db.select().from(olympiadParticipants).where(eq(olympiadParticipants.userId, userId));
      if (!participant) throw notFound();
      const values = { pointsHundredths: toHundredths(input.points), place: input.place ?? null, comment: input.comment.trim(), enteredBy: staffId, updatedAt: now };
      const [row] = await db
        .insert(olympiadFinalResults)
        .values({ stageId, userId, ...values })
        .onConflictDoUpdate({ target: [olympiadFinalResults.stageId, olympiadFinalResults.userId], set: values })
        .returning();
      return { participant: participantRef(userId, participant), result: toFinal(row) };
    },

    async removeFinalResult(stageId: number, userId: number): Promise<boolean> {
      const removed = await db
        .delete(olympiadFinalResults)
        .where(and(eq(olympiadFinalResults.stageId, stageId), eq(olympiadFinalResults.userId, userId)))
        .returning({ userId: olympiadFinalResults.userId });
      return removed.length > 0;
    },
  };
}

export type StaffResultsService = ReturnType<typeof staffResultsService>;
