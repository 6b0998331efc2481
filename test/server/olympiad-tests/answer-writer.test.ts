import { answerWriter, type AnswerWrite } from '../../../server/modules/olympiad-tests/answer-writer';
import { attemptsService } from '../../../server/modules/olympiad-tests/attempts-service';
import { TestConflict } from '../../../server/modules/olympiad-tests/test-conflict';
import type { AnswerValue, SavedAnswer } from '../../../shared/api/olympiad-test-answers';
import type { AttemptResource } from '../../../shared/api/olympiad-test-attempts';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import type { User } from '../../../server/db/schema';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { age, attemptRow, call, createKit, rightAnswer, seededTestId, start, verifiedParticipant, type Kit } from './tests-kit';

// Group commit: answers arriving together are written by one statement. Writes called in the same turn of the event
// loop always share a statement (the writer sends after the turn), which is how these tests put answers in one batch.

let kit: Kit;
let first: number;
beforeAll(async () => {
  kit = await createKit();
  first = await seededTestId(kit, 'Тест первого этапа');
}, SETUP_TIMEOUT);
afterAll(() => kit?.ctx.close());

const LIMIT = 25 * 60;

async function participant(): Promise<{ token: string; user: User; attempt: AttemptResource }> {
  const token = await verifiedParticipant(kit.ctx);
  const resolved = await kit.ctx.app.tokens.resolve(token);
  return { token, user: resolved!.user, attempt: await start(kit, first, token) };
}

/** A question that takes free text, and another one of the attempt (to read the attempt's shape with). */
const textQuestion = (attempt: AttemptResource) => attempt.questions.find((q) => q.type === 'open_text')!;
const otherQuestion = (attempt: AttemptResource) => attempt.questions.find((q) => q.type !== 'open_text')!;

const view = async (attemptId: number, token: string): Promise<AttemptResource> => (await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attemptId}`, token)).json().data;
const stored = async (attemptId: number, questionId: number, token: string) => (await view(attemptId, token)).questions.find((q) => q.id === questionId)!;

/** What the route would answer: 200 with the saved answer, or the 409's code and stored answer. */
const outcome = (saving: Promise<SavedAnswer>) =>
  saving.then(
    (saved) => ({ status: 200, saved }),
    (error: unknown) => {
      if (error instanceof TestConflict) return { status: 409, code: error.code, stored: error.stored };
      throw error;
    },
  );

describe('the answer writer, one statement for answers arriving together', () => {
  const writeOf = (p: { user: User; attempt: AttemptResource }, question: number, version: number, answer: AnswerValue | null, now = new Date()): AnswerWrite => ({
    attemptId: p.attempt.id,
    questionId: p.attempt.questions[question].id,
    userId: p.user.id,
    version,
    answer,
    now,
    cutoff: new Date(now.getTime() - GRACE_SECONDS * 1000),
  });

  test('the same answer twice in one batch (a retry racing the original): written once, the repeat told it was not written', async () => {
    const writer = answerWriter(kit.ctx.database.db);
    const p = await participant();
    const now = new Date();
    const [original, repeat] = await Promise.all([writer.write(writeOf(p, 0, 1, { text: 'один' }, now)), writer.write(writeOf(p, 0, 1, { text: 'один' }, now))]);
    expect(original).toEqual({ questionId: p.attempt.questions[0].id, version: 1, answer: { text: 'один' }, savedAt: now });
    expect(repeat).toBeNull();
    expect(await stored(p.attempt.id, p.attempt.questions[0].id, p.token)).toMatchObject({ version: 1, answer: { text: 'один' } });
  });

  test('stale versions in a batch: only the highest is written, whatever the order they came in', async () => {
    const writer = answerWriter(kit.ctx.database.db);
    const p = await participant();
    const results = await Promise.all([
      writer.write(writeOf(p, 0, 2, { text: 'два' })),
      writer.write(writeOf(p, 0, 3, { text: 'три' })),
      writer.write(writeOf(p, 0, 1, { text: 'один' })),
      writer.write(writeOf(p, 1, 1, { text: 'другой вопрос' })),
    ]);
    expect(results.map((r) => r?.version ?? null)).toEqual([null, 3, null, 1]);
    expect(await stored(p.attempt.id, p.attempt.questions[0].id, p.token)).toMatchObject({ version: 3, answer: { text: 'три' } });
    // Later, a lower version than the stored one is not written either.
    expect(await writer.write(writeOf(p, 0, 2, { text: 'два' }))).toBeNull();
  });

  test('a late answer, an answer to someone else’s attempt and a good one in one batch: only the good one is written', async () => {
    const writer = answerWriter(kit.ctx.database.db);
    const [late, mine, other] = await Promise.all([participant(), participant(), participant()]);
    await age(kit, late.attempt.id, LIMIT + GRACE_SECONDS + 1);
    const results = await Promise.all([
      writer.write(writeOf(late, 0, 1, { text: 'поздно' })),
      writer.write({ ...writeOf(other, 0, 1, { text: 'чужое' }), userId: mine.user.id }),
      writer.write(writeOf(mine, 0, 1, { text: 'вовремя' })),
    ]);
    expect(results.map((r) => r?.version ?? null)).toEqual([null, null, 1]);
    expect((await stored(other.attempt.id, other.attempt.questions[0].id, other.token)).version).toBe(0);
    expect(await stored(mine.attempt.id, mine.attempt.questions[0].id, mine.token)).toMatchObject({ version: 1, answer: { text: 'вовремя' } });
    const closed = await view(late.attempt.id, late.token);
    expect(closed.status).toBe('finished');
    expect(closed.questions[0]).toMatchObject({ version: 0, answer: null });
  });

  test('an answer the database refuses fails alone: the others of its batch are written', async () => {
    const writer = answerWriter(kit.ctx.database.db);
    const p = await participant();
    const [good, bad, alsoGood] = await Promise.allSettled([
      writer.write(writeOf(p, 0, 1, { text: 'хорошо' })),
      // jsonb refuses the NUL character: the whole statement fails, so the writer retries answer by answer.
      writer.write(writeOf(p, 1, 1, { text: 'nul \u0000 inside' })),
      writer.write(writeOf(p, 2, 1, { text: 'тоже хорошо' })),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { version: 1 } });
    expect(bad.status).toBe('rejected');
    expect(alsoGood).toMatchObject({ status: 'fulfilled', value: { version: 1 } });
    const questions = (await view(p.attempt.id, p.token)).questions;
    expect(questions.slice(0, 3).map((q) => q.version)).toEqual([1, 0, 1]);
  });
});

describe('saving answers that share a statement: each gets the answer a save alone would get', () => {
  test('two saves of the same answer: both 200 with the same stored answer', async () => {
    const service = attemptsService(kit.ctx.database.db);
    const p = await participant();
    const q = otherQuestion(p.attempt);
    const answer = await rightAnswer(kit, q);
    // The first save reads the attempt's shape; afterwards saves reach the writer in the same turn.
    expect((await outcome(service.saveAnswer(p.user, p.attempt.id, textQuestion(p.attempt).id, { version: 1, answer: null }, new Date()))).status).toBe(200);
    const now = new Date();
    const [a, b] = await Promise.all([
      outcome(service.saveAnswer(p.user, p.attempt.id, q.id, { version: 1, answer }, now)),
      outcome(service.saveAnswer(p.user, p.attempt.id, q.id, { version: 1, answer }, now)),
    ]);
    expect(a).toEqual({ status: 200, saved: { question_id: q.id, version: 1, answer, saved_at: now.toISOString() } });
    expect(b).toEqual(a);
  });

  test('a stale tab and a newer one: the newer is saved, the stale one is a version conflict carrying it; a different answer under the same version too', async () => {
    const service = attemptsService(kit.ctx.database.db);
    const p = await participant();
    const q = textQuestion(p.attempt);
    expect((await outcome(service.saveAnswer(p.user, p.attempt.id, otherQuestion(p.attempt).id, { version: 1, answer: null }, new Date()))).status).toBe(200);
    const [stale, newer, clash] = await Promise.all([
      outcome(service.saveAnswer(p.user, p.attempt.id, q.id, { version: 4, answer: { text: 'старое' } }, new Date())),
      outcome(service.saveAnswer(p.user, p.attempt.id, q.id, { version: 5, answer: { text: 'новое' } }, new Date())),
      outcome(service.saveAnswer(p.user, p.attempt.id, q.id, { version: 5, answer: { text: 'другое' } }, new Date())),
    ]);
    expect(newer).toMatchObject({ status: 200, saved: { version: 5, answer: { text: 'новое' } } });
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict', stored: { version: 5, answer: { text: 'новое' } } });
    expect(clash).toMatchObject({ status: 409, code: 'version_conflict', stored: { version: 5, answer: { text: 'новое' } } });
  });

  test('a late answer among answers in time: it is refused as too late (attempt closed), the others are saved', async () => {
    const service = attemptsService(kit.ctx.database.db);
    const [late, onTime] = await Promise.all([participant(), participant()]);
    for (const p of [late, onTime]) {
      expect((await outcome(service.saveAnswer(p.user, p.attempt.id, otherQuestion(p.attempt).id, { version: 1, answer: null }, new Date()))).status).toBe(200);
    }
    // Past the deadline and the grace in the database, while this process still remembers the old deadline.
    await age(kit, late.attempt.id, LIMIT + GRACE_SECONDS + 1);
    const [refused, saved] = await Promise.all([
      outcome(service.saveAnswer(late.user, late.attempt.id, textQuestion(late.attempt).id, { version: 1, answer: { text: 'поздно' } }, new Date())),
      outcome(service.saveAnswer(onTime.user, onTime.attempt.id, textQuestion(onTime.attempt).id, { version: 1, answer: { text: 'вовремя' } }, new Date())),
    ]);
    expect(refused).toMatchObject({ status: 409, code: 'attempt_closed' });
    expect(saved).toMatchObject({ status: 200, saved: { version: 1, answer: { text: 'вовремя' } } });
    // Refusing does not close the attempt (the sweep or the next read does, at the deadline); nothing of the late answer is kept.
    expect(await stored(late.attempt.id, textQuestion(late.attempt).id, late.token)).toMatchObject({ version: 0, answer: null });
    const row = await attemptRow(kit, late.attempt.id);
    expect(row.finishedBy).toBe('deadline');
    expect(row.finishedAt!.getTime()).toBe(row.deadline!.getTime());
  });
});
