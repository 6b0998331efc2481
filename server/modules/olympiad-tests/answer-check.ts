import type { AnswerValue } from '../../../shared/api/olympiad-test-answers';
import { msg } from '../../../shared/validation/message';
import { ESSAY_MAX_CHARS, LETTERS, OPEN_TEXT_MAX_CHARS, gapKeys, type Letter } from '../../../shared/validation/olympiad-tests';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import type { QuestionLayout, QuestionSnapshot } from '../../db/schema';

export type CheckedAnswer = { ok: true; answer: AnswerValue } | { ok: false; errors: FieldErrors };

const fail = (field: string, key: string, values?: Record<string, string | number>): CheckedAnswer => ({
  ok: false,
  errors: { [`answer.${field}`]: [msg(key, values)] },
});

/** Letters this attempt shows for a list of `count` entries. */
const lettersFor = (count: number) => LETTERS.slice(0, count) as readonly Letter[];

function checkLetter(field: string, letter: unknown, allowed: readonly Letter[]): CheckedAnswer | null {
  if (typeof letter !== 'string' || !(allowed as readonly string[]).includes(letter)) {
    return fail(field, 'olympiadTests.errors.noSuchOption', { letter: String(letter) });
  }
  return null;
}

function checkKeyed(field: 'matches' | 'gaps', value: Record<string, string> | undefined, keys: string[], letters: readonly Letter[]): CheckedAnswer {
  if (!value || typeof value !== 'object') return fail(field, 'validation.required');
  const canonical: Record<string, Letter> = {};
  for (const key of Object.keys(value).sort((a, b) => Number(a) - Number(b))) {
    if (!keys.includes(key)) return fail(field, field === 'gaps' ? 'olympiadTests.errors.noSuchGap' : 'olympiadTests.errors.noSuchPrompt', { key });
    const wrong = checkLetter(`${field}.${key}`, value[key], letters);
    if (wrong) return wrong;
    canonical[key] = value[key] as Letter;
  }
  return { ok: true, answer: { [field]: canonical } };
}

/**
 * Checks an answer against the question as this attempt shows it (its
 * letters, prompts and gaps) and returns it in one canonical form: only the
 * field of its type, choices sorted, keys in order. Equal answers then
 * compare equal, which makes repeated saves idempotent.
 */
export function checkAnswer(snapshot: QuestionSnapshot, layout: QuestionLayout, answer: AnswerValue): CheckedAnswer {
  const { content } = snapshot;
  switch (snapshot.type) {
    case 'single_choice': {
      if (answer.choice === undefined) return fail('choice', 'validation.required');
      return checkLetter('choice', answer.choice, lettersFor(content.options?.length ?? 0)) ?? { ok: true, answer: { choice: answer.choice } };
    }
    case 'multiple_choice': {
      if (!Array.isArray(answer.choices)) return fail('choices', 'validation.required');
      const letters = lettersFor(content.options?.length ?? 0);
      for (const letter of answer.choices) {
        const wrong = checkLetter('choices', letter, letters);
        if (wrong) return wrong;
      }
      return { ok: true, answer: { choices: [...new Set(answer.choices)].sort() } };
    }
    case 'ordering': {
      if (!Array.isArray(answer.order)) return fail('order', 'validation.required');
      const letters = lettersFor(content.items?.length ?? 0);
      for (const letter of answer.order) {
        const wrong = checkLetter('order', letter, letters);
        if (wrong) return wrong;
      }
      if (new Set(answer.order).size !== answer.order.length || answer.order.length !== letters.length) {
        return fail('order', 'olympiadTests.errors.orderIncomplete', { count: letters.length });
      }
      return { ok: true, answer: { order: [...answer.order] } };
    }
    case 'matching': {
      const keys = (layout.prompts ?? []).map((_, i) => String(i + 1));
      return checkKeyed('matches', answer.matches, keys, lettersFor(layout.answers?.length ?? 0));
    }
    case 'closed_text':
      return checkKeyed('gaps', answer.gaps, gapKeys(snapshot.text), lettersFor(content.options?.length ?? 0));
    case 'open_text':
    case 'essay': {
      if (typeof answer.text !== 'string') return fail('text', 'validation.required');
      const max = snapshot.type === 'essay' ? ESSAY_MAX_CHARS : OPEN_TEXT_MAX_CHARS;
      // Characters as a person counts them (an emoji is one), the same count the SPA shows.
      const count = [...answer.text].length;
      if (count > max) return snapshot.type === 'essay' ? fail('text', 'olympiadTests.errors.essayTooLong', { max, count }) : fail('text', 'validation.maxLength', { max });
      return { ok: true, answer: { text: answer.text } };
    }
  }
}

/** Whether an answer says anything (an empty selection or blank text is no answer). */
export function isAnswered(answer: AnswerValue | null | undefined): boolean {
  if (!answer) return false;
  if (answer.choice) return true;
  if (answer.choices) return answer.choices.length > 0;
  if (answer.order) return answer.order.length > 0;
  if (answer.matches) return Object.keys(answer.matches).length > 0;
  if (answer.gaps) return Object.keys(answer.gaps).length > 0;
  return typeof answer.text === 'string' && answer.text.trim().length > 0;
}

/** JSON with object keys sorted: the database's jsonb may hand keys back in another order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export const sameAnswer = (a: AnswerValue | null, b: AnswerValue | null) => stable(a) === stable(b);
