import type { QuestionBody, QuestionResource } from '../../../../shared/api/olympiad-test-bank';
import type { QuestionType } from '../../../../shared/api/olympiad-test-common';
import { gapKeys } from '../../../../shared/validation/olympiad-tests';

/** The question editor's values: every type's fields at once, so switching type keeps what was typed. */
export interface QuestionFormValues {
  type: QuestionType;
  category: string;
  name: string;
  text: string;
  text_en: string;
  max_points: number | string;
  options: { text: string; text_en: string; correct: boolean }[];
  items: { text: string; text_en: string }[];
  pairs: { prompt: string; prompt_en: string; answer: string; answer_en: string }[];
  distractors: { text: string; text_en: string }[];
  accepted: string[];
  /** For gap k (1-based, in order): the index of its right option, as a string for the select. */
  gaps: string[];
}

const option = () => ({ text: '', text_en: '', correct: false });
const item = () => ({ text: '', text_en: '' });
const pair = () => ({ prompt: '', prompt_en: '', answer: '', answer_en: '' });

export const emptyOption = option;
export const emptyItem = item;
export const emptyPair = pair;

export function questionFormValues(question?: QuestionResource, defaults: { category?: string } = {}): QuestionFormValues {
  if (!question) {
    return {
      type: 'single_choice',
      category: defaults.category ?? '',
      name: '',
      text: '',
      text_en: '',
      max_points: 1,
      options: [option(), option()],
      items: [item(), item()],
      pairs: [pair(), pair()],
      distractors: [],
      accepted: [''],
      gaps: [],
    };
  }
  const en = (value: string | null | undefined) => value ?? '';
  return {
    type: question.type,
    category: question.category,
    name: question.name,
    text: question.text,
    text_en: en(question.text_en),
    max_points: question.max_points,
    options: question.options?.map((o) => ({ text: o.text, text_en: en(o.text_en), correct: o.correct })) ?? [option(), option()],
    items: question.items?.map((i) => ({ text: i.text, text_en: en(i.text_en) })) ?? [item(), item()],
    pairs: question.pairs?.map((p) => ({ prompt: p.prompt, prompt_en: en(p.prompt_en), answer: p.answer, answer_en: en(p.answer_en) })) ?? [pair(), pair()],
    distractors: question.distractors?.map((d) => ({ text: d.text, text_en: en(d.text_en) })) ?? [],
    accepted: question.accepted?.length ? [...question.accepted] : [''],
    gaps: question.gaps?.map(String) ?? [],
  };
}

const orNull = (value: string) => (value.trim() ? value : null);

/** What goes to the API: only the fields of the chosen type. */
export function questionBody(values: QuestionFormValues): QuestionBody {
  const body: QuestionBody = {
    type: values.type,
    category: values.category,
    name: values.name,
    text: values.text,
    text_en: orNull(values.text_en),
    max_points: Number(values.max_points),
  };
  switch (values.type) {
    case 'single_choice':
    case 'multiple_choice':
      body.options = values.options.map((o) => ({ text: o.text, text_en: orNull(o.text_en), correct: o.correct }));
      break;
    case 'closed_text':
      body.options = values.options.map((o) => ({ text: o.text, text_en: orNull(o.text_en), correct: false }));
      // One entry per gap of the text, in gap order; an unchosen gap fails the shared rule with its message.
      body.gaps = gapKeys(values.text).map((_, index) => (values.gaps[index] === undefined || values.gaps[index] === '' ? -1 : Number(values.gaps[index])));
      break;
    case 'ordering':
      body.items = values.items.map((i) => ({ text: i.text, text_en: orNull(i.text_en) }));
      break;
    case 'matching':
      body.pairs = values.pairs.map((p) => ({ prompt: p.prompt, prompt_en: orNull(p.prompt_en), answer: p.answer, answer_en: orNull(p.answer_en) }));
      body.distractors = values.distractors.map((d) => ({ text: d.text, text_en: orNull(d.text_en) }));
      break;
    case 'open_text':
      body.accepted = values.accepted.filter((a) => a.trim());
      break;
    case 'essay':
      break;
  }
  return body;
}
