import { finishAttempt, sweepExpired } from '../../../server/modules/olympiad-tests/attempt-finisher';
import type { AttemptResource } from '../../../shared/api/olympiad-test-attempts';
import { GRACE_SECONDS } from '../../../shared/validation/olympiad-tests';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';
import {
  age,
  attemptRow,
  call,
  createKit,
  createQuestion,
  createTest,
  rightAnswer,
  save,
  seededTestId,
  start,
  startedAgo,
  verifiedParticipant,
  wrongAnswer,
  type Kit,
} from './tests-kit';

let kit: Kit;
let first: number;
beforeAll(async () => {
  kit = await createKit();
  first = await seededTestId(kit, 'Тест первого этапа');
}, SETUP_TIMEOUT);
afterAll(() => kit?.ctx.close());

const LIMIT = 25 * 60;
const view = async (attemptId: number, token: string): Promise<AttemptResource> => (await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attemptId}`, token)).json().data;
describe('the deadline and the grace', () => {
  test('an answer just after the deadline (within the grace) counts; one after the grace is refused and the attempt ends at the deadline', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    const [q1, q2] = attempt.questions;
    // One second past the deadline: still within the grace for the network.
    await age(kit, attempt.id, LIMIT + 1);
    const inGrace = await save(kit, attempt.id, q1.id, 1, await rightAnswer(kit, q1), token);
    expect(inGrace.statusCode).toBe(200);

    await age(kit, attempt.id, GRACE_SECONDS + 1);
    const late = await save(kit, attempt.id, q2.id, 1, await rightAnswer(kit, q2), token, 'ru');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'attempt_closed', message: 'Время на этот тест вышло или тест уже завершён: ответ не сохранён.' });

    const result = await view(attempt.id, token);
    const row = await attemptRow(kit, attempt.id);
    expect(row.finishedAt!.getTime()).toBe(row.deadline!.getTime());
    expect(row.finishedBy).toBe('deadline');
    expect(result.status).toBe('finished');
    expect(result.result).toMatchObject({ correct: 1, auto_total: 12, time_spent_seconds: LIMIT, speed_points: 0 });
    expect(result.questions.find((q) => q.id === q2.id)!.answer).toBeNull();
  });

  test('reading an attempt past its deadline finishes it on the spot (the on-demand sweep)', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    await age(kit, attempt.id, LIMIT + GRACE_SECONDS + 2);
    const seen = await view(attempt.id, token);
    expect(seen).toMatchObject({ status: 'finished', finished_by: 'deadline', finished_at: seen.deadline });
  });

  test('the screen ending the test at zero (a finish inside the grace) is the deadline’s doing: at the deadline, by the deadline', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    await age(kit, attempt.id, LIMIT + 1);
    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).json().data as AttemptResource;
    expect(done.finished_at).toBe(done.deadline);
    expect(done.finished_by).toBe('deadline');
    expect(done.result!.time_spent_seconds).toBe(LIMIT);
    expect(await attemptRow(kit, attempt.id)).toMatchObject({ finishedBy: 'deadline' });
    // The statistics and the staff table say the same.
    const mine = (await call(kit.ctx, 'GET', `/v1/olympiad/me/attempts?test_id=${first}`, token)).json().data;
    expect(mine[0]).toMatchObject({ id: attempt.id, finished_by: 'deadline', finished_at: done.deadline });
    const staff = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/tests/${first}/attempts?per_page=100`, kit.admin)).json().data;
    expect(staff.find((a: { id: number }) => a.id === attempt.id)).toMatchObject({ finished_by: 'deadline' });
  });

  test('a finish after the grace (a tab that slept through it) is also recorded at the deadline, by the deadline', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    await age(kit, attempt.id, LIMIT + GRACE_SECONDS + 30);
    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).json().data as AttemptResource;
    expect(done).toMatchObject({ status: 'finished', finished_by: 'deadline', finished_at: done.deadline });
  });

  test('an answer inside the grace counts, and the attempt still ends at the deadline by the deadline, whoever closes it', async () => {
    for (const closer of ['participant', 'sweep'] as const) {
      const token = await verifiedParticipant(kit.ctx);
      const attempt = await start(kit, first, token);
      const q = attempt.questions[0];
      await age(kit, attempt.id, LIMIT + 2);
      expect((await save(kit, attempt.id, q.id, 1, await rightAnswer(kit, q), token)).statusCode).toBe(200);
      if (closer === 'participant') {
        await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token);
      } else {
        // Nobody is left: the sweep closes it once the grace is over.
        await waitFor(async () => (await attemptRow(kit, attempt.id)).finishedAt !== null, { what: 'the sweep finishes the attempt', intervalMs: 100 });
      }
      const row = await attemptRow(kit, attempt.id);
      expect(row.finishedBy).toBe('deadline');
      expect(row.finishedAt!.getTime()).toBe(row.deadline!.getTime());
      expect((await view(attempt.id, token)).result).toMatchObject({ correct: 1, time_spent_seconds: LIMIT });
    }
  });

  test('the same rule at the finisher itself: before the deadline the participant ends it then; at the deadline it is the deadline’s', async () => {
    const db = kit.ctx.database.db;
    const early = await start(kit, first, await verifiedParticipant(kit.ctx));
    const deadline = Date.parse(early.deadline!);
    expect(await finishAttempt(db, early.id, new Date(deadline - 1000), 'participant')).toBe(true);
    expect(await attemptRow(kit, early.id)).toMatchObject({ finishedBy: 'participant', finishedAt: new Date(deadline - 1000) });

    const onTime = await start(kit, first, await verifiedParticipant(kit.ctx));
    const due = new Date(onTime.deadline!);
    expect(await finishAttempt(db, onTime.id, due, 'participant')).toBe(true);
    expect(await attemptRow(kit, onTime.id)).toMatchObject({ finishedBy: 'deadline', finishedAt: due });
  });
});

describe('a test that closes', () => {
  test('an untimed test with a closing date ends when it closes, so nobody is still answering once the right answers are shown', async () => {
    const single = await createQuestion(kit, { type: 'single_choice', text: 'Два плюс два?', options: [{ text: '4', correct: true }, { text: '5' }] });
    const closesAt = new Date(Date.now() + 10 * 60_000);
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'Без лимита, до даты', question_ids: [single], closes_at: closesAt.toISOString(), published: true });
    expect(test.time_limit_minutes).toBeNull();
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, test.id, token);
    expect(attempt).toMatchObject({ time_limit_seconds: null, deadline: closesAt.toISOString() });
    await age(kit, attempt.id, 10 * 60 + GRACE_SECONDS + 1);
    const seen = await view(attempt.id, token);
    expect(seen).toMatchObject({ status: 'finished', finished_by: 'deadline', finished_at: seen.deadline });
    expect(seen.result!.speed_points).toBe(0);
  });
});

describe('speed points (DESIGN formula)', () => {
  test.each([
    [12, 600, 6],
    [9, 600, 4.5],
    [12, 1200, 2],
    [0, 300, 0],
  ])('%i of 12 right after %i s of 1500 → %f', async (right, spent, speed) => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    let i = 0;
    for (const q of attempt.questions) {
      const answer = await rightAnswer(kit, q);
      await save(kit, attempt.id, q.id, 1, i++ < right ? answer : wrongAnswer(q, answer), token);
    }
    // Started `spent` seconds ago (the finish is a few milliseconds later still).
    await startedAgo(kit, attempt.id, spent);
    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).json().data as AttemptResource;
    expect(done.result).toMatchObject({ correct: right, max_points: 12, points: right, time_spent_seconds: spent, speed_points: speed });
    expect(done.result!.percent).toBe(Math.round((10000 * right) / 12) / 100);
  });
});

describe('the sweep', () => {
  test('finishes attempts past the deadline by itself, with nobody asking, recording the deadline', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    await save(kit, attempt.id, attempt.questions[0].id, 1, await rightAnswer(kit, attempt.questions[0]), token);
    await age(kit, attempt.id, LIMIT + GRACE_SECONDS + 1);
    // The app's timer runs every second: no request touches the attempt.
    await waitFor(async () => (await attemptRow(kit, attempt.id)).finishedAt !== null, { what: "the app's timer finishes the attempt", intervalMs: 100 });
    const row = await attemptRow(kit, attempt.id);
    expect(row).toMatchObject({ finishedBy: 'deadline' });
    expect(row.finishedAt!.getTime()).toBe(row.deadline!.getTime());
    expect(row.closedAt!.getTime()).toBeGreaterThanOrEqual(row.deadline!.getTime());
    expect((await view(attempt.id, token)).result).toMatchObject({ correct: 1 });
  });

  test('leaves running attempts alone, is idempotent, and several sweeps at once finish each attempt exactly once', async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => verifiedParticipant(kit.ctx)));
    const attempts = await Promise.all(tokens.map((token) => start(kit, first, token)));
    const due = attempts.slice(0, 4);
    const alive = attempts.slice(4);
    for (const attempt of due) await age(kit, attempt.id, LIMIT + 60);
    // As if several API nodes swept at the same moment.
    const counts = await Promise.all(Array.from({ length: 5 }, () => sweepExpired(kit.ctx.database.db, new Date())));
    const rows = await Promise.all(attempts.map((a) => attemptRow(kit, a.id)));
    expect(rows.slice(0, 4).every((r) => r.finishedAt !== null && r.finishedAt.getTime() === r.deadline!.getTime())).toBe(true);
    expect(rows.slice(4).every((r) => r.finishedAt === null)).toBe(true);
    // The app's own timer may have taken some of them: never more than the due ones in all.
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(due.length);
    expect(await sweepExpired(kit.ctx.database.db, new Date())).toBe(0);
    for (const attempt of alive) expect((await view(attempt.id, tokens[attempts.indexOf(attempt)])).status).toBe('in_progress');
    // Finishing an already finished attempt is a no-op.
    expect(await finishAttempt(kit.ctx.database.db, due[0].id, new Date(), 'participant')).toBe(false);
    expect((await attemptRow(kit, due[0].id)).finishedBy).toBe('deadline');
  });

  test('answers racing the finish either count or are refused, never silently lost', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    const answers = await Promise.all(attempt.questions.map((q) => rightAnswer(kit, q)));
    await age(kit, attempt.id, LIMIT - 1);
    const [saves] = await Promise.all([
      Promise.all(attempt.questions.map((q, i) => save(kit, attempt.id, q.id, 1, answers[i], token))),
      finishAttempt(kit.ctx.database.db, attempt.id, new Date(), 'participant'),
    ]);
    const accepted = saves.filter((s) => s.statusCode === 200).length;
    for (const s of saves) expect([200, 409]).toContain(s.statusCode);
    const result = (await view(attempt.id, token)).result!;
    expect(result.correct).toBe(accepted);
    const stored = (await view(attempt.id, token)).questions.filter((q) => q.answer !== null).length;
    expect(stored).toBe(accepted);
  });
});
