import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { olympiadQuestions } from '../../../server/db/schema';
import type { QuestionResource } from '../../../shared/api/olympiad-test-bank';
import type { ImportReport } from '../../../shared/api/olympiad-test-import';
import { SETUP_TIMEOUT } from '../helpers/test-app';
import { call, createKit, createTest, rightAnswer, save, start, verifiedParticipant, type Kit } from './tests-kit';

let kit: Kit;
beforeAll(async () => {
  kit = await createKit();
}, SETUP_TIMEOUT);
afterAll(() => kit?.ctx.close());

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
const importFile = (payload: Record<string, unknown>, lang = 'en', token = kit.admin) => call(kit.ctx, 'POST', '/v1/olympiad/admin/questions/import', token, payload, lang);
const bankSize = async () => Number((await kit.ctx.database.db.select({ value: count() }).from(olympiadQuestions))[0].value);
const question = async (id: number): Promise<QuestionResource> => (await call(kit.ctx, 'GET', `/v1/olympiad/admin/questions/${id}`, kit.admin)).json().data;
const byName = (report: ImportReport, name: string) => report.imported.find((q) => q.name === name)!;

describe('Moodle XML', () => {
  test('every type is imported with its right answers; descriptions and unsupported types are reported with their place and reason', async () => {
    const before = await bankSize();
    const res = await importFile({ content: fixture('moodle-every-type.xml'), filename: 'bank.xml' });
    expect(res.statusCode).toBe(200);
    const report = res.json().data as ImportReport;
    expect(report.format).toBe('moodle_xml');
    expect(report.dry_run).toBe(false);
    expect(report.imported.map((q) => [q.name, q.type, q.category])).toEqual([
      ['Столица Франции', 'single_choice', 'Олимпиада/Эрудиция'],
      ['Простые числа', 'multiple_choice', 'Олимпиада/Эрудиция'],
      ['Луна', 'single_choice', 'Олимпиада/Эрудиция'],
      ['Автор «Войны и мира»', 'open_text', 'Олимпиада/Эрудиция'],
      ['Реки и моря', 'matching', 'Олимпиада/Эрудиция'],
      ['Дни недели', 'ordering', 'Олимпиада/Логика'],
      ['Цвета флага', 'closed_text', 'Олимпиада/Логика'],
      ['Агрегатные состояния', 'closed_text', 'Олимпиада/Логика'],
      ['Эссе о лете', 'essay', 'Олимпиада/Логика'],
    ]);
    expect(report.imported[0].source).toMatch(/^question 1 \(line \d+\)$/);
    expect(report.skipped.map((s) => [s.name, s.reason_key])).toEqual([
      ['Инструкция', 'olympiadTests.import.description'],
      ['Корень из 144', 'olympiadTests.import.unsupportedType'],
      ['Cloze', 'olympiadTests.import.unsupportedType'],
      ['Слишком много вариантов', 'olympiadTests.validation.maxOptions'],
    ]);
    expect(report.skipped[1].reason).toBe('Question type “numerical” is not supported.');
    expect(report.skipped[3].reason).toBe('options: At most 10 options (letters A to J).');
    expect(report.skipped[3].source).toMatch(/^question 13 \(line \d+\)$/);
    expect(report.categories).toEqual(['Олимпиада/Логика', 'Олимпиада/Эрудиция']);
    expect(await bankSize()).toBe(before + 9);

    const france = await question(byName(report, 'Столица Франции').id!);
    expect(france.text).toBe('Какой город является столицей Франции?');
    expect(france.options!.map((o) => [o.text, o.correct])).toEqual([['Париж', true], ['Лион', false], ['Марсель', false]]);
    expect(france.source).toMatch(/^Moodle XML bank\.xml, question 1 \(line \d+\)$/);
    const primes = await question(byName(report, 'Простые числа').id!);
    expect(primes.text).toBe('Отметьте все простые числа.');
    expect(primes.options!.filter((o) => o.correct).map((o) => o.text)).toEqual(['2', '7']);
    expect((await question(byName(report, 'Луна').id!)).options).toEqual([
      { text: 'Верно', text_en: 'True', correct: true },
      { text: 'Неверно', text_en: 'False', correct: false },
    ]);
    // Only answers worth full marks are accepted.
    expect((await question(byName(report, 'Автор «Войны и мира»').id!)).accepted).toEqual(['Толстой', 'Лев Толстой']);
    const rivers = await question(byName(report, 'Реки и моря').id!);
    expect(rivers.pairs!.map((p) => [p.prompt, p.answer])).toEqual([
      ['Волга', 'Каспийское море'],
      ['Дон', 'Азовское море'],
      ['Нева', 'Балтийское море'],
    ]);
    expect(rivers.distractors!.map((d) => d.text)).toEqual(['Белое море']);
    expect((await question(byName(report, 'Дни недели').id!)).items!.map((i) => i.text)).toEqual(['Понедельник', 'Вторник', 'Среда', 'Четверг']);
    const flag = await question(byName(report, 'Цвета флага').id!);
    // Moodle's "[[2]] … [[3]] … [[1]]" (choice numbers) becomes gaps 1, 2, 3 with their right options.
    expect(flag.text).toBe('Флаг России: сверху [[1]], посередине [[2]], внизу [[3]].');
    expect(flag.gaps!.map((g) => flag.options![g].text)).toEqual(['белый', 'синий', 'красный']);
    expect((await question(byName(report, 'Агрегатные состояния').id!)).gaps).toEqual([0, 1]);
    expect((await question(byName(report, 'Эссе о лете').id!)).max_points).toBe(10);
  });

  test('a malformed file is refused with the line and nothing is imported, not even its good questions', async () => {
    const before = await bankSize();
    const res = await importFile({ content: fixture('moodle-malformed.xml'), filename: 'broken.xml' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.content).toEqual([
      'The file is not valid Moodle XML: line 21, column 3: a tag is malformed, is never closed, or closes an element other than the open one. Nothing was imported.',
    ]);
    expect(await bankSize()).toBe(before);

    const ru = await importFile({ content: '<?xml version="1.0"?><html><body/></html>' }, 'ru');
    expect(ru.statusCode).toBe(422);
    expect(ru.json().message).toBe('Это не банк вопросов Moodle: ожидался элемент «quiz», а в строке 1 — «html». Ничего не импортировано.');
    const entity = await importFile({ content: '<quiz><question type="essay"><name><text>A & B</text></name></question></quiz>' });
    expect(entity.json().message).toBe(
      'The file is not valid Moodle XML: line 1, column 44: this character cannot stand here (“&” must be written as “&amp;”). Nothing was imported.',
    );
    const doctype = await importFile({ content: '<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x "y">]><quiz/>' });
    expect(doctype.json().message).toBe('The file cannot be imported: it declares a document type (DOCTYPE), which is not accepted. Nothing was imported.');
    const empty = await importFile({ content: '<quiz></quiz>' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('No questions were found in the file.');
    expect(await bankSize()).toBe(before);
  });
});

describe('GIFT', () => {
  test('every GIFT type is imported; numerical, descriptions and questions without a right answer are skipped with their lines', async () => {
    const res = await importFile({ content: fixture('gift-every-type.gift'), filename: 'bank.gift' });
    expect(res.statusCode).toBe(200);
    const report = res.json().data as ImportReport;
    expect(report.format).toBe('gift');
    expect(report.imported.map((q) => [q.name, q.type, q.source])).toEqual([
      ['Столица России', 'single_choice', 'line 7'],
      ['Чётные числа', 'multiple_choice', 'line 15'],
      ['Вода', 'single_choice', 'line 23'],
      ['Солнце', 'single_choice', 'line 26'],
      ['Столица Японии', 'open_text', 'line 29'],
      ['Животные и их детёныши', 'matching', 'line 32'],
      ['Эссе о дружбе', 'essay', 'line 40'],
      ['Пропущенное слово', 'single_choice', 'line 43'],
      ['Спецсимволы', 'single_choice', 'line 46'],
    ]);
    expect(report.imported.every((q) => q.category === 'Олимпиада/GIFT')).toBe(true);
    expect(report.skipped).toEqual([
      { source: 'line 49', name: 'Число пи', reason_key: 'olympiadTests.import.unsupportedType', reason: 'Question type “numerical” is not supported.' },
      { source: 'line 51', name: null, reason_key: 'olympiadTests.import.description', reason: 'This is a description, not a question: there is nothing to answer.' },
      { source: 'line 53', name: 'Без верного ответа', reason_key: 'olympiadTests.import.noRightAnswer', reason: 'There is no right answer.' },
    ]);

    const russia = await question(byName(report, 'Столица России').id!);
    expect(russia.text).toBe('Какой город — столица России?');
    // Feedback after "#" is not part of the option.
    expect(russia.options!.map((o) => [o.text, o.correct])).toEqual([['Москва', true], ['Санкт-Петербург', false], ['Казань', false], ['Новосибирск', false]]);
    const even = await question(byName(report, 'Чётные числа').id!);
    expect(even.text).toBe('Отметьте все чётные числа.');
    expect(even.options!.filter((o) => o.correct).map((o) => o.text)).toEqual(['2', '8']);
    expect((await question(byName(report, 'Солнце').id!)).options!.find((o) => o.correct)!.text).toBe('Неверно');
    expect((await question(byName(report, 'Столица Японии').id!)).accepted).toEqual(['Токио', 'Tokyo']);
    const animals = await question(byName(report, 'Животные и их детёныши').id!);
    expect(animals.pairs!.map((p) => `${p.prompt}→${p.answer}`)).toEqual(['Корова→телёнок', 'Лошадь→жеребёнок', 'Овца→ягнёнок', 'Кошка→котёнок']);
    expect((await question(byName(report, 'Пропущенное слово').id!)).text).toBe('Москва стоит на реке _____ и на её притоках.');
    const escaped = await question(byName(report, 'Спецсимволы').id!);
    expect(escaped.text).toBe('Какое выражение верно: 2 = 2 или 2 ~ 3?');
    expect(escaped.options!.map((o) => [o.text, o.correct])).toEqual([['2 = 2', true], ['2 ~ 3', false]]);
  });

  test('an unclosed answer block is refused with the line it was opened on; nothing is imported', async () => {
    const before = await bankSize();
    const res = await importFile({ content: fixture('gift-malformed.gift') });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'GIFT format error on line 5: a curly brace while the answer block opened on line 3 is still open (put a backslash before a brace to write it as text). Nothing was imported.',
    );
    const unclosed = await importFile({ content: '::A::Вопрос {=да ~нет' }, 'ru');
    expect(unclosed.json().message).toBe('Ошибка в формате GIFT, строка 1: блок ответов не закрыт фигурной скобкой. Ничего не импортировано.');
    expect((await importFile({ content: 'Текст } без начала' })).json().message).toMatch(/^GIFT format error on line 1: a closing curly brace without an opening one/);
    expect(await bankSize()).toBe(before);
  });
});

describe('import options and access', () => {
  test('a dry run reports without saving; the default category is used when the file names none; only staff may import', async () => {
    const before = await bankSize();
    const dry = await importFile({ content: '::Q::Два плюс два? {=4 ~5}', category: 'Проверка', dry_run: true });
    expect(dry.json().data).toMatchObject({ dry_run: true, imported: [{ id: null, name: 'Q', category: 'Проверка', type: 'single_choice' }] });
    expect(await bankSize()).toBe(before);
    expect((await importFile({ content: '::Q::{=4 ~5}' }, 'en', kit.student)).statusCode).toBe(403);
    expect((await importFile({ content: '::Q::Два плюс два? {=4 ~5}', test_id: 999_999 })).json().errors).toEqual({ test_id: ['There is no such test.'] });
  });

  test('imported into a test, the questions can be taken at once', async () => {
    const test = await createTest(kit, { stage_id: kit.stages.training, title: 'Импортированный тест', published: false });
    const res = await importFile({ content: fixture('gift-every-type.gift'), test_id: test.id });
    expect(res.json().data.imported).toHaveLength(9);
    const edited = await call(kit.ctx, 'PUT', `/v1/olympiad/admin/tests/${test.id}`, kit.admin, {
      stage_id: kit.stages.training,
      title: 'Импортированный тест',
      question_ids: (await call(kit.ctx, 'GET', `/v1/olympiad/admin/tests/${test.id}`, kit.admin)).json().data.question_ids,
      published: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ pool_size: 9, published: true });
    const token = await verifiedParticipant(kit.ctx);
    const attempt = await start(kit, test.id, token);
    expect(attempt.questions).toHaveLength(9);
    let version = 1;
    for (const q of attempt.questions) expect((await save(kit, attempt.id, q.id, version++, await rightAnswer(kit, q), token)).statusCode).toBe(200);
    const done = (await call(kit.ctx, 'POST', `/v1/olympiad/attempts/${attempt.id}/finish`, token)).json().data;
    expect(done.result).toMatchObject({ correct: 8, auto_total: 8, essay_status: 'awaiting_grading' });
  });
});
