import { Type, type Static } from 'typebox';
import { Nullable, PagedList } from './catalog-common';
import { Id } from './numbers';
import { QuestionType, Text, TextEn } from './olympiad-test-common';

/** The question bank as staff edit it: questions with their correct answers, and the categories. */

export const QuestionOption = Type.Object({ text: Text(2000), text_en: TextEn(2000), correct: Type.Optional(Type.Boolean()) });
export type QuestionOption = Static<typeof QuestionOption>;
export const QuestionItem = Type.Object({ text: Text(2000), text_en: TextEn(2000) });
export type QuestionItem = Static<typeof QuestionItem>;
export const QuestionPair = Type.Object({ prompt: Text(2000), prompt_en: TextEn(2000), answer: Text(2000), answer_en: TextEn(2000) });
export type QuestionPair = Static<typeof QuestionPair>;

/** See `questionSchema` in shared/validation/olympiad-test-question.ts for which fields each type uses. */
export const QuestionBody = Type.Object({
  type: QuestionType,
  category: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  text: Text(20_000),
  text_en: TextEn(20_000),
  max_points: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  options: Type.Optional(Type.Array(QuestionOption, { maxItems: 50 })),
  items: Type.Optional(Type.Array(QuestionItem, { maxItems: 50 })),
  pairs: Type.Optional(Type.Array(QuestionPair, { maxItems: 50 })),
  distractors: Type.Optional(Type.Array(QuestionItem, { maxItems: 50 })),
  accepted: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 100 })),
  gaps: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 100 }), { maxItems: 50 })),
});
export type QuestionBody = Static<typeof QuestionBody>;

export const QuestionResource = Type.Object({
  id: Type.Integer(),
  type: QuestionType,
  category: Type.String(),
  name: Type.String(),
  text: Type.String(),
  text_en: Nullable(Type.String()),
  max_points: Type.Integer(),
  options: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()), correct: Type.Boolean() }))),
  items: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()) }))),
  pairs: Type.Optional(
    Type.Array(Type.Object({ prompt: Type.String(), prompt_en: Nullable(Type.String()), answer: Type.String(), answer_en: Nullable(Type.String()) })),
  ),
  distractors: Type.Optional(Type.Array(Type.Object({ text: Type.String(), text_en: Nullable(Type.String()) }))),
  accepted: Type.Optional(Type.Array(Type.String())),
  gaps: Type.Optional(Type.Array(Type.Integer())),
  /** Where an imported question came from ("GIFT, line 12"); empty for questions written here. */
  source: Type.String(),
  /** Tests that list this question explicitly. */
  test_ids: Type.Array(Type.Integer()),
  /** Attempts that contain it (they keep the version they started with; edits apply to new attempts). */
  attempts_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type QuestionResource = Static<typeof QuestionResource>;

export const QuestionsQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 255 })),
  type: Type.Optional(QuestionType),
  test_id: Type.Optional(Id()),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
export type QuestionsQuery = Static<typeof QuestionsQuery>;
export const QuestionsResponse = PagedList(QuestionResource);
export type QuestionsResponse = Static<typeof QuestionsResponse>;

export const QuestionCategory = Type.Object({ name: Type.String(), count: Type.Integer() });
export type QuestionCategory = Static<typeof QuestionCategory>;
