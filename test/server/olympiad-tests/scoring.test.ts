import type { QuestionLayout, QuestionSnapshot } from '../../../server/db/schema';
import { checkAnswer } from '../../../server/modules/olympiad-tests/answer-check';
import { layoutFor, present, solutionFor } from '../../../server/modules/olympiad-tests/presentation';
import { isCorrect, percentHundredths, scoreQuestion, totals } from '../../../server/modules/olympiad-tests/scoring';
import { seededRandom } from '../../../server/modules/olympiad-tests/seeded-random';
import { speedPointsHundredths } from '../../../shared/validation/olympiad-test-points';
import { normalizeOpenAnswer } from '../../../shared/validation/olympiad-tests';

const t = (text: string) => ({ text, text_en: null });
const snapshot = (type: QuestionSnapshot['type'], content: QuestionSnapshot['content'], text = 'Вопрос'): QuestionSnapshot => ({ type, text, text_en: null, max_points: 1, content });

/** Shown in reverse: letter A is the last original option, and so on. */
const reversed = (n: number) => Array.from({ length: n }, (_, i) => n - 1 - i);

describe('scoring every type (all or nothing)', () => {
  const choice = snapshot('single_choice', { options: [{ ...t('a'), correct: false }, { ...t('b'), correct: true }, { ...t('c'), correct: false }] });
  const layout3: QuestionLayout = { options: reversed(3) }; // A=c, B=b, C=a

  test('single choice: the letter as shown, not the original position', () => {
    expect(isCorrect(choice, layout3, { choice: 'B' })).toBe(true);
    expect(isCorrect(choice, layout3, { choice: 'A' })).toBe(false);
    expect(isCorrect(choice, layout3, { choice: 'J' })).toBe(false);
    expect(isCorrect(choice, layout3, null)).toBe(false);
  });

  test('multiple choice: exactly the right set', () => {
    const multi = snapshot('multiple_choice', { options: [{ ...t('a'), correct: true }, { ...t('b'), correct: false }, { ...t('c'), correct: true }] });
    expect(isCorrect(multi, layout3, { choices: ['A', 'C'] })).toBe(true);
    expect(isCorrect(multi, layout3, { choices: ['C', 'A'] })).toBe(true);
    expect(isCorrect(multi, layout3, { choices: ['A'] })).toBe(false);
    expect(isCorrect(multi, layout3, { choices: ['A', 'B', 'C'] })).toBe(false);
    expect(isCorrect(multi, layout3, { choices: [] })).toBe(false);
  });

  test('ordering: the whole order', () => {
    const order = snapshot('ordering', { items: [t('1'), t('2'), t('3')] });
    const layout: QuestionLayout = { items: [2, 0, 1] }; // A=3, B=1, C=2
    expect(isCorrect(order, layout, { order: ['B', 'C', 'A'] })).toBe(true);
    expect(isCorrect(order, layout, { order: ['B', 'A', 'C'] })).toBe(false);
    expect(isCorrect(order, layout, { order: ['B', 'C'] })).toBe(false);
    expect(solutionFor(order, layout)).toEqual({ order: ['B', 'C', 'A'] });
  });

  test('matching: every pair, with shared answers and distractors', () => {
    const match = snapshot('matching', {
      pairs: [
        { prompt: 'Кот', prompt_en: null, answer: 'Мяу', answer_en: null },
        { prompt: 'Пёс', prompt_en: null, answer: 'Гав', answer_en: null },
        { prompt: 'Котёнок', prompt_en: null, answer: 'Мяу', answer_en: null },
      ],
      distractors: [t('Му')],
    });
    // Distinct answers: Мяу, Гав, Му. Shown: prompts as is; answers reversed (A=Му, B=Гав, C=Мяу).
    const layout: QuestionLayout = { prompts: [0, 1, 2], answers: reversed(3) };
    const shown = present(1, 0, match, layout, 'ru');
    expect(shown.options!.map((o) => `${o.letter}=${o.text}`)).toEqual(['A=Му', 'B=Гав', 'C=Мяу']);
    expect(shown.prompts).toEqual([
      { key: '1', text: 'Кот' },
      { key: '2', text: 'Пёс' },
      { key: '3', text: 'Котёнок' },
    ]);
    expect(isCorrect(match, layout, { matches: { '1': 'C', '2': 'B', '3': 'C' } })).toBe(true);
    expect(isCorrect(match, layout, { matches: { '1': 'C', '2': 'B' } })).toBe(false);
    expect(isCorrect(match, layout, { matches: { '1': 'C', '2': 'A', '3': 'C' } })).toBe(false);
    expect(solutionFor(match, layout)).toEqual({ matches: { '1': 'C', '2': 'B', '3': 'C' } });
  });

  test('open text: case, spaces and ё/е do not matter; an empty answer is never right', () => {
    const open = snapshot('open_text', { accepted: ['Ёжик в тумане', '42'] });
    for (const text of ['ежик в тумане', '  ЁЖИК   В\tТУМАНЕ ', 'Ежик в Тумане', '42', ' 42 ']) expect(isCorrect(open, {}, { text })).toBe(true);
    for (const text of ['ёжик', '4 2', '', '   ']) expect(isCorrect(open, {}, { text })).toBe(false);
    expect(normalizeOpenAnswer('  Ёлка\u00a0 ЗЕЛЁНАЯ ')).toBe('елка зеленая');
  });

  test('closed text: every gap filled with its option', () => {
    const closed = snapshot('closed_text', { options: [{ ...t('зелёная'), correct: false }, { ...t('голубое'), correct: false }, { ...t('красное'), correct: false }], gaps: [1, 0] }, 'Небо [[1]], трава [[2]].');
    const layout: QuestionLayout = { options: reversed(3) }; // A=красное, B=голубое, C=зелёная
    expect(present(1, 0, closed, layout, 'ru').gaps).toEqual(['1', '2']);
    expect(isCorrect(closed, layout, { gaps: { '1': 'B', '2': 'C' } })).toBe(true);
    expect(isCorrect(closed, layout, { gaps: { '1': 'B' } })).toBe(false);
    expect(isCorrect(closed, layout, { gaps: { '1': 'C', '2': 'B' } })).toBe(false);
    expect(solutionFor(closed, layout)).toEqual({ gaps: { '1': 'B', '2': 'C' } });
  });

  test('essays wait for staff; an empty (or blank) essay is scored 0 as not submitted', () => {
    const essay = { ...snapshot('essay', {}), max_points: 10 };
    expect(scoreQuestion({ questionId: 1, snapshot: essay, layout: {}, answer: { text: 'Текст' }, gradedHundredths: null })).toMatchObject({ correct: null, pointsHundredths: null });
    expect(scoreQuestion({ questionId: 1, snapshot: essay, layout: {}, answer: null, gradedHundredths: null })).toEqual({ questionId: 1, correct: false, pointsHundredths: 0, notSubmitted: true });
    expect(scoreQuestion({ questionId: 1, snapshot: essay, layout: {}, answer: { text: '  \n ' }, gradedHundredths: null })).toMatchObject({ pointsHundredths: 0, notSubmitted: true });
    expect(scoreQuestion({ questionId: 1, snapshot: essay, layout: {}, answer: { text: 'Текст' }, gradedHundredths: 750 })).toMatchObject({ pointsHundredths: 750, notSubmitted: false });
  });
});

describe('answers are checked against what this attempt shows', () => {
  const choice = snapshot('single_choice', { options: [{ ...t('a'), correct: true }, { ...t('b'), correct: false }] });
  test('letters beyond the options, fields of another type, incomplete orders are refused; valid answers come back canonical', () => {
    expect(checkAnswer(choice, { options: [0, 1] }, { choice: 'C' })).toEqual({ ok: false, errors: { 'answer.choice': [{ key: 'olympiadTests.errors.noSuchOption', values: { letter: 'C' } }] } });
    expect(checkAnswer(choice, { options: [0, 1] }, { choice: 'B', text: 'x', choices: ['A'] })).toEqual({ ok: true, answer: { choice: 'B' } });
    const multi = snapshot('multiple_choice', { options: [{ ...t('a'), correct: true }, { ...t('b'), correct: false }, { ...t('c'), correct: true }] });
    expect(checkAnswer(multi, { options: [0, 1, 2] }, { choices: ['C', 'A', 'C'] })).toEqual({ ok: true, answer: { choices: ['A', 'C'] } });
    const order = snapshot('ordering', { items: [t('1'), t('2')] });
    expect(checkAnswer(order, { items: [1, 0] }, { order: ['A'] }).ok).toBe(false);
    const essay = snapshot('essay', {});
    expect(checkAnswer(essay, {}, { text: 'x'.repeat(5000) }).ok).toBe(true);
    expect(checkAnswer(essay, {}, { text: 'x'.repeat(5001) }).ok).toBe(false);
    const open = snapshot('open_text', { accepted: ['a'] });
    expect(checkAnswer(open, {}, { text: 'x'.repeat(201) }).ok).toBe(false);
  });
});

describe('shuffles', () => {
  test('the same seed gives the same layout; an ordering is never shown already solved', () => {
    const order = snapshot('ordering', { items: [t('1'), t('2')] });
    for (let seed = 0; seed < 200; seed++) {
      const layout = layoutFor(order, seededRandom(seed));
      expect(layout.items).toEqual([1, 0]);
    }
    const choice = snapshot('single_choice', { options: Array.from({ length: 10 }, (_, i) => ({ ...t(String(i)), correct: i === 0 })) });
    expect(layoutFor(choice, seededRandom(7))).toEqual(layoutFor(choice, seededRandom(7)));
    expect(present(1, 0, choice, layoutFor(choice, seededRandom(7)), 'en').options!.map((o) => o.letter).join('')).toBe('ABCDEFGHIJ');
  });
});

describe('totals', () => {
  test('speed points follow the DESIGN formula in exact hundredths; untimed tests get 0', () => {
    expect(speedPointsHundredths(12, 12, 600_000, 1_500_000)).toBe(600);
    expect(speedPointsHundredths(7, 9, 1_000_000, 1_800_000)).toBe(346); // 10 × 7/9 × 8/18 = 3.4568
    expect(speedPointsHundredths(1, 3, 0, 60_000)).toBe(333);
    expect(speedPointsHundredths(2, 3, 0, 60_000)).toBe(667);
    expect(speedPointsHundredths(12, 12, 2_000_000, 1_500_000)).toBe(0);
    expect(speedPointsHundredths(12, 12, 600_000, null)).toBe(0);
    expect(percentHundredths(700, 900)).toBe(7778);
    expect(percentHundredths(0, 0)).toBe(0);
  });

  test('an attempt’s totals: correct auto questions, points with pending essays at 0, maximum from every question, empty essays counted apart', () => {
    const single = snapshot('single_choice', { options: [] });
    const essay = { ...snapshot('essay', {}), max_points: 10 };
    const result = totals(
      [
        { snapshot: single, scored: { questionId: 1, correct: true, pointsHundredths: 100, notSubmitted: false } },
        { snapshot: single, scored: { questionId: 2, correct: false, pointsHundredths: 0, notSubmitted: false } },
        { snapshot: essay, scored: { questionId: 3, correct: null, pointsHundredths: null, notSubmitted: false } },
        { snapshot: essay, scored: { questionId: 4, correct: false, pointsHundredths: 0, notSubmitted: true } },
      ],
      30_000,
      60_000,
    );
    expect(result).toEqual({
      correct: 1,
      autoTotal: 2,
      questionCount: 4,
      pointsHundredths: 100,
      maxPointsHundredths: 2200,
      speedHundredths: 250,
      timeSpentMs: 30_000,
      essaysTotal: 2,
      essaysPending: 1,
      essaysNotSubmitted: 1,
    });
  });
});
