import type { QuestionInput } from '../../../shared/validation/olympiad-test-question';
import type { QuestionType } from '../../../shared/validation/olympiad-tests';
import type { QuestionContent, StoredText } from '../../db/schema';

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
const stored = (text: string, textEn: string | null | undefined): StoredText => ({ text: text.trim(), text_en: blankToNull(textEn) });

/** The type-specific part of a validated question, without the fields its type does not use. */
export function contentFromInput(input: QuestionInput): QuestionContent {
  switch (input.type) {
    case 'single_choice':
    case 'multiple_choice':
      return { options: (input.options ?? []).map((o) => ({ ...stored(o.text, o.text_en), correct: !!o.correct })) };
    case 'closed_text':
      return {
        options: (input.options ?? []).map((o) => ({ ...stored(o.text, o.text_en), correct: false })),
        gaps: (input.gaps ?? []).map(Number),
      };
    case 'ordering':
      return { items: (input.items ?? []).map((i) => stored(i.text, i.text_en)) };
    case 'matching':
      return {
        pairs: (input.pairs ?? []).map((p) => ({
          prompt: p.prompt.trim(),
          prompt_en: blankToNull(p.prompt_en),
          answer: p.answer.trim(),
          answer_en: blankToNull(p.answer_en),
        })),
        distractors: (input.distractors ?? []).map((d) => stored(d.text, d.text_en)),
      };
    case 'open_text':
      return { accepted: (input.accepted ?? []).map((a) => a.trim()) };
    case 'essay':
      return {};
  }
}

/**
 * The answers a matching question offers: the pairs' answers and the
 * distractors, each distinct text once (two prompts may share an answer).
 */
export function matchingAnswers(content: QuestionContent): StoredText[] {
  const seen = new Map<string, StoredText>();
  for (const pair of content.pairs ?? []) if (!seen.has(pair.answer)) seen.set(pair.answer, { text: pair.answer, text_en: pair.answer_en });
  for (const extra of content.distractors ?? []) if (!seen.has(extra.text)) seen.set(extra.text, extra);
  return [...seen.values()];
}

/** The staff view of a question's content, every list present for its type. */
export function contentFields(type: QuestionType, content: QuestionContent) {
  switch (type) {
    case 'single_choice':
    case 'multiple_choice':
      return { options: content.options ?? [] };
    case 'closed_text':
      return { options: content.options ?? [], gaps: content.gaps ?? [] };
    case 'ordering':
      return { items: content.items ?? [] };
    case 'matching':
      return { pairs: content.pairs ?? [], distractors: content.distractors ?? [] };
    case 'open_text':
      return { accepted: content.accepted ?? [] };
    case 'essay':
      return {};
  }
}
