import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import type { PresentedQuestion } from '../../../shared/api/olympiad-test-attempts';

/** Whether an answer says anything for its question (an empty text or no choice is no answer). */
export function isAnswered(question: Pick<PresentedQuestion, 'type'>, answer: AnswerValue | null | undefined): boolean {
  if (!answer) return false;
  switch (question.type) {
    case 'single_choice':
      return !!answer.choice;
    case 'multiple_choice':
      return (answer.choices ?? []).length > 0;
    case 'ordering':
      return (answer.order ?? []).length > 0;
    case 'matching':
      return Object.keys(answer.matches ?? {}).length > 0;
    case 'closed_text':
      return Object.keys(answer.gaps ?? {}).length > 0;
    case 'open_text':
    case 'essay':
      return (answer.text ?? '').trim().length > 0;
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Two answers say the same (key order and undefined fields do not matter). */
export function sameAnswer(a: AnswerValue | null | undefined, b: AnswerValue | null | undefined): boolean {
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

/** Question numbers as people count them (1-based), for the "not answered" list. */
export const questionNumber = (index: number) => index + 1;

/** Characters as a person counts them (an emoji is one): the count the server checks the 5000-character limit with. */
export const charCount = (text: string) => [...text].length;

/** The text cut to `max` characters counted the same way. */
export const clipChars = (text: string, max: number) => (charCount(text) > max ? [...text].slice(0, max).join('') : text);
