import { Type, type Static } from 'typebox';
import { Nullable, StringEnum } from './catalog-common';
import { Id } from './numbers';
import { QuestionType } from './olympiad-test-common';
import { IMPORT_MAX_CHARS } from '../validation/olympiad-tests';

/** Importing questions into the bank from Moodle XML or GIFT files. */

export const ImportFormat = StringEnum(['moodle_xml', 'gift'] as const);
export type ImportFormat = Static<typeof ImportFormat>;

/**
 * `POST /v1/olympiad/admin/questions/import`: the file's text (the SPA reads
 * it with `File.text()`). `format` is guessed from the text when left out.
 * `category` is used for questions the file puts in no category; `test_id`
 * also lists every imported question in that test. `dry_run` reports without saving.
 */
export const ImportBody = Type.Object({
  format: Type.Optional(ImportFormat),
  filename: Type.Optional(Type.String({ maxLength: 255 })),
  content: Type.String({ maxLength: IMPORT_MAX_CHARS }),
  category: Type.Optional(Type.String({ maxLength: 255 })),
  test_id: Type.Optional(Id()),
  dry_run: Type.Optional(Type.Boolean()),
});
export type ImportBody = Static<typeof ImportBody>;

export const ImportedQuestion = Type.Object({
  /** Null on a dry run. */
  id: Nullable(Type.Integer()),
  name: Type.String(),
  type: QuestionType,
  category: Type.String(),
  /** "line 12" (GIFT) or "question 3 (line 40)" (Moodle XML). */
  source: Type.String(),
});
export type ImportedQuestion = Static<typeof ImportedQuestion>;
export const SkippedQuestion = Type.Object({
  source: Type.String(),
  name: Nullable(Type.String()),
  /** Translated reason. */
  reason: Type.String(),
  reason_key: Type.String(),
});
export type SkippedQuestion = Static<typeof SkippedQuestion>;
export const ImportReport = Type.Object({
  format: ImportFormat,
  dry_run: Type.Boolean(),
  imported: Type.Array(ImportedQuestion),
  skipped: Type.Array(SkippedQuestion),
  categories: Type.Array(Type.String()),
});
export type ImportReport = Static<typeof ImportReport>;
