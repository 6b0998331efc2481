import { count, inArray } from 'drizzle-orm';
import type { QuestionBody } from '../../../shared/api/olympiad-test-bank';
import type { StageKind } from '../../../shared/validation/olympiad-options';
import { questionSchema } from '../../../shared/validation/olympiad-test-question';
import type { TestFormat } from '../../../shared/validation/olympiad-tests';
import { contentFromInput } from '../../modules/olympiad-tests/question-content';
import type { Db } from '../client';
import { olympiadQuestions, olympiadStages, olympiadTestQuestions, olympiadTests } from '../schema';

type Pair = [ru: string, en: string];

const single = (category: string, text: Pair, options: Pair[], right: number): QuestionBody => ({
  type: 'single_choice',
  category,
  text: text[0],
  text_en: text[1],
  options: options.map(([ru, en], i) => ({ text: ru, text_en: en, correct: i === right })),
});
const trueFalse = (category: string, text: Pair, isTrue: boolean) => single(category, text, [['Верно', 'True'], ['Неверно', 'False']], isTrue ? 0 : 1);
const multiple = (category: string, text: Pair, options: Array<[ru: string, en: string, correct: boolean]>): QuestionBody => ({
  type: 'multiple_choice',
  category,
  text: text[0],
  text_en: text[1],
  options: options.map(([ru, en, correct]) => ({ text: ru, text_en: en, correct })),
});
const ordering = (category: string, text: Pair, items: Pair[]): QuestionBody => ({
  type: 'ordering',
  category,
  text: text[0],
  text_en: text[1],
  items: items.map(([ru, en]) => ({ text: ru, text_en: en })),
});
const matching = (category: string, text: Pair, pairs: Array<[Pair, Pair]>, distractors: Pair[] = []): QuestionBody => ({
  type: 'matching',
  category,
  text: text[0],
  text_en: text[1],
  pairs: pairs.map(([prompt, answer]) => ({ prompt: prompt[0], prompt_en: prompt[1], answer: answer[0], answer_en: answer[1] })),
  distractors: distractors.map(([ru, en]) => ({ text: ru, text_en: en })),
});
const open = (category: string, text: Pair, accepted: string[]): QuestionBody => ({ type: 'open_text', category, text: text[0], text_en: text[1], accepted });
const closed = (category: string, text: Pair, options: Pair[], gaps: number[]): QuestionBody => ({
  type: 'closed_text',
  category,
  text: text[0],
  text_en: text[1],
  options: options.map(([ru, en]) => ({ text: ru, text_en: en })),
  gaps,
});
const essay = (category: string, text: Pair, points: number): QuestionBody => ({ type: 'essay', category, text: text[0], text_en: text[1], max_points: points });

const TRAINING = 'Тренировка';
const FIRST = 'Первый этап';
const SECOND = 'Второй этап';
const SECOND_ESSAY = 'Второй этап: эссе';

/** The training test has a question of every type, so a newcomer meets each format once. */
const TRAINING_QUESTIONS: QuestionBody[] = [
  single(TRAINING, ['Какое из этих чисел простое?', 'Which of these numbers is prime?'], [['21', '21'], ['27', '27'], ['29', '29'], ['33', '33']], 2),
  multiple(TRAINING, ['Какие из этих животных — млекопитающие?', 'Which of these animals are mammals?'], [
    ['Дельфин', 'Dolphin', true],
    ['Акула', 'Shark', false],
    ['Летучая мышь', 'Bat', true],
    ['Пингвин', 'Penguin', false],
    ['Кит', 'Whale', true],
  ]),
  ordering(TRAINING, ['Расположите планеты по удалённости от Солнца, начиная с ближайшей.', 'Put the planets in order of distance from the Sun, nearest first.'], [
    ['Меркурий', 'Mercury'],
    ['Венера', 'Venus'],
    ['Земля', 'Earth'],
    ['Марс', 'Mars'],
    ['Юпитер', 'Jupiter'],
  ]),
  matching(
    TRAINING,
    ['Соотнесите писателя и его произведение.', 'Match each writer with their work.'],
    [
      [['Александр Пушкин', 'Alexander Pushkin'], ['«Евгений Онегин»', 'Eugene Onegin']],
      [['Лев Толстой', 'Leo Tolstoy'], ['«Война и мир»', 'War and Peace']],
      [['Николай Гоголь', 'Nikolai Gogol'], ['«Мёртвые души»', 'Dead Souls']],
      [['Антон Чехов', 'Anton Chekhov'], ['«Вишнёвый сад»', 'The Cherry Orchard']],
    ],
    [['«Преступление и наказание»', 'Crime and Punishment']],
  ),
  open(TRAINING, ['Как называется столица Австралии?', 'What is the capital of Australia?'], ['Канберра', 'Canberra']),
  closed(
    TRAINING,
    ['На уровне моря вода кипит при [[1]] °C, а замерзает при [[2]] °C.', 'At sea level water boils at [[1]] °C and freezes at [[2]] °C.'],
    [['100', '100'], ['0', '0'], ['50', '50'], ['90', '90'], ['−10', '−10']],
    [0, 1],
  ),
  trueFalse(TRAINING, ['Верно ли, что свет от Солнца доходит до Земли примерно за 8 минут?', 'Is it true that sunlight takes about 8 minutes to reach the Earth?'], true),
  essay(
    TRAINING,
    [
      'Опишите в нескольких предложениях навык, который вы хотели бы освоить в этом году, и объясните, почему он для вас важен.',
      'In a few sentences, describe a skill you would like to learn this year and explain why it matters to you.',
    ],
    5,
  ),
];

const FIRST_QUESTIONS: QuestionBody[] = [
  single(FIRST, ['Сколько будет 15 % от 240?', 'What is 15% of 240?'], [['24', '24'], ['30', '30'], ['36', '36'], ['40', '40']], 2),
  single(FIRST, ['Какой океан самый большой по площади?', 'Which ocean is the largest by area?'], [
    ['Атлантический', 'Atlantic'],
    ['Индийский', 'Indian'],
    ['Тихий', 'Pacific'],
    ['Северный Ледовитый', 'Arctic'],
  ], 2),
  multiple(FIRST, ['Какие из этих чисел делятся на 3 без остатка?', 'Which of these numbers are divisible by 3?'], [
    ['111', '111', true],
    ['124', '124', false],
    ['201', '201', true],
    ['305', '305', false],
    ['333', '333', true],
  ]),
  ordering(FIRST, ['Расположите события в хронологическом порядке, начиная с самого раннего.', 'Put the events in chronological order, earliest first.'], [
    ['Крещение Руси', 'The Baptism of Rus'],
    ['Куликовская битва', 'The Battle of Kulikovo'],
    ['Основание Санкт-Петербурга', 'The founding of Saint Petersburg'],
    ['Отечественная война 1812 года', 'The Patriotic War of 1812'],
  ]),
  matching(
    FIRST,
    ['Соотнесите единицу измерения и физическую величину.', 'Match each unit with the physical quantity it measures.'],
    [
      [['Ньютон', 'Newton'], ['Сила', 'Force']],
      [['Ватт', 'Watt'], ['Мощность', 'Power']],
      [['Ом', 'Ohm'], ['Сопротивление', 'Resistance']],
      [['Джоуль', 'Joule'], ['Энергия', 'Energy']],
    ],
    [['Температура', 'Temperature']],
  ),
  open(FIRST, ['Продолжите последовательность: 2, 6, 12, 20, 30, …', 'Continue the sequence: 2, 6, 12, 20, 30, …'], ['42']),
  closed(
    FIRST,
    ['Фотосинтез идёт в [[1]], а энергию для него даёт [[2]].', 'Photosynthesis takes place in the [[1]], and its energy comes from [[2]].'],
    [['хлоропластах', 'chloroplasts'], ['свет', 'light'], ['митохондриях', 'mitochondria'], ['ветер', 'wind'], ['корнях', 'roots']],
    [0, 1],
  ),
  single(FIRST, ['Все кошки любят молоко. Мурка — кошка. Что отсюда следует?', 'All cats like milk. Murka is a cat. What follows?'], [
    ['Мурка любит молоко', 'Murka likes milk'],
    ['Все, кто любит молоко, — кошки', 'Everyone who likes milk is a cat'],
    ['Мурка не любит молоко', 'Murka does not like milk'],
    ['Ничего нельзя сказать', 'Nothing can be said'],
  ], 0),
  open(FIRST, ['Какой химический элемент обозначается символом Fe?', 'Which chemical element has the symbol Fe?'], ['железо', 'iron']),
  multiple(FIRST, ['Какие из этих языков относятся к славянским?', 'Which of these languages are Slavic?'], [
    ['Польский', 'Polish', true],
    ['Венгерский', 'Hungarian', false],
    ['Чешский', 'Czech', true],
    ['Болгарский', 'Bulgarian', true],
    ['Литовский', 'Lithuanian', false],
  ]),
  single(FIRST, ['Поезд идёт со скоростью 60 км/ч. Какое расстояние он пройдёт за 2 ч 30 мин?', 'A train travels at 60 km/h. How far does it go in 2 h 30 min?'], [
    ['120 км', '120 km'],
    ['140 км', '140 km'],
    ['150 км', '150 km'],
    ['160 км', '160 km'],
  ], 2),
  ordering(FIRST, ['Расположите числа по возрастанию.', 'Put the numbers in ascending order.'], [
    ['1/2', '1/2'],
    ['2/3', '2/3'],
    ['0,7', '0.7'],
    ['3/4', '3/4'],
  ]),
];

const SECOND_QUESTIONS: QuestionBody[] = [
  single(SECOND, ['У Ани в 3 раза больше марок, чем у Бори, а вместе у них 48 марок. Сколько марок у Ани?', 'Anya has 3 times as many stamps as Borya; together they have 48. How many stamps does Anya have?'], [
    ['12', '12'],
    ['24', '24'],
    ['36', '36'],
    ['40', '40'],
  ], 2),
  multiple(SECOND, ['Какие из этих веществ — газы при комнатной температуре?', 'Which of these substances are gases at room temperature?'], [
    ['Кислород', 'Oxygen', true],
    ['Ртуть', 'Mercury', false],
    ['Азот', 'Nitrogen', true],
    ['Углекислый газ', 'Carbon dioxide', true],
    ['Сера', 'Sulphur', false],
  ]),
  matching(
    SECOND,
    ['Соотнесите страну и её столицу.', 'Match each country with its capital.'],
    [
      [['Канада', 'Canada'], ['Оттава', 'Ottawa']],
      [['Бразилия', 'Brazil'], ['Бразилиа', 'Brasília']],
      [['Турция', 'Turkey'], ['Анкара', 'Ankara']],
      [['Швейцария', 'Switzerland'], ['Берн', 'Bern']],
    ],
    [['Сидней', 'Sydney'], ['Стамбул', 'Istanbul']],
  ),
  ordering(SECOND, ['Расположите слои атмосферы снизу вверх.', 'Put the layers of the atmosphere in order from the ground up.'], [
    ['Тропосфера', 'Troposphere'],
    ['Стратосфера', 'Stratosphere'],
    ['Мезосфера', 'Mesosphere'],
    ['Термосфера', 'Thermosphere'],
    ['Экзосфера', 'Exosphere'],
  ]),
  open(SECOND, ['Сколько сторон у шестиугольника? Ответьте числом или словом.', 'How many sides does a hexagon have? Answer with a number or a word.'], ['6', 'шесть', 'six']),
  closed(
    SECOND,
    ['Треугольник, у которого все стороны равны, называется [[1]], а у которого равны только две стороны, — [[2]].', 'A triangle with all sides equal is called [[1]], and one with exactly two equal sides is called [[2]].'],
    [['равносторонним', 'equilateral'], ['равнобедренным', 'isosceles'], ['прямоугольным', 'right-angled'], ['тупоугольным', 'obtuse']],
    [0, 1],
  ),
  single(SECOND, ['Что логически следует из фразы «Некоторые школьники — шахматисты»?', 'What follows logically from “Some school students are chess players”?'], [
    ['Есть шахматисты, которые учатся в школе', 'Some chess players are school students'],
    ['Все шахматисты — школьники', 'All chess players are school students'],
    ['Ни один школьник не шахматист', 'No school student plays chess'],
    ['Все школьники — шахматисты', 'All school students play chess'],
  ], 0),
  trueFalse(SECOND, ['Верно ли, что Волга впадает в Каспийское море?', 'Is it true that the Volga flows into the Caspian Sea?'], true),
  open(SECOND, ['Какое число пропущено: 1, 1, 2, 3, 5, 8, ?, 21', 'Which number is missing: 1, 1, 2, 3, 5, 8, ?, 21'], ['13']),
  multiple(SECOND, ['Какие из этих событий произошли в XX веке?', 'Which of these events happened in the 20th century?'], [
    ['Первый полёт человека в космос', 'The first human spaceflight', true],
    ['Изобретение книгопечатания', 'The invention of printing', false],
    ['Первая мировая война', 'The First World War', true],
    ['Открытие Америки Колумбом', 'Columbus reaching America', false],
    ['Высадка человека на Луну', 'The first Moon landing', true],
  ]),
];

const ESSAY_QUESTIONS: QuestionBody[] = [
  essay(
    SECOND_ESSAY,
    [
      'Эссе на тему «Технология, которая изменит мою жизнь через десять лет». Объясните, что это за технология, как она изменит повседневную жизнь и какие у неё могут быть риски. Объём — до 5000 знаков.',
      'Essay: “A technology that will change my life in ten years”. Explain what the technology is, how it will change everyday life and what its risks might be. Up to 5000 characters.',
    ],
    10,
  ),
];

interface SeedTest {
  stage: StageKind;
  format: TestFormat;
  title: Pair;
  description: Pair;
  attempts: number | null;
  minutes: number | null;
  questions: QuestionBody[];
}

const TESTS: SeedTest[] = [
  {
    stage: 'training',
    format: 'quiz',
    title: ['Тренировочный тест', 'Training test'],
    description: [
      'Вопросы всех типов, без ограничения времени и с неограниченным числом попыток. Правильные ответы видны сразу после завершения.',
      'Questions of every type, no time limit and unlimited attempts. The right answers are shown as soon as you finish.',
    ],
    attempts: null,
    minutes: null,
    questions: TRAINING_QUESTIONS,
  },
  {
    stage: 'first',
    format: 'quiz',
    title: ['Тест первого этапа', 'First stage test'],
    description: ['12 вопросов на логику и эрудицию, 25 минут, одна попытка.', '12 questions on logic and general knowledge, 25 minutes, one attempt.'],
    attempts: 1,
    minutes: 25,
    questions: FIRST_QUESTIONS,
  },
  {
    stage: 'second',
    format: 'quiz',
    title: ['Тест второго этапа', 'Second stage test'],
    description: ['10 вопросов, 30 минут, одна попытка. Эссе этапа начинается отдельно.', '10 questions, 30 minutes, one attempt. The stage essay is started separately.'],
    attempts: 1,
    minutes: 30,
    questions: SECOND_QUESTIONS,
  },
  {
    stage: 'second',
    format: 'essay',
    title: ['Эссе второго этапа', 'Second stage essay'],
    description: ['Эссе до 5000 знаков, 45 минут, одна попытка. Оценивает жюри.', 'An essay of up to 5000 characters, 45 minutes, one attempt. Graded by the jury.'],
    attempts: 1,
    minutes: 45,
    questions: ESSAY_QUESTIONS,
  },
];

/**
 * The demo tests (after `seedOlympiad`, which creates the stages): training
 * with every question type, the first stage's 25-minute test, the second
 * stage's 30-minute test and its 45-minute essay. Texts in Russian with
 * English translations. A database that already has tests is left alone.
 */
export async function seedOlympiadTests(db: Db): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(olympiadTests);
  if (Number(existing.value) > 0) return;
  const stages = await db
    .select()
    .from(olympiadStages)
    .where(
      inArray(
        olympiadStages.kind,
        TESTS.map((t) => t.stage),
      ),
    );
  for (const seed of TESTS) {
    const stage = stages.find((s) => s.kind === seed.stage);
    if (!stage) continue;
    const inputs = seed.questions.map((body) => questionSchema.validateSync(body, { stripUnknown: true }));
    const questions = await db
      .insert(olympiadQuestions)
      .values(
        inputs.map((input) => ({
          type: input.type,
          category: input.category,
          name: '',
          text: input.text,
          textEn: input.text_en,
          content: contentFromInput(input),
          maxPoints: input.max_points,
        })),
      )
      .returning({ id: olympiadQuestions.id });
    const [test] = await db
      .insert(olympiadTests)
      .values({
        stageId: stage.id,
        format: seed.format,
        title: seed.title[0],
        titleEn: seed.title[1],
        description: seed.description[0],
        descriptionEn: seed.description[1],
        attemptsAllowed: seed.attempts,
        timeLimitMinutes: seed.minutes,
        published: true,
      })
      .returning();
    await db.insert(olympiadTestQuestions).values(questions.map((q, position) => ({ testId: test.id, questionId: q.id, position })));
  }
}
