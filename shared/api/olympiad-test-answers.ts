import { Type, type Static } from 'typebox';
import { Nullable } from './catalog-common';
import { ConflictCode, Letter } from './olympiad-test-common';
import { LETTERS, VERSION_MAX } from '../validation/olympiad-tests';

/** A participant's answers: their one shape for every question type, saving them, and the 409 that refuses a save. */

const LetterList = Type.Array(Letter, { maxItems: LETTERS.length });
const KeyedLetters = Type.Record(Type.String({ pattern: '^[0-9]{1,2}$' }), Letter);

/**
 * One shape for every type; the field that counts depends on the question:
 * single_choice `choice`; multiple_choice `choices`; ordering `order` (every
 * item letter once, first to last); matching `matches` (prompt key → answer
 * letter; prompts left out are unmatched); closed_text `gaps` (gap key →
 * option letter); open_text and essay `text`.
 */
export const AnswerValue = Type.Object({
  choice: Type.Optional(Letter),
  choices: Type.Optional(LetterList),
  order: Type.Optional(LetterList),
  matches: Type.Optional(KeyedLetters),
  gaps: Type.Optional(KeyedLetters),
  /** Its length is checked by the shared rules (characters as people count them), within the 1 MB body limit. */
  text: Type.Optional(Type.String()),
});
export type AnswerValue = Static<typeof AnswerValue>;

/**
 * `PUT /v1/olympiad/attempts/{id}/answers/{questionId}`. `version` is the
 * client's counter for this question (any safe integer, e.g. stored version
 * + 1, or a timestamp): the server keeps the highest. Sending the same
 * version with the same answer again is a no-op (200); a lower version, or
 * the same one with another answer, is a 409 `version_conflict`.
 * `answer: null` clears the answer.
 */
export const SaveAnswerBody = Type.Object({
  version: Type.Integer({ minimum: 1, maximum: VERSION_MAX }),
  answer: Nullable(AnswerValue),
});
export type SaveAnswerBody = Static<typeof SaveAnswerBody>;

export const SavedAnswer = Type.Object({
  question_id: Type.Integer(),
  /** 0: never answered. */
  version: Type.Integer(),
  answer: Nullable(AnswerValue),
  saved_at: Nullable(Type.String()),
});
export type SavedAnswer = Static<typeof SavedAnswer>;

export const SavedAnswerResponse = Type.Object({ data: SavedAnswer, server_time: Type.String() });
export type SavedAnswerResponse = Static<typeof SavedAnswerResponse>;

/** Every 409 of this API: the translated message, the reason, and for `version_conflict` the stored answer. */
export const ConflictResponse = Type.Object({
  message: Type.String(),
  code: ConflictCode,
  data: Type.Optional(SavedAnswer),
  server_time: Type.String(),
});
export type ConflictResponse = Static<typeof ConflictResponse>;
