import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { PresentedQuestion } from '../../../shared/api/olympiad-test-attempts';
import type { Language } from '../../../shared/i18n/languages';
import { ESSAY_MAX_CHARS, LETTERS, OPEN_TEXT_MAX_CHARS, gapKeys, type Letter } from '../../../shared/validation/olympiad-tests';
import type { QuestionLayout, QuestionSnapshot, StoredText } from '../../db/schema';
import { matchingAnswers } from './question-content';
import { shuffledIndexes } from './seeded-random';

/** The caller's language, falling back to the Russian original. */
export const localized = (lang: Language, text: string, textEn: string | null | undefined) => (lang === 'en' && textEn ? textEn : text);
const textOf = (lang: Language, item: StoredText) => localized(lang, item.text, item.text_en);

/** An ordering shown already in the right order would give the point away: the shuffle never returns it. */
function notIdentity(order: number[], random: () => number): number[] {
  if (order.length < 2 || order.some((value, i) => value !== i)) return order;
  const again = shuffledIndexes(order.length, random);
  return again.some((value, i) => value !== i) ? again : [...order.slice(1), order[0]];
}

/** This attempt's shuffles of one question. */
export function layoutFor(snapshot: QuestionSnapshot, random: () => number): QuestionLayout {
  const { content } = snapshot;
  switch (snapshot.type) {
    case 'single_choice':
    case 'multiple_choice':
    case 'closed_text':
      return { options: shuffledIndexes(content.options?.length ?? 0, random) };
    case 'ordering':
      return { items: notIdentity(shuffledIndexes(content.items?.length ?? 0, random), random) };
    case 'matching':
      return {
        prompts: shuffledIndexes(content.pairs?.length ?? 0, random),
        answers: shuffledIndexes(matchingAnswers(content).length, random),
      };
    default:
      return {};
  }
}

const lettered = (order: number[] | undefined, list: StoredText[], lang: Language) =>
  (order ?? []).map((original, i) => ({ letter: LETTERS[i], text: textOf(lang, list[original]) }));

/** The question as the participant sees it in this attempt: shuffled, lettered, and without its answers. */
export function present(questionId: number, index: number, snapshot: QuestionSnapshot, layout: QuestionLayout, lang: Language): PresentedQuestion {
  const base = {
    id: questionId,
    index,
    type: snapshot.type,
    text: localized(lang, snapshot.text, snapshot.text_en),
    max_points: snapshot.max_points,
  };
  const { content } = snapshot;
  switch (snapshot.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { ...base, options: lettered(layout.options, content.options ?? [], lang) };
    case 'closed_text':
      return { ...base, options: lettered(layout.options, content.options ?? [], lang), gaps: gapKeys(snapshot.text) };
    case 'ordering':
      return { ...base, items: lettered(layout.items, content.items ?? [], lang) };
    case 'matching': {
      const pairs = content.pairs ?? [];
      return {
        ...base,
        prompts: (layout.prompts ?? []).map((original, i) => ({ key: String(i + 1), text: localized(lang, pairs[original].prompt, pairs[original].prompt_en) })),
        options: lettered(layout.answers, matchingAnswers(content), lang),
      };
    }
    case 'open_text':
      return { ...base, max_length: OPEN_TEXT_MAX_CHARS };
    case 'essay':
      return { ...base, max_length: ESSAY_MAX_CHARS };
  }
}

/** The letter this attempt shows for an original index. */
const letterOf = (order: number[] | undefined, original: number): Letter => LETTERS[(order ?? []).indexOf(original)];

/** The right answer in this attempt's letters (for the review after the finish); null for essays. */
export function solutionFor(snapshot: QuestionSnapshot, layout: QuestionLayout): AnswerValue | null {
  const { content } = snapshot;
  switch (snapshot.type) {
    case 'single_choice': {
      const right = (content.options ?? []).findIndex((o) => o.correct);
      return { choice: letterOf(layout.options, right) };
    }
    case 'multiple_choice':
      return {
        choices: (content.options ?? [])
          .map((o, i) => (o.correct ? letterOf(layout.options, i) : null))
          .filter((l): l is Letter => l !== null)
          .sort(),
      };
    case 'ordering':
      return { order: (content.items ?? []).map((_, i) => letterOf(layout.items, i)) };
    case 'matching': {
      const answers = matchingAnswers(content);
      const matches: Record<string, Letter> = {};
      (layout.prompts ?? []).forEach((original, i) => {
        const answer = answers.findIndex((a) => a.text === content.pairs![original].answer);
        matches[String(i + 1)] = letterOf(layout.answers, answer);
      });
      return { matches };
    }
    case 'closed_text': {
      const gaps: Record<string, Letter> = {};
      (content.gaps ?? []).forEach((option, i) => {
        gaps[String(i + 1)] = letterOf(layout.options, option);
      });
      return { gaps };
    }
    case 'open_text':
      return { text: content.accepted?.[0] ?? '' };
    case 'essay':
      return null;
  }
}
