import type { AttemptResource } from '../../../shared/api/olympiad-test-attempts';
import type { QuestionBody } from '../../../shared/api/olympiad-test-bank';
import type { EssaySubmission } from '../../../shared/api/olympiad-test-grading';
import { SETUP_TIMEOUT, signIn } from '../helpers/test-app';
import { nextIp } from '../olympiad/olympiad-helpers';
import { call, createKit, createQuestion, createTest, rightAnswer, save, seededTestId, start, verifiedParticipant, type Kit } from './tests-kit';

let kit: Kit;
let user: string;
beforeAll(async () => {
  kit = await createKit();
  user = (await signIn(kit.ctx, 'buyer@example.com', { ip: nextIp() })).token;
}, SETUP_TIMEOUT);
afterAll(() => kit?.ctx.close());

const EVERY_TYPE: QuestionBody[] = [
  { type: 'single_choice', category: 'Проверка', text: 'Два плюс два?', text_en: 'Two plus two?', options: [{ text: '4', correct: true }, { text: '5' }] },
  { type: 'multiple_choice', category: 'Проверка', text: 'Чётные?', options: [{ text: '2', correct: true }, { text: '3' }, { text: '4', correct: true }] },
  { type: 'ordering', category: 'Проверка', text: 'По возрастанию', items: [{ text: '1' }, { text: '2' }, { text: '3' }] },
  {
    type: 'matching',
    category: 'Проверка',
    text: 'Соотнесите',
    pairs: [
      { prompt: 'Кот', answer: 'Мяу' },
      { prompt: 'Пёс', answer: 'Гав' },
      { prompt: 'Котёнок', answer: 'Мяу' },
    ],
    distractors: [{ text: 'Му' }],
  },
  { type: 'open_text', category: 'Проверка', text: 'Кто написал «Ёжика в тумане»?', accepted: ['Сергей Козлов', 'Козлов'] },
  { type: 'closed_text', category: 'Проверка', text: 'Небо [[1]], трава [[2]].', options: [{ text: 'зелёная' }, { text: 'голубое' }], gaps: [1, 0] },
  { type: 'essay', category: 'Проверка', text: 'Эссе о весне', max_points: 10 },
];

describe('who may edit', () => {
  test('guests 401, ordinary users and participants 403, admin and moderator may', async () => {
    expect((await call(kit.ctx, 'GET', '/v1/olympiad/admin/tests')).statusCode).toBe(401);
    for (const token of [user, kit.student]) {
      expect((await call(kit.ctx, 'GET', '/v1/olympiad/admin/questions', token)).statusCode).toBe(403);
      expect((await call(kit.ctx, 'POST', '/v1/olympiad/admin/questions', token, EVERY_TYPE[0])).statusCode).toBe(403);
      expect((await call(kit.ctx, 'GET', '/v1/olympiad/admin/essays', token)).statusCode).toBe(403);
    }
    expect((await call(kit.ctx, 'GET', '/v1/olympiad/admin/tests', kit.moderator)).statusCode).toBe(200);
    expect((await call(kit.ctx, 'POST', '/v1/olympiad/admin/questions', kit.moderator, EVERY_TYPE[0])).statusCode).toBe(201);
  });
});

describe('questions', () => {
  test('every type is created, read back and listed by category', async () => {
    const ids: number[] = [];
    for (const body of EVERY_TYPE) ids.push(await createQuestion(kit, body));
    const single = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions/${ids[0]}`, kit.admin)).json().data;
    expect(single).toMatchObject({ type: 'single_choice', text: 'Два плюс два?', text_en: 'Two plus two?', max_points: 1, options: [{ text: '4', text_en: null, correct: true }, { text: '5', correct: false }] });
    const closed = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions/${ids[5]}`, kit.admin)).json().data;
    expect(closed).toMatchObject({ gaps: [1, 0], options: [{ text: 'зелёная' }, { text: 'голубое' }] });
    expect(closed.items).toBeUndefined();
    const list = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions?category=${encodeURIComponent('Проверка')}&per_page=100`, kit.admin)).json();
    expect(list.meta.total).toBeGreaterThanOrEqual(7);
    expect(new Set(list.data.map((q: { type: string }) => q.type)).size).toBe(7);
    const found = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions?search=${encodeURIComponent('ёжика')}`, kit.admin)).json().data;
    expect(found.map((q: { id: number }) => q.id)).toEqual([ids[4]]);
    const categories = (await call(kit.ctx, 'GET', '/v1/olympiad/admin/questions/categories', kit.admin)).json().data;
    expect(categories).toEqual(expect.arrayContaining([{ name: 'Тренировка', count: 8 }, { name: 'Первый этап', count: 12 }]));
  });

  test('the editor’s rules: one right option for single choice, at most ten options, gaps that match the text, an accepted answer', async () => {
    const errors = async (body: Partial<QuestionBody>) => (await call(kit.ctx, 'POST', '/v1/olympiad/admin/questions', kit.admin, { category: 'x', text: 'Вопрос', ...body })).json().errors;
    expect(await errors({ type: 'single_choice', options: [{ text: 'a', correct: true }, { text: 'b', correct: true }] })).toEqual({ options: ['Mark exactly one right option.'] });
    expect(await errors({ type: 'multiple_choice', options: [{ text: 'a' }, { text: 'b' }] })).toEqual({ options: ['Mark at least one right option.'] });
    expect(await errors({ type: 'single_choice', options: Array.from({ length: 11 }, (_, i) => ({ text: `${i}`, correct: i === 0 })) })).toEqual({ options: ['At most 10 options (letters A to J).'] });
    expect(await errors({ type: 'ordering', items: [{ text: 'один' }] })).toEqual({ items: ['At least 2 options are needed.'] });
    expect(await errors({ type: 'open_text', accepted: [] })).toEqual({ accepted: ['Give at least one accepted answer.'] });
    expect(await errors({ type: 'closed_text', text: 'Без пропусков', options: [{ text: 'a' }, { text: 'b' }], gaps: [0] })).toEqual({
      gaps: ['Gaps in the text must be numbered [[1]], [[2]] … (at most 10), each with its answer.'],
    });
    expect(await errors({ type: 'closed_text', text: 'Один [[1]]', options: [{ text: 'a' }, { text: 'b' }], gaps: [5] })).toEqual({ gaps: ['A gap answer must be one of the options.'] });
    expect(await errors({ type: 'essay', text: ' ', max_points: 0 })).toEqual({ text: ['There are blank fields.'], max_points: ['The value must be at least 1.'] });
  });

  test('an edit does not change attempts already started; deleting a used question archives it', async () => {
    const id = await createQuestion(kit, EVERY_TYPE[0]);
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'Редактирование', question_ids: [id], published: true });
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, test.id, token);
    const edit = await call(kit.ctx, 'PUT', `/v1/olympiad/admin/questions/${id}`, kit.admin, { ...EVERY_TYPE[0], text: 'Три плюс три?', options: [{ text: '6', correct: true }, { text: '7' }] });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ text: 'Три плюс три?', test_ids: [test.id], attempts_count: 1 });
    const seen = (await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attempt.id}`, token, undefined, 'ru')).json().data as AttemptResource;
    expect(seen.questions[0].text).toBe('Два плюс два?');
    expect(seen.questions[0].options!.map((o) => o.text).sort()).toEqual(['4', '5']);

    expect((await call(kit.ctx, 'DELETE', `/v1/olympiad/admin/questions/${id}`, kit.admin)).json().data).toEqual({ deleted: true });
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions/${id}`, kit.admin)).statusCode).toBe(404);
    // The attempt still shows (and scores) what was asked.
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attempt.id}`, token)).json().data.questions).toHaveLength(1);
    expect((await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).statusCode).toBe(200);
    expect((await call(kit.ctx, 'DELETE', `/v1/olympiad/admin/tests/${test.id}`, kit.admin)).json().errors).toEqual({
      id: ['The test has been taken already: it cannot be deleted, unpublish it instead.'],
    });
  });
});

describe('tests', () => {
  test('limits default to the stage’s rules: first 25 minutes and one attempt, the second’s essay 45 minutes, training none', async () => {
    const id = await createQuestion(kit, EVERY_TYPE[0]);
    const first = await createTest(kit, { stage_id: kit.stages.first, title: 'Первый', question_ids: [id] });
    expect(first).toMatchObject({ stage_kind: 'first', time_limit_minutes: 25, attempts_allowed: 1, published: false, pool_size: 1, question_ids: [id] });
    const essay = await createTest(kit, { stage_id: kit.stages.second, format: 'essay', title: 'Эссе' });
    expect(essay).toMatchObject({ format: 'essay', time_limit_minutes: 45, attempts_allowed: 1 });
    const training = await createTest(kit, { stage_id: kit.stages.training, title: 'Тренировка 2', attempts_allowed: 3, time_limit_minutes: 10 });
    expect(training).toMatchObject({ time_limit_minutes: 10, attempts_allowed: 3 });
    const unlimited = await createTest(kit, { stage_id: kit.stages.training, title: 'Тренировка 3' });
    expect(unlimited).toMatchObject({ time_limit_minutes: null, attempts_allowed: null, availability: 'open' });
  });

  test('refused: a window outside the stage, the in-person final, publishing without questions or with too few', async () => {
    const errors = async (body: object) => (await call(kit.ctx, 'POST', '/v1/olympiad/admin/tests', kit.admin, { title: 'Т', ...body })).json().errors;
    expect(await errors({ stage_id: kit.stages.first, opens_at: '2000-01-01T00:00:00Z' })).toEqual({ opens_at: ['The date must be within the stage dates.'] });
    expect(await errors({ stage_id: kit.stages.final })).toEqual({ stage_id: ['The final is held in person: its results are entered by staff, it has no online tests.'] });
    expect(await errors({ stage_id: kit.stages.training, published: true })).toEqual({ question_ids: ['To publish the test, add questions or categories that have questions.'] });
    expect(await errors({ stage_id: kit.stages.training, published: true, categories: ['Тренировка'], question_count: 20 })).toEqual({ question_count: ['Only 8 questions are available.'] });
    expect(await errors({ stage_id: kit.stages.training, question_ids: [999_999] })).toEqual({ question_ids: ['Questions 999999 are not in the bank.'] });
    expect(await errors({ stage_id: 999_999 })).toEqual({ stage_id: ['There is no such stage.'] });
  });

  test('N questions drawn from bank categories: each attempt has N, different attempts may differ', async () => {
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'Случайный', categories: ['Первый этап'], question_count: 5, published: true });
    expect(test.pool_size).toBe(12);
    const token = await verifiedParticipant(kit.ctx);
    const seen = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const attempt = await start(kit, test.id, token);
      expect(attempt.questions).toHaveLength(5);
      for (const q of attempt.questions) seen.add(q.id);
      await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token);
    }
    expect(seen.size).toBeGreaterThan(5);
    const listed = (await call(kit.ctx, 'GET', `/v1/olympiad/tests/${test.id}`, token)).json().data;
    expect(listed).toMatchObject({ question_count: 5 });
  });

  test('unpublished tests are hidden from participants; staff see them', async () => {
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'Черновик' });
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/tests/${test.id}`, kit.student)).statusCode).toBe(404);
    expect((await call(kit.ctx, 'POST', `/v1/olympiad/tests/${test.id}/start`, kit.student)).statusCode).toBe(404);
    const all = (await call(kit.ctx, 'GET', '/v1/olympiad/admin/tests', kit.admin)).json().data;
    expect(all.some((t: { id: number }) => t.id === test.id)).toBe(true);
    expect((await call(kit.ctx, 'DELETE', `/v1/olympiad/admin/tests/${test.id}`, kit.admin)).statusCode).toBe(200);
  });
});

describe('essays and results', () => {
  test('an essay awaits grading; staff grade it within its maximum; the attempt’s points follow and the participant is told', async () => {
    const essayQuestion = await createQuestion(kit, EVERY_TYPE[6]);
    const single = await createQuestion(kit, EVERY_TYPE[0]);
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'С эссе', question_ids: [single, essayQuestion], published: true });
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, test.id, token);
    const essayQ = attempt.questions.find((q) => q.type === 'essay')!;
    const singleQ = attempt.questions.find((q) => q.type === 'single_choice')!;
    await save(kit, attempt.id, essayQ.id, 1, { text: 'Весной просыпается природа.' }, token);
    await save(kit, attempt.id, singleQ.id, 1, await rightAnswer(kit, singleQ), token);

    const grade = (body: object, lang = 'en') => call(kit.ctx, 'PUT', `/v1/olympiad/admin/attempts/${attempt.id}/questions/${essayQ.id}/grade`, kit.moderator, body, lang);
    const early = await grade({ points: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'attempt_in_progress' });

    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).json().data as AttemptResource;
    expect(done.result).toMatchObject({ points: 1, max_points: 11, essay_status: 'awaiting_grading' });
    const awaiting = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/essays?test_id=${test.id}`, kit.moderator)).json();
    expect(awaiting.data).toHaveLength(1);
    expect(awaiting.data[0]).toMatchObject({ attempt_id: attempt.id, question_id: essayQ.id, text: 'Весной просыпается природа.', submitted: true, points: null, max_points: 10, graded_by: null });
    expect(awaiting.data[0].participant.login).toMatch(/^pupil/);

    expect((await grade({ points: 11 })).json().errors).toEqual({ points: ['The value must be at most 10.'] });
    expect((await grade({ points: 7.555 })).json().errors).toEqual({ points: ['At most two decimal places.'] });
    const graded = await grade({ points: 7.5, comment: 'Хорошие примеры, мало выводов.' });
    expect(graded.statusCode).toBe(200);
    expect(graded.json().data as EssaySubmission).toMatchObject({ points: 7.5, comment: 'Хорошие примеры, мало выводов.', graded_by: { name: expect.any(String) } });

    const after = (await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${attempt.id}`, token)).json().data as AttemptResource;
    expect(after.result).toMatchObject({ points: 8.5, max_points: 11, percent: 77.27, essay_status: 'graded' });
    expect(after.questions.find((q) => q.type === 'essay')!.review).toMatchObject({ points: 7.5, comment: 'Хорошие примеры, мало выводов.' });
    const note = kit.ctx.events.find((e) => e.event === 'NotificationSent' && JSON.stringify(e.data).includes('С эссе'));
    expect(note).toBeDefined();
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/admin/essays?test_id=${test.id}`, kit.moderator)).json().data).toHaveLength(0);
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/admin/essays?test_id=${test.id}&status=graded`, kit.moderator)).json().data).toHaveLength(1);
    // Only essays are graded by hand.
    expect((await call(kit.ctx, 'PUT', `/v1/olympiad/admin/attempts/${attempt.id}/questions/${singleQ.id}/grade`, kit.moderator, { points: 1 })).statusCode).toBe(422);
  });

  test('an empty essay is not submitted: scored 0 at once, never "graded", not awaiting, and nothing for staff to grade', async () => {
    const essayQuestion = await createQuestion(kit, EVERY_TYPE[6]);
    const single = await createQuestion(kit, EVERY_TYPE[0]);
    const essayOnly = await createTest(kit, { stage_id: kit.stages.training, format: 'essay', title: 'Пустое эссе', title_en: 'Empty essay', question_ids: [essayQuestion], published: true });
    const mixed = await createTest(kit, { stage_id: kit.stages.training, title: 'Тест и пустое эссе', question_ids: [single, essayQuestion], published: true });
    const token = await verifiedParticipant(kit.ctx);

    // Only blanks typed, then the essay handed in.
    const first = await start(kit, essayOnly.id, token);
    expect((await save(kit, first.id, first.questions[0].id, 1, { text: '   \n  ' }, token)).statusCode).toBe(200);
    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${first.id}/finish`, token)).json().data as AttemptResource;
    expect(done.result).toMatchObject({ points: 0, max_points: 10, percent: 0, essay_status: 'not_submitted' });
    // The participant sees the 0 at once, without a grader's comment.
    expect(done.questions[0]).toMatchObject({ answer: null, review: { correct: false, points: 0, solution: null, comment: null } });

    // With other questions: their points count, the essay adds 0 and is not awaited either.
    const second = await start(kit, mixed.id, token);
    const singleQ = second.questions.find((q) => q.type === 'single_choice')!;
    await save(kit, second.id, singleQ.id, 1, await rightAnswer(kit, singleQ), token);
    const mixedDone = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${second.id}/finish`, token)).json().data as AttemptResource;
    expect(mixedDone.result).toMatchObject({ correct: 1, points: 1, max_points: 11, essay_status: 'not_submitted' });
    const stats = (await call(kit.ctx, 'GET', '/v1/olympiad/me/statistics', token)).json().data;
    expect(stats[0].attempts.map((a: AttemptResource) => a.result!.essay_status)).toEqual(['not_submitted', 'not_submitted']);

    // Staff: not in "awaiting", not in "graded"; listed as not submitted, and refused with a clear reason if graded anyway.
    const list = async (status: string, testId: number) =>
      (await call(kit.ctx, 'GET', `/v1/olympiad/admin/essays?status=${status}&test_id=${testId}`, kit.moderator)).json().data as EssaySubmission[];
    for (const testId of [essayOnly.id, mixed.id]) {
      expect(await list('awaiting', testId)).toHaveLength(0);
      expect(await list('graded', testId)).toHaveLength(0);
      expect(await list('not_submitted', testId)).toHaveLength(1);
    }
    expect((await list('all', essayOnly.id))[0]).toMatchObject({ attempt_id: first.id, text: '', submitted: false, points: 0, graded_at: null, graded_by: null });
    const grade = await call(kit.ctx, 'PUT', `/v1/olympiad/admin/attempts/${first.id}/questions/${first.questions[0].id}/grade`, kit.moderator, { points: 5 }, 'ru');
    expect(grade.statusCode).toBe(422);
    expect(grade.json().message).toBe('Участник ничего не написал в этом эссе: за него 0 баллов, проверять нечего.');
    expect((await call(kit.ctx, 'GET', `/v1/olympiad/attempts/${first.id}`, token)).json().data.result).toMatchObject({ points: 0, essay_status: 'not_submitted' });
  });

  test('staff list a test’s attempts with participants and results', async () => {
    const training = await seededTestId(kit, 'Тренировочный тест');
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, training, token);
    const list = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/tests/${training}/attempts?per_page=100`, kit.admin)).json();
    const row = list.data.find((a: { id: number }) => a.id === attempt.id);
    expect(row).toMatchObject({ status: 'in_progress', participant: { login: expect.stringMatching(/^pupil/) } });
    expect(list.meta).toMatchObject({ current_page: 1, per_page: 100 });
  });

  test('final results are entered per participant and appear in the participant’s statistics', async () => {
    const { final, first } = kit.stages;
    const me = (await call(kit.ctx, 'GET', '/v1/olympiad/me', kit.student)).json().data;
    const put = await call(kit.ctx, 'PUT', `/v1/olympiad/admin/stages/${final}/results/${me.id}`, kit.admin, { points: 87.5, place: 2, comment: 'Призёр' });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({ participant: { id: me.id, login: 'student' }, result: { points: 87.5, place: 2, comment: 'Призёр' } });
    const table = (await call(kit.ctx, 'GET', `/v1/olympiad/admin/stages/${final}/results?search=student`, kit.admin)).json();
    expect(table.data[0]).toMatchObject({ participant: { login: 'student' }, result: { points: 87.5 } });
    const stats = (await call(kit.ctx, 'GET', '/v1/olympiad/me/statistics', kit.student)).json().data;
    expect(stats.find((s: { kind: string }) => s.kind === 'final').final_result).toMatchObject({ points: 87.5, place: 2, comment: 'Призёр' });

    expect((await call(kit.ctx, 'PUT', `/v1/olympiad/admin/stages/${first}/results/${me.id}`, kit.admin, { points: 1 })).statusCode).toBe(422);
    expect((await call(kit.ctx, 'PUT', `/v1/olympiad/admin/stages/${final}/results/${me.id}`, kit.admin, { points: -1 })).json().errors).toEqual({
      points: ['The value must be at least 0.'],
    });
    expect((await call(kit.ctx, 'PUT', `/v1/olympiad/admin/stages/${final}/results/${me.id}`, kit.student, { points: 100 })).statusCode).toBe(403);
    expect((await call(kit.ctx, 'DELETE', `/v1/olympiad/admin/stages/${final}/results/${me.id}`, kit.admin)).statusCode).toBe(200);
    expect((await call(kit.ctx, 'GET', '/v1/olympiad/me/statistics', kit.student)).json().data[3].final_result).toBeNull();
  });
});
