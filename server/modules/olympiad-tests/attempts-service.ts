import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnswerValue, SavedAnswer } from '../../../shared/api/olympiad-test-answers';
import type { Language } from '../../../shared/i18n/languages';
import type { MessageValues } from '../../../shared/i18n/translate';
import { msg } from '../../../shared/validation/message';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import { namedStatement, type Db } from '../../db/client';
import {
  olympiadAttemptQuestions,
  olympiadAttempts,
  olympiadParticipants,
  olympiadStages,
  olympiadTests,
  type OlympiadAttempt,
  type OlympiadAttemptQuestion,
  type QuestionSnapshot,
  type User,
} from '../../db/schema';
import { HttpError, notFound, validationFailed } from '../../lib/http-error';
import { uniqueViolation } from '../../lib/unique-violation';
import { participantRefusal } from '../olympiad/participant-guard';
import { checkAnswer, isAnswered, sameAnswer } from './answer-check';
import { finishAttempt } from './attempt-finisher';
import { answerWriter } from './answer-writer';
import { attemptHistory } from './attempt-history';
import { attemptShapes } from './attempt-shapes';
import { testPools } from './test-pools';
import { toAttemptResource, toSavedAnswer } from './attempt-resource';
import { layoutFor } from './presentation';
import { newSeed, seededRandom, shuffled } from './seeded-random';
import { TestConflict, attemptClosed } from './test-conflict';
import { availabilityAt, deadlineFor, isExpired, testWindow } from './test-window';
import { testsRepository, type TestWithStage } from './tests-repository';

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** An attempt with its questions in one statement (all or nothing, one round trip). */
const INSERT_ATTEMPT = `
with attempt as (
  insert into olympiad_attempts (test_id, user_id, number, seed, started_at, deadline, time_limit_seconds, question_count, created_at, updated_at)
  values ($1::int, $2::int, $3::int, $4::int, $5::timestamptz, $6::timestamptz, $7::int, $8::int, $5::timestamptz, $5::timestamptz)
  returning id
), questions as (
  insert into olympiad_attempt_questions (attempt_id, question_id, position, snapshot, layout, visited_at)
  select attempt.id, v.question_id, v.position, v.snapshot, v.layout, v.visited_at
    from attempt, jsonb_to_recordset($9::jsonb) as v(question_id int, position int, snapshot jsonb, layout jsonb, visited_at timestamptz)
)
select id from attempt`;

export function attemptsService(db: Db) {
  const history = attemptHistory(db);
  const tests = testsRepository(db);
  const shapes = attemptShapes(db);
  const pools = testPools(db);
  const writer = answerWriter(db);
  const insertAttempt = namedStatement<{ id: number }>(db, 'olympiad_insert_attempt', INSERT_ATTEMPT);

  // The test, its stage, the caller's participant row and standing with the test: one round trip, built and planned
  // once, because at 10:00 sharp a whole stage starts at once.
  const startLookup = db
    .select({
      test: olympiadTests,
      stage: olympiadStages,
      participant: olympiadParticipants,
      used: sql<number>`(select count(*)::int from olympiad_attempts a where a.test_id = ${olympiadTests.id} and a.user_id = ${sql.placeholder('userId')})`,
      runningId: sql<number | null>`(select a.id from olympiad_attempts a
        where a.test_id = ${olympiadTests.id} and a.user_id = ${sql.placeholder('userId')} and a.finished_at is null limit 1)`,
    })
    .from(olympiadTests)
    .innerJoin(olympiadStages, eq(olympiadStages.id, olympiadTests.stageId))
    .leftJoin(olympiadParticipants, eq(olympiadParticipants.userId, sql.placeholder('userId')))
    .where(eq(olympiadTests.id, sql.placeholder('testId')))
    .prepare('olympiad_start_lookup');

  async function attemptOf(userId: number, attemptId: number): Promise<OlympiadAttempt> {
    const [attempt] = await db
      .select()
      .from(olympiadAttempts)
      .where(and(eq(olympiadAttempts.id, attemptId), eq(olympiadAttempts.userId, userId)))
      .limit(1);
    if (!attempt) throw notFound();
    return attempt;
  }

  /** The on-demand half of the sweep: whoever reads an attempt past its deadline finishes it. */
  async function settled(attempt: OlympiadAttempt, now: Date): Promise<OlympiadAttempt> {
    if (!isExpired(attempt, now)) return attempt;
    await finishAttempt(db, attempt.id, now, 'deadline');
    const [fresh] = await db.select().from(olympiadAttempts).where(eq(olympiadAttempts.id, attempt.id));
    return fresh;
  }

  async function questionsOf(attemptId: number): Promise<OlympiadAttemptQuestion[]> {
    return db.select().from(olympiadAttemptQuestions).where(eq(olympiadAttemptQuestions.attemptId, attemptId)).orderBy(asc(olympiadAttemptQuestions.position));
  }

  async function resource(attempt: OlympiadAttempt, lang: Language, now: Date) {
    const found = await tests.byId(attempt.testId);
    if (!found) throw notFound();
    const othersRunning = attempt.finishedAt !== null && found.stage.kind !== 'training' && (await history.testsRunning([attempt.testId])).has(attempt.testId);
    return toAttemptResource({ attempt, ...found, answeredCount: 0, othersRunning }, await questionsOf(attempt.id), lang, now);
  }

  async function running(testId: number, userId: number): Promise<OlympiadAttempt | null> {
    const [row] = await db
      .select()
      .from(olympiadAttempts)
      .where(and(eq(olympiadAttempts.testId, testId), eq(olympiadAttempts.userId, userId), isNull(olympiadAttempts.finishedAt)))
      .limit(1);
    return row ?? null;
  }

  /**
   * Draws the questions, fixes their order and shuffles, and stores the
   * attempt with them in one statement (all or nothing, one round trip).
   */
  async function create(found: TestWithStage, user: User, number: number, now: Date) {
    const { test, stage } = found;
    const pool = await pools.questions(test);
    if (!pool.length) throw new HttpError(409, 'olympiadTests.errors.noQuestions');
    const seed = newSeed();
    const random = seededRandom(seed);
    const chosen = shuffled(pool, random).slice(0, test.questionCount ?? pool.length);
    const deadline = deadlineFor(now, test.timeLimitMinutes, testWindow(test, stage));
    const timeLimitSeconds = test.timeLimitMinutes ? test.timeLimitMinutes * 60 : null;
    const questions = chosen.map((question, position) => {
      const snapshot: QuestionSnapshot = {
        type: question.type,
        text: question.text,
        text_en: question.textEn,
        max_points: question.maxPoints,
        content: question.content,
      };
      return { questionId: question.id, position, snapshot, layout: layoutFor(snapshot, random), visitedAt: position === 0 ? now : null };
    });
    const [inserted] = await insertAttempt([
      test.id,
      user.id,
      number,
      seed,
      now.toISOString(),
      deadline ? deadline.toISOString() : null,
      timeLimitSeconds,
      questions.length,
      JSON.stringify(
        questions.map((q) => ({ question_id: q.questionId, position: q.position, snapshot: q.snapshot, layout: q.layout, visited_at: q.visitedAt?.toISOString() ?? null })),
      ),
    ]);
    const id = Number(inserted.id);
    const attempt: OlympiadAttempt = {
      id,
      testId: test.id,
      userId: user.id,
      number,
      seed,
      startedAt: now,
      deadline,
      timeLimitSeconds,
      currentIndex: 0,
      finishedAt: null,
      finishedBy: null,
      closedAt: null,
      correct: 0,
      autoTotal: 0,
      questionCount: questions.length,
      pointsHundredths: 0,
      maxPointsHundredths: 0,
      speedHundredths: 0,
      timeSpentMs: 0,
      essaysPending: 0,
      essaysTotal: 0,
      essaysNotSubmitted: 0,
      createdAt: now,
      updatedAt: now,
    };
    const rows: OlympiadAttemptQuestion[] = questions.map((q) => ({
      attemptId: id,
      ...q,
      answer: null,
      version: 0,
      savedAt: null,
      correct: null,
      pointsHundredths: null,
      gradeComment: null,
      gradedBy: null,
      gradedAt: null,
    }));
    shapes.remember(id, { userId: user.id, deadline, questions: new Map(questions.map((q) => [q.questionId, { snapshot: q.snapshot, layout: q.layout }])) });
    return { attempt, questions: rows };
  }

  const conflict = (stored: OlympiadAttemptQuestion, values?: MessageValues) =>
    new TestConflict('version_conflict', 'olympiadTests.errors.versionConflict', values, toSavedAnswer(stored));

  return {
    tests,
    stateFor: history.stateFor,
    summaries: history.summaries,
    statistics: history.statistics,

    /**
     * Begins an attempt, or hands back the one already running (a second tab,
     * a double click): the answer is the attempt either way.
     */
    async start(user: User, testId: number, lang: Language, now: Date) {
      const [row] = await startLookup.execute({ testId, userId: user.id });
      if (!row || !row.test.published) throw notFound();
      const refusal = participantRefusal(row.participant, user);
      if (refusal) throw refusal;
      const found: TestWithStage = { test: row.test, stage: row.stage };
      const { test, stage } = found;
      if (row.runningId !== null) {
        const fresh = await settled(await attemptOf(user.id, Number(row.runningId)), now);
        if (!fresh.finishedAt) return { attempt: await resource(fresh, lang, now), created: false };
      }
      if (availabilityAt(testWindow(test, stage), now) !== 'open') throw new TestConflict('test_not_open', 'olympiadTests.errors.testNotOpen');
      const used = Number(row.used);
      if (test.attemptsAllowed !== null && used >= test.attemptsAllowed) throw new TestConflict('no_attempts_left', 'olympiadTests.errors.noAttemptsLeft');
      try {
        const created = await create(found, user, used + 1, now);
        return { attempt: toAttemptResource({ attempt: created.attempt, ...found, answeredCount: 0 }, created.questions, lang, now), created: true };
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        // Another request started it at the same moment: theirs is the attempt.
        const theirs = await running(test.id, user.id);
        if (theirs) return { attempt: await resource(theirs, lang, now), created: false };
        throw new TestConflict('no_attempts_left', 'olympiadTests.errors.noAttemptsLeft');
      }
    },

    async view(user: User, attemptId: number, lang: Language, now: Date) {
      return resource(await settled(await attemptOf(user.id, attemptId), now), lang, now);
    },

    /**
     * Saves one answer if it is newer than the stored one. One conditional
     * UPDATE does it (shared with the answers of other participants arriving
     * at the same moment, see `answerWriter`): the attempt must still be
     * running (its row share-locked against a finish in the same instant) and
     * the stored version lower.
     */
    async saveAnswer(user: User, attemptId: number, questionId: number, input: { version: number; answer: AnswerValue | null }, now: Date): Promise<SavedAnswer> {
      const shape = await shapes.get(attemptId);
      if (!shape || shape.userId !== user.id) throw notFound();
      // Too late is too late whether or not the attempt is closed yet: refused at once, without touching the
      // database. Closing it is the sweep's (or the next read's) work; at a stage's deadline thousands of
      // tabs send one last answer together, and finishing each one here would queue them behind the sweep.
      if (isExpired({ deadline: shape.deadline, finishedAt: null }, now)) throw attemptClosed();
      const question = shape.questions.get(questionId);
      if (!question) throw validationFailed({ question_id: [msg('olympiadTests.errors.questionNotInAttempt')] });
      let answer: AnswerValue | null = null;
      if (input.answer !== null) {
        const checked = checkAnswer(question.snapshot, question.layout, input.answer);
        if (!checked.ok) throw validationFailed(checked.errors);
        answer = isAnswered(checked.answer) ? checked.answer : null;
      }
      const cutoff = new Date(now.getTime() - GRACE_SECONDS * 1000);
      const written = await writer.write({ attemptId, questionId, userId: user.id, version: input.version, answer, now, cutoff });
      if (written) return toSavedAnswer(written);
      // Not saved: the attempt is over, or the stored version is as new or newer (another tab, a repeat).
      const [row] = await db
        .select({ attempt: olympiadAttempts, question: olympiadAttemptQuestions })
        .from(olympiadAttempts)
        .innerJoin(olympiadAttemptQuestions, and(eq(olympiadAttemptQuestions.attemptId, olympiadAttempts.id), eq(olympiadAttemptQuestions.questionId, questionId)))
        .where(eq(olympiadAttempts.id, attemptId));
      if (row.attempt.finishedAt || isExpired(row.attempt, now)) throw attemptClosed();
      if (row.question.version === input.version && sameAnswer(row.question.answer as AnswerValue | null, answer)) return toSavedAnswer(row.question);
      throw conflict(row.question);
    },

    /** Remembers the question on screen, so a reload or another tab opens at it; it counts as visited. */
    async position(user: User, attemptId: number, index: number, now: Date): Promise<number> {
      const attempt = await settled(await attemptOf(user.id, attemptId), now);
      if (attempt.finishedAt) throw attemptClosed();
      if (index >= attempt.questionCount) throw validationFailed({ index: [msg('validation.maximum', { max: attempt.questionCount - 1 })] });
      await db.transaction(async (tx) => {
        await tx.update(olympiadAttempts).set({ currentIndex: index, updatedAt: now }).where(eq(olympiadAttempts.id, attemptId));
        await tx
          .update(olympiadAttemptQuestions)
          .set({ visitedAt: sql`coalesce(${olympiadAttemptQuestions.visitedAt}, ${at(now)})` })
          .where(and(eq(olympiadAttemptQuestions.attemptId, attemptId), eq(olympiadAttemptQuestions.position, index)));
      });
      return index;
    },

    /**
     * The participant ends the test; ending a finished attempt again just
     * shows it. At or past the deadline (the screen ends it at zero) the time
     * ran out: it is recorded as ended by the deadline, at the deadline.
     */
    async finish(user: User, attemptId: number, lang: Language, now: Date) {
      const attempt = await attemptOf(user.id, attemptId);
      if (!attempt.finishedAt) await finishAttempt(db, attempt.id, now, 'participant');
      return resource(await attemptOf(user.id, attemptId), lang, now);
    },

  };
}

export type AttemptsService = ReturnType<typeof attemptsService>;
