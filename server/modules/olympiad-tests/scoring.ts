import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import { roundedHundredths, speedPointsHundredths } from '../../../shared/validation/olympiad-test-points';
import { LETTERS, normalizeOpenAnswer } from '../../../shared/validation/olympiad-tests';
import type { QuestionLayout, QuestionSnapshot } from '../../db/schema';
import { isAnswered } from './answer-check';
import { matchingAnswers } from './question-content';

/** The original index behind a letter of this attempt, or −1. */
const originalOf = (order: number[] | undefined, letter: string | undefined) => {
  const shown = letter === undefined ? -1 : (LETTERS as readonly string[]).indexOf(letter);
  return shown < 0 || !order || shown >= order.length ? -1 : order[shown];
};

/**
 * Whether an answer is right. All or nothing: every right option and no
 * other, the whole order, every pair, every gap. Essays are not judged here.
 */
export function isCorrect(snapshot: QuestionSnapshot, layout: QuestionLayout, answer: AnswerValue | null): boolean {
  if (!answer || !isAnswered(answer)) return false;
  const { content } = snapshot;
  switch (snapshot.type) {
    case 'single_choice': {
      const chosen = originalOf(layout.options, answer.choice);
      return chosen >= 0 && !!content.options?.[chosen]?.correct;
    }
    case 'multiple_choice': {
      const chosen = new Set((answer.choices ?? []).map((l) => originalOf(layout.options, l)));
      const right = (content.options ?? []).map((o, i) => (o.correct ? i : -1)).filter((i) => i >= 0);
      return chosen.size === right.length && right.every((i) => chosen.has(i));
    }
    case 'ordering': {
      const order = (answer.order ?? []).map((l) => originalOf(layout.items, l));
      return order.length === (content.items?.length ?? 0) && order.every((original, i) => original === i);
    }
    case 'matching': {
      const answers = matchingAnswers(content);
      const pairs = content.pairs ?? [];
      return (layout.prompts ?? []).every((original, i) => {
        const chosen = originalOf(layout.answers, answer.matches?.[String(i + 1)]);
        return chosen >= 0 && answers[chosen].text === pairs[original].answer;
      });
    }
    case 'closed_text':
      return (content.gaps ?? []).every((right, i) => originalOf(layout.options, answer.gaps?.[String(i + 1)]) === right);
    case 'open_text': {
      const given = normalizeOpenAnswer(answer.text ?? '');
      return given !== '' && (content.accepted ?? []).some((accepted) => normalizeOpenAnswer(accepted) === given);
    }
    case 'essay':
      return false;
  }
}

export interface ScoredQuestion {
  questionId: number;
  /** Null for an essay waiting for staff. */
  correct: boolean | null;
  /** Null for an essay waiting for staff. */
  pointsHundredths: number | null;
  /** An essay left empty: nothing to grade, it is scored 0 at once (and never shown as graded). */
  notSubmitted: boolean;
}

export interface QuestionToScore {
  questionId: number;
  snapshot: QuestionSnapshot;
  layout: QuestionLayout;
  answer: AnswerValue | null;
  /** Points already given by staff (essays graded before a re-score). */
  gradedHundredths: number | null;
}

export function scoreQuestion(q: QuestionToScore): ScoredQuestion {
  const max = q.snapshot.max_points * 100;
  if (q.snapshot.type === 'essay') {
    if (!isAnswered(q.answer)) return { questionId: q.questionId, correct: false, pointsHundredths: 0, notSubmitted: true };
    if (q.gradedHundredths !== null) return { questionId: q.questionId, correct: null, pointsHundredths: q.gradedHundredths, notSubmitted: false };
    return { questionId: q.questionId, correct: null, pointsHundredths: null, notSubmitted: false };
  }
  const correct = isCorrect(q.snapshot, q.layout, q.answer);
  return { questionId: q.questionId, correct, pointsHundredths: correct ? max : 0, notSubmitted: false };
}

export interface AttemptTotals {
  correct: number;
  autoTotal: number;
  questionCount: number;
  pointsHundredths: number;
  maxPointsHundredths: number;
  speedHundredths: number;
  timeSpentMs: number;
  essaysTotal: number;
  essaysPending: number;
  essaysNotSubmitted: number;
}

/**
 * The result of an attempt (DESIGN "Olympiad rules"): correct answers of the
 * questions the server scores, points (ungraded essays count 0 until graded)
 * and speed points from the time spent against the limit.
 */
export function totals(
  questions: Array<{ snapshot: QuestionSnapshot; scored: ScoredQuestion }>,
  spentMs: number,
  limitMs: number | null,
): AttemptTotals {
  let correct = 0;
  let autoTotal = 0;
  let points = 0;
  let max = 0;
  let essaysTotal = 0;
  let essaysPending = 0;
  let essaysNotSubmitted = 0;
  for (const { snapshot, scored } of questions) {
    max += snapshot.max_points * 100;
    points += scored.pointsHundredths ?? 0;
    if (snapshot.type === 'essay') {
      essaysTotal += 1;
      if (scored.pointsHundredths === null) essaysPending += 1;
      if (scored.notSubmitted) essaysNotSubmitted += 1;
    } else {
      autoTotal += 1;
      if (scored.correct) correct += 1;
    }
  }
  return {
    correct,
    autoTotal,
    questionCount: questions.length,
    pointsHundredths: points,
    maxPointsHundredths: max,
    speedHundredths: speedPointsHundredths(correct, autoTotal, spentMs, limitMs),
    timeSpentMs: Math.max(0, spentMs),
    essaysTotal,
    essaysPending,
    essaysNotSubmitted,
  };
}

/** Percent of the maximum (both in hundredths of a point), in hundredths of a percent: 7 of 9 → 7778 (77.78 %). */
export const percentHundredths = (points: number, max: number) => roundedHundredths(10_000 * points, max);
