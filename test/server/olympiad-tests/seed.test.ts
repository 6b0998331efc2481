import { seedDemoIfEmpty } from '../../../server/db/seed/seed-demo';
import { seedOlympiadTests } from '../../../server/db/seed/olympiad-tests-seed';
import { QUESTION_TYPES } from '../../../shared/validation/olympiad-tests';
import { createTestApp, SETUP_TIMEOUT, signIn, type TestContext } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';
import { call } from './tests-kit';

let ctx: TestContext;
let student: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoIfEmpty(ctx.database.db);
  student = (await signIn(ctx, 'student@example.com', { ip: nextIp() })).token;
}, SETUP_TIMEOUT);
afterAll(() => ctx?.close());

describe('the demo tests', () => {
  test('training with every question type, the first stage’s 25-minute test, the second stage’s test and essay, in both languages', async () => {
    const ru = (await call(ctx, 'GET', '/v1/olympiad/tests', student, undefined, 'ru')).json().data;
    const en = (await call(ctx, 'GET', '/v1/olympiad/tests', student, undefined, 'en')).json().data;
    expect(ru.map((t: { title: string }) => t.title)).toEqual(['Тренировочный тест', 'Тест первого этапа', 'Тест второго этапа', 'Эссе второго этапа']);
    expect(en.map((t: { title: string }) => t.title)).toEqual(['Training test', 'First stage test', 'Second stage test', 'Second stage essay']);
    expect(en.map((t: { stage_kind: string; time_limit_minutes: number | null; attempts_allowed: number | null; question_count: number }) => [t.stage_kind, t.time_limit_minutes, t.attempts_allowed, t.question_count])).toEqual([
      ['training', null, null, 8],
      ['first', 25, 1, 12],
      ['second', 30, 1, 10],
      ['second', 45, 1, 1],
    ]);
    // The demo participant may start training and the first stage now; the second stage opens on its date.
    expect(en.map((t: { my: { can_start: boolean } }) => t.my.can_start)).toEqual([true, true, false, false]);
  });

  test('the demo participant takes the training test: every type, texts translated', async () => {
    const training = (await call(ctx, 'GET', '/v1/olympiad/tests', student)).json().data[0];
    const started = await call(ctx, 'POST', `/v1/olympiad/tests/${training.id}/start`, student);
    expect(started.statusCode).toBe(201);
    const attempt = started.json().data;
    expect(new Set(attempt.questions.map((q: { type: string }) => q.type))).toEqual(new Set(QUESTION_TYPES));
    expect(attempt.questions.every((q: { text: string }) => !/[а-яё]/i.test(q.text))).toBe(true);
    const ru = (await call(ctx, 'GET', `/v1/olympiad/attempts/${attempt.id}`, student, undefined, 'ru')).json().data;
    expect(ru.questions.every((q: { text: string }) => /[а-яё]/i.test(q.text))).toBe(true);
  });

  test('seeding again adds nothing', async () => {
    await seedOlympiadTests(ctx.database.db);
    expect((await call(ctx, 'GET', '/v1/olympiad/tests')).json().data).toHaveLength(4);
  });
});
