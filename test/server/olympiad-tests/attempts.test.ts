import { sql } from 'drizzle-orm';
import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { AttemptResource } from '../../../shared/api/olympiad-test-attempts';
import type { TestSummary } from '../../../shared/api/olympiad-tests';
import { QUESTION_TYPES } from '../../../shared/validation/olympiad-tests';
import { SETUP_TIMEOUT, signIn } from '../helpers/test-app';
import { nextIp, register } from '../olympiad/olympiad-helpers';
import { age, call, createKit, createQuestion, createTest, rightAnswer, save, seededTestId, start, verifiedParticipant, wrongAnswer, type Kit } from './tests-kit';

let kit: Kit;
let training: number;
let first: number;
let second: number;
beforeAll(async () => {
  kit = await createKit();
  training = await seededTestId(kit, 'Тренировочный тест');
  first = await seededTestId(kit, 'Тест первого этапа');
  second = await seededTestId(kit, 'Тест второго этапа');
}, SETUP_TIMEOUT);
afterAll(() => kit?.ctx.close());

const view = async (attemptId: number, token: string, lang = 'en'): Promise<AttemptResource> =>
  (await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attemptId}`, token, undefined, lang)).json().data;
const finish = (attemptId: number, token: string) => call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attemptId}/finish`, token);

describe('starting an attempt', () => {
  test('the training test: every question type, lettered options, no right answers, no deadline; a second start resumes it', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const res = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`, token);
    expect(res.statusCode).toBe(201);
    const { data, server_time } = res.json();
    expect(Math.abs(Date.parse(server_time) - Date.now())).toBeLessThan(5000);
    expect(data).toMatchObject({ status: 'in_progress', deadline: null, time_limit_seconds: null, number: 1, current_index: 0, result: null, stage_kind: 'training' });
    expect(new Set(data.questions.map((q: { type: string }) => q.type))).toEqual(new Set(QUESTION_TYPES));
    for (const q of data.questions) {
      for (const list of [q.options, q.items]) if (list) expect(list.map((o: { letter: string }) => o.letter)).toEqual('ABCDEFGHIJ'.slice(0, list.length).split(''));
      expect(q).toMatchObject({ answer: null, version: 0, review: null });
    }
    // Nothing that reveals a right answer leaves the server before the finish.
    expect(res.body).not.toMatch(/correct|accepted|solution|"gaps":\[\d/);
    expect(data.questions.find((q: { type: string }) => q.type === 'closed_text').gaps).toEqual(['1', '2']);

    const again = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`, token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(data.id);
    expect(again.json().data.questions.map((q: { id: number }) => q.id)).toEqual(data.questions.map((q: { id: number }) => q.id));
  });

  test('order and shuffles are fixed per attempt: a reload shows the same letters in the same order', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const reloaded = await view(attempt.id, token);
    expect(reloaded.questions).toEqual(attempt.questions);
  });

  test('only verified participants may start: guests 401, non-participants and unconfirmed e-mails 403 with a clear message', async () => {
    expect((await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`)).statusCode).toBe(401);
    const buyer = (await signIn(kit.ctx, 'buyer@example.com', { ip: nextIp() })).token;
    const notParticipant = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`, buyer);
    expect(notParticipant.statusCode).toBe(403);
    expect(notParticipant.json().message).toBe('You are not registered for the olympiad yet.');
    // The test page learns from the list that this person has to join first.
    const buyersView = (await call(kit.ctx, 'GET', `/v1/olympiad/tests/${training}`, buyer)).json().data;
    expect(buyersView.my).toMatchObject({ can_start: false, participant: false });
    const unverified = (await register(kit.ctx)).token;
    const refused = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`, unverified, undefined, 'ru');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Сначала подтвердите адрес электронной почты: перейдите по ссылке из письма.');
    const listed = (await call(kit.ctx, 'GET', '/v1/olympiad/tests', unverified)).json().data[0];
    expect(listed.my).toMatchObject({ can_start: false, reason: 'Confirm your e-mail address first: follow the link in the letter we sent you.', participant: true });
  });

  test('a one-attempt stage refuses the second attempt (409, translated); the list says no attempts are left', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, first, token);
    expect(attempt.deadline).not.toBeNull();
    expect(attempt.time_limit_seconds).toBe(25 * 60);
    expect(attempt.questions).toHaveLength(12);
    expect((await finish(attempt.id, token)).statusCode).toBe(200);
    const second = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${first}/start`, token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'no_attempts_left', message: 'You have no attempts left for this test.' });
    const ru = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${first}/start`, token, undefined, 'ru');
    expect(ru.json().message).toBe('Попытки для этого теста закончились.');
    const listed = (await call(kit.ctx, 'GET', `/v1/olympiad/tests/${first}`, token)).json().data;
    expect(listed.my).toMatchObject({ attempts_used: 1, attempts_left: 0, can_start: false, in_progress_attempt_id: null, last_attempt_id: attempt.id });
  });

  test('the training stage allows unlimited attempts, numbered 1, 2, 3', async () => {
    const token = await verifiedParticipant(kit.ctx);
    for (const number of [1, 2, 3]) {
      const attempt = await start(kit, training, token);
      expect(attempt.number).toBe(number);
      await finish(attempt.id, token);
    }
  });

  test('a start outside the stage dates is refused: an upcoming stage, and one staff marked ended', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const upcoming = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${second}/start`, token);
    expect(upcoming.statusCode).toBe(409);
    expect(upcoming.json()).toMatchObject({ code: 'test_not_open', message: 'The test is not open now: it can be started only within the stage dates.' });
    const listed = (await call(kit.ctx, 'GET', `/v1/olympiad/tests?stage_id=${kit.stages.second}`, token)).json().data;
    expect(listed.map((t: { availability: string }) => t.availability)).toEqual(['upcoming', 'upcoming']);

    await kit.ctx.database.db.execute(sql`update olympiad_stages set ended_at = now() where kind = 'first'`);
    try {
      const ended = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${first}/start`, token);
      expect(ended.statusCode).toBe(409);
      expect(ended.json().code).toBe('test_not_open');
      // Training is open whatever the other stages do.
      expect((await call(kit.ctx, 'POST', `/v1/olympiad/tests/${training}/start`, token)).statusCode).toBe(201);
    } finally {
      await kit.ctx.database.db.execute(sql`update olympiad_stages set ended_at = null where kind = 'first'`);
    }
  });

  test('a late start gets the time left before the stage closes, not the full limit', async () => {
    const token = await verifiedParticipant(kit.ctx);
    await kit.ctx.database.db.execute(sql`update olympiad_stages set ends_at = now() + interval '10 minutes' where kind = 'first'`);
    try {
      const attempt = await start(kit, first, token);
      const left = Date.parse(attempt.deadline!) - Date.parse(attempt.started_at);
      expect(left).toBeGreaterThan(9 * 60_000);
      expect(left).toBeLessThanOrEqual(10 * 60_000);
    } finally {
      await kit.ctx.database.db.execute(sql`update olympiad_stages set ends_at = now() + interval '5 days' where kind = 'first'`);
    }
  });

  test('someone else’s attempt is not found', async () => {
    const mine = await start(kit, training, await verifiedParticipant(kit.ctx));
    const other = await verifiedParticipant(kit.ctx);
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${mine.id}`, other)).statusCode).toBe(404);
    expect((await save(kit, mine.id, mine.questions[0].id, 1, { text: 'x' }, other)).statusCode).toBe(404);
    expect((await finish(mine.id, other)).statusCode).toBe(404);
  });
});

describe('saving answers', () => {
  test('versions: the same version again is a no-op, a lower one or a different same-version answer is a 409 with the stored answer', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const q = attempt.questions.find((x) => x.type === 'single_choice' && x.options!.length === 4)!;
    const [a, b, c] = q.options!.map((o) => o.letter);

    const first = await save(kit, attempt.id, q.id, 1, { choice: a }, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { question_id: q.id, version: 1, answer: { choice: a } }, server_time: expect.any(String) });
    const repeat = await save(kit, attempt.id, q.id, 1, { choice: a }, token);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.saved_at).toBe(first.json().data.saved_at);

    const clash = await save(kit, attempt.id, q.id, 1, { choice: b }, token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'version_conflict', data: { version: 1, answer: { choice: a } } });

    expect((await save(kit, attempt.id, q.id, 3, { choice: c }, token)).statusCode).toBe(200);
    // A stale tab still on version 2 cannot overwrite the newer answer…
    const stale = await save(kit, attempt.id, q.id, 2, { choice: b }, token, 'ru');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'version_conflict', data: { version: 3, answer: { choice: c } } });
    expect(stale.json().message).toMatch(/другой вкладке/);
    // …and what a reload shows is the newest.
    const reloaded = (await view(attempt.id, token)).questions.find((x) => x.id === q.id)!;
    expect(reloaded).toMatchObject({ answer: { choice: c }, version: 3 });

    // Timestamps are fine as versions; null clears the answer.
    const cleared = await save(kit, attempt.id, q.id, Date.now(), null, token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.answer).toBeNull();
  });

  test('concurrent saves from two tabs: the highest version wins whatever order they land in', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const q = attempt.questions.find((x) => x.type === 'open_text')!;
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => save(kit, attempt.id, q.id, i + 1, { text: `ответ ${i + 1}` }, token)));
    for (const res of results) expect([200, 409]).toContain(res.statusCode);
    const stored = (await view(attempt.id, token)).questions.find((x) => x.id === q.id)!;
    expect(stored).toMatchObject({ version: 12, answer: { text: 'ответ 12' } });
  });

  test('bad answers are refused with a clear 422 and nothing already saved is lost', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const single = attempt.questions.find((x) => x.type === 'single_choice' && x.options!.length === 4)!;
    const ordering = attempt.questions.find((x) => x.type === 'ordering')!;
    const matching = attempt.questions.find((x) => x.type === 'matching')!;
    const closed = attempt.questions.find((x) => x.type === 'closed_text')!;
    const essay = attempt.questions.find((x) => x.type === 'essay')!;
    expect((await save(kit, attempt.id, single.id, 1, { choice: 'B' }, token)).statusCode).toBe(200);
    expect((await save(kit, attempt.id, essay.id, 1, { text: 'Черновик' }, token)).statusCode).toBe(200);

    const noSuchLetter = await save(kit, attempt.id, single.id, 2, { choice: 'E' }, token);
    expect(noSuchLetter.statusCode).toBe(422);
    expect(noSuchLetter.json()).toEqual({ message: 'There is no option E in this question.', errors: { 'answer.choice': ['There is no option E in this question.'] } });
    expect((await save(kit, attempt.id, single.id, 2, { choice: 'K' }, token)).statusCode).toBe(422);
    expect((await save(kit, attempt.id, single.id, 2, { text: 'B' }, token)).json().errors).toEqual({ 'answer.choice': ['The field is required.'] });

    const foreign = await save(kit, attempt.id, 999_999, 1, { choice: 'A' }, token);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ question_id: ['This question is not part of your attempt.'] });

    const partialOrder = await save(kit, attempt.id, ordering.id, 1, { order: ['A', 'B'] }, token);
    expect(partialOrder.statusCode).toBe(422);
    expect(partialOrder.json().message).toBe('Put all 5 items in order, each exactly once.');
    expect((await save(kit, attempt.id, ordering.id, 1, { order: ['A', 'A', 'B', 'C', 'D'] }, token)).statusCode).toBe(422);
    expect((await save(kit, attempt.id, matching.id, 1, { matches: { '9': 'A' } }, token)).json().message).toBe('There is no item 9 in this question.');
    expect((await save(kit, attempt.id, matching.id, 1, { matches: { '1': 'F' } }, token)).json().message).toBe('There is no option F in this question.');
    expect((await save(kit, attempt.id, closed.id, 1, { gaps: { '3': 'A' } }, token)).json().message).toBe('There is no gap 3 in this question.');

    const tooLong = await save(kit, attempt.id, essay.id, 2, { text: 'я'.repeat(5001) }, token, 'ru');
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({ 'answer.text': ['В эссе может быть не более 5000 символов, а в этом 5001. Оно не сохранено: остаётся последний сохранённый текст.'] });
    expect((await save(kit, attempt.id, essay.id, 2, { text: 'я'.repeat(20_000) }, token)).json().errors).toEqual({
      'answer.text': ['An essay holds at most 5000 characters; this one has 20000. It was not saved: the last saved text is kept.'],
    });
    // Emoji count as one character each, as the SPA's counter shows them.
    expect((await save(kit, attempt.id, essay.id, 3, { text: '🙂'.repeat(5000) }, token)).statusCode).toBe(200);

    const after = await view(attempt.id, token);
    expect(after.questions.find((x) => x.id === single.id)).toMatchObject({ answer: { choice: 'B' }, version: 1 });
    expect(after.questions.find((x) => x.id === essay.id)).toMatchObject({ answer: { text: '🙂'.repeat(5000) }, version: 3 });
  });

  test('the second stage’s essay: 45 minutes of its own; 12000 characters are refused with a clear translated 422 and the saved essay stays whole', async () => {
    await kit.ctx.database.db.execute(sql`update olympiad_stages set starts_at = now() - interval '1 hour' where kind = 'second'`);
    try {
      const essayTest = await seededTestId(kit, 'Эссе второго этапа');
      const token = await verifiedParticipant(kit.ctx);
      const attempt = await start(kit, essayTest, token, 'ru');
      expect(attempt).toMatchObject({ format: 'essay', stage_kind: 'second', time_limit_seconds: 45 * 60, question_count: 1 });
      const [essay] = attempt.questions;
      expect(essay).toMatchObject({ type: 'essay', max_length: 5000 });
      const draft = 'Чтение развивает воображение. '.repeat(150).trim();
      expect([...draft].length).toBeLessThanOrEqual(5000);
      expect((await save(kit, attempt.id, essay.id, 1, { text: draft }, token)).statusCode).toBe(200);

      for (const [lang, message] of [
        ['ru', 'В эссе может быть не более 5000 символов, а в этом 12000. Оно не сохранено: остаётся последний сохранённый текст.'],
        ['en', 'An essay holds at most 5000 characters; this one has 12000. It was not saved: the last saved text is kept.'],
      ]) {
        const refused = await save(kit, attempt.id, essay.id, 2, { text: 'ж'.repeat(12_000) }, token, lang);
        expect(refused.statusCode).toBe(422);
        expect(refused.json()).toEqual({ message, errors: { 'answer.text': [message] } });
      }
      const kept = await view(attempt.id, token);
      expect(kept.questions[0]).toMatchObject({ answer: { text: draft }, version: 1 });
      // The next good save goes through as usual, and the finish scores the essay as awaiting grading.
      expect((await save(kit, attempt.id, essay.id, 2, { text: `${draft} Конец.` }, token)).statusCode).toBe(200);
      const done = (await finish(attempt.id, token)).json().data as AttemptResource;
      expect(done.questions[0].answer).toEqual({ text: `${draft} Конец.` });
      expect(done.result).toMatchObject({ essay_status: 'awaiting_grading', points: 0 });
    } finally {
      await kit.ctx.database.db.execute(sql`update olympiad_stages set starts_at = now() + interval '14 days' where kind = 'second'`);
    }
  });

  test('resume: the question on screen, visited marks and every saved answer with its version come back', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    expect(attempt.questions[0].visited).toBe(true);
    const q = attempt.questions[2];
    const answer = await rightAnswer(kit, q);
    expect((await save(kit, attempt.id, q.id, 5, answer, token)).statusCode).toBe(200);
    for (const index of [1, 3]) {
      const moved = await call(kit.ctx, 'PUT', `/v1/olympiad/attempts/${attempt.id}/position`, token, { index });
      expect(moved.json().data).toEqual({ current_index: index });
    }
    expect((await call(kit.ctx, 'PUT', `/v1/olympiad/attempts/${attempt.id}/position`, token, { index: 99 })).statusCode).toBe(422);
    const resumed = await view(attempt.id, token);
    expect(resumed.current_index).toBe(3);
    expect(resumed.questions.map((x) => x.visited)).toEqual([true, true, false, true, false, false, false, false]);
    expect(resumed.questions[2]).toMatchObject({ answer, version: 5 });
    expect(resumed.answered_count).toBe(1);
  });
});

describe('results', () => {
  test('every type scored: right answers count, a wrong one does not, the essay awaits grading; training shows the solutions', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const wrongType = 'ordering';
    let version = 1;
    for (const q of attempt.questions) {
      const right = await rightAnswer(kit, q);
      const answer: AnswerValue = q.type === wrongType ? wrongAnswer(q, right) : right;
      const res = await save(kit, attempt.id, q.id, version++, answer, token);
      expect(res.statusCode).toBe(200);
    }
    const done = await finish(attempt.id, token);
    expect(done.statusCode).toBe(200);
    const result = done.json().data as AttemptResource;
    expect(result.status).toBe('finished');
    expect(result.finished_by).toBe('participant');
    // 7 questions scored by the server (1 point each) and an essay worth 5: 12 points at most.
    expect(result.result).toMatchObject({
      correct: 6,
      auto_total: 7,
      question_count: 8,
      points: 6,
      max_points: 12,
      percent: 50,
      speed_points: 0,
      essay_status: 'awaiting_grading',
      review_available: true,
    });
    expect(result.result!.time_spent_seconds).toBeGreaterThanOrEqual(0);
    for (const q of result.questions) {
      if (q.type === 'essay') expect(q.review).toMatchObject({ correct: null, points: null, solution: null });
      else if (q.type === wrongType) expect(q.review).toMatchObject({ correct: false, points: 0, solution: await rightAnswer(kit, q) });
      else expect(q.review).toMatchObject({ correct: true, points: 1 });
    }
    expect(result.questions.find((q) => q.type === 'open_text')!.review!.accepted).toEqual(['Канберра', 'Canberra']);
    // Finishing again changes nothing.
    expect((await finish(attempt.id, token)).json().data.finished_at).toBe(result.finished_at);
    // Saving after the finish is refused.
    const late = await save(kit, attempt.id, attempt.questions[0].id, 100, await rightAnswer(kit, attempt.questions[0]), token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'attempt_closed', message: 'Time for this test is over or the test is already finished: the answer was not saved.' });
  });

  test('after the window closes: my answers, my result and the right answers may be seen; nothing may be changed, started or seen of others', async () => {
    // A first-stage test of its own, so other tests' attempts do not count as "still running".
    const single = await createQuestion(kit, { type: 'single_choice', text: 'Два плюс два?', text_en: 'Two plus two?', options: [{ text: '4', correct: true }, { text: '5' }, { text: '3' }] });
    const open = await createQuestion(kit, { type: 'open_text', text: 'Столица Австралии?', text_en: 'Capital of Australia?', accepted: ['Канберра', 'Canberra'] });
    const test = await createTest(kit, { stage_id: kit.stages.first, title: 'Окно первого этапа', title_en: 'First stage window', question_ids: [single, open], published: true });
    const me = await verifiedParticipant(kit.ctx);
    const mine = await start(kit, test.id, me);
    const singleQ = mine.questions.find((q) => q.type === 'single_choice')!;
    const openQ = mine.questions.find((q) => q.type === 'open_text')!;
    const right = await rightAnswer(kit, singleQ);
    expect((await save(kit, mine.id, singleQ.id, 1, right, me)).statusCode).toBe(200);
    expect((await save(kit, mine.id, openQ.id, 1, { text: 'Сидней' }, me)).statusCode).toBe(200);
    const done = (await finish(mine.id, me)).json().data as AttemptResource;

    // While the test is open: the result, my own answers, but no right answers and no verdicts.
    expect(done.result).toMatchObject({ correct: 1, auto_total: 2, points: 1, max_points: 2, percent: 50, review_available: false });
    expect(done.questions.find((q) => q.id === singleQ.id)).toMatchObject({ answer: right, review: null });
    expect(JSON.stringify(done)).not.toMatch(/solution|accepted|Канберра|Canberra/);

    // Someone else is still answering when the window closes (staff moved its date): still nothing is shown.
    const other = await verifiedParticipant(kit.ctx);
    const theirs = await start(kit, test.id, other);
    await kit.ctx.database.db.execute(sql`update olympiad_tests set closes_at = now() where id = ${test.id}`);
    const waiting = await view(mine.id, me);
    expect(waiting.result!.review_available).toBe(false);
    expect(waiting.questions.every((q) => q.review === null)).toBe(true);
    // Their running attempt keeps its time: their answers still count until they finish.
    expect((await save(kit, theirs.id, theirs.questions[0].id, 1, await rightAnswer(kit, theirs.questions[0]), other)).statusCode).toBe(200);
    await finish(theirs.id, other);

    // Closed and nobody answering: every verdict and right answer, next to my own answers, in my language.
    const review = await view(mine.id, me);
    expect(review.result).toMatchObject({ correct: 1, points: 1, review_available: true });
    expect(review.questions.find((q) => q.id === singleQ.id)).toMatchObject({ text: 'Two plus two?', answer: right, review: { correct: true, points: 1, solution: right } });
    expect(review.questions.find((q) => q.id === openQ.id)).toMatchObject({
      answer: { text: 'Сидней' },
      review: { correct: false, points: 0, solution: { text: 'Канберра' }, accepted: ['Канберра', 'Canberra'] },
    });
    const listed = (await call(kit.ctx, 'GET', `/v1/olympiad/me/attempts?test_id=${test.id}`, me)).json().data;
    expect(listed[0]).toMatchObject({ id: mine.id, result: { review_available: true } });

    // Nothing may change any more: no answer, no new start (for me or anyone), the finish stays as it was.
    const late = await save(kit, mine.id, openQ.id, 2, { text: 'Канберра' }, me, 'ru');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'attempt_closed', message: 'Время на этот тест вышло или тест уже завершён: ответ не сохранён.' });
    expect((await view(mine.id, me)).questions.find((q) => q.id === openQ.id)!.answer).toEqual({ text: 'Сидней' });
    expect((await finish(mine.id, me)).json().data.finished_at).toBe(done.finished_at);
    const again = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${test.id}/start`, me);
    expect(again.statusCode).toBe(409);
    const newcomer = await call(kit.ctx, 'POST', `/v1/olympiad/tests/${test.id}/start`, await verifiedParticipant(kit.ctx), undefined, 'ru');
    expect(newcomer.statusCode).toBe(409);
    expect(newcomer.json()).toMatchObject({ code: 'test_not_open', message: 'Тест сейчас недоступен: начать его можно только в сроки этапа.' });

    // Nobody else's attempt, answers or right answers: not found.
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${theirs.id}`, me)).statusCode).toBe(404);
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${mine.id}`, other)).statusCode).toBe(404);
  });

  test('a participant who did not finish before the window closed finds the attempt ended at the close, with the review', async () => {
    const single = await createQuestion(kit, { type: 'single_choice', text: 'Три плюс три?', options: [{ text: '6', correct: true }, { text: '7' }] });
    const test = await createTest(kit, { stage_id: kit.stages.first, title: 'Закрытие без финиша', question_ids: [single], published: true });
    // The test closes 5 minutes after the start (a late start gets the time left, not 25 minutes)…
    await kit.ctx.database.db.execute(sql`update olympiad_tests set closes_at = now() + interval '5 minutes' where id = ${test.id}`);
    const me = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, test.id, me);
    expect(Date.parse(attempt.deadline!) - Date.parse(attempt.started_at)).toBeLessThanOrEqual(5 * 60_000);
    // …and ten minutes have gone by without the participant coming back.
    await age(kit, attempt.id, 10 * 60);
    await kit.ctx.database.db.execute(sql`update olympiad_tests set closes_at = now() - interval '5 minutes' where id = ${test.id}`);
    const seen = await view(attempt.id, me);
    expect(seen).toMatchObject({ status: 'finished', finished_by: 'deadline', finished_at: seen.deadline });
    expect(seen.result).toMatchObject({ correct: 0, review_available: true });
    expect(seen.questions[0]).toMatchObject({ answer: null, review: { correct: false, points: 0 } });
  });

  test('the personal statistics list every attempt by stage, and my attempts can be filtered', async () => {
    const token = await verifiedParticipant(kit.ctx);
    const a1 = await start(kit, training, token);
    await finish(a1.id, token);
    const a2 = await start(kit, training, token);
    const f1 = await start(kit, first, token);
    await finish(f1.id, token);
    const stats = await call(kit.ctx, 'GET', '/v1/olympiad/me/statistics', token);
    expect(stats.statusCode).toBe(200);
    const byKind = Object.fromEntries(stats.json().data.map((s: { kind: string; attempts: Array<{ id: number }> }) => [s.kind, s.attempts.map((a) => a.id)]));
    expect(byKind).toEqual({ training: [a2.id, a1.id], first: [f1.id], second: [], final: [] });
    const training1 = stats.json().data[0].attempts[1];
    expect(training1).toMatchObject({ status: 'finished', test_title: 'Training test', result: { question_count: 8 } });
    expect(stats.json().data[0].attempts[0]).toMatchObject({ status: 'in_progress', result: null });

    const onlyFirst = await call(kit.ctx, 'GET', `/v1/olympiad/me/attempts?test_id=${first}`, token);
    expect(onlyFirst.json().data.map((a: { id: number }) => a.id)).toEqual([f1.id]);
    expect((await call(kit.ctx, 'GET', '/v1/olympiad/me/attempts')).statusCode).toBe(401);
  });

  test('the tests list: guests see the windows, a participant also their attempts and a running attempt to resume', async () => {
    // The demo tests (other tests of this file add their own to the stages).
    const demo = ['Тренировочный тест', 'Тест первого этапа', 'Тест второго этапа', 'Эссе второго этапа'];
    const ofDemo = (list: TestSummary[]) => list.filter((t) => demo.includes(t.title));
    const guest = { data: ofDemo((await call(kit.ctx, 'GET', '/v1/olympiad/tests', undefined, undefined, 'ru')).json().data) };
    expect(guest.data.map((t: { title: string }) => t.title)).toEqual(demo);
    expect(guest.data[0]).toMatchObject({ stage_kind: 'training', question_count: 8, time_limit_minutes: null, attempts_allowed: null, opens_at: null, closes_at: null, availability: 'open' });
    expect(guest.data[1]).toMatchObject({ question_count: 12, time_limit_minutes: 25, attempts_allowed: 1, availability: 'open' });
    expect(guest.data[3]).toMatchObject({ format: 'essay', time_limit_minutes: 45, question_count: 1 });
    expect(guest.data[0].my).toBeUndefined();

    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const mine = ofDemo((await call(kit.ctx, 'GET', '/v1/olympiad/tests', token, undefined, 'ru')).json().data);
    expect(mine[0].my).toEqual({ attempts_used: 1, attempts_left: null, in_progress_attempt_id: attempt.id, last_attempt_id: attempt.id, can_start: true, reason: null, participant: true });
    expect(mine[2].my).toMatchObject({ can_start: false, reason: 'Тест сейчас недоступен: начать его можно только в сроки этапа.' });
  });
});
