import type { MessageValues } from '../../../../shared/i18n/translate';
import { IMPORT_MAX_QUESTIONS, type QuestionType } from '../../../../shared/validation/olympiad-tests';

/** A question read from a file, before the shared rules check it. */
export interface ParsedQuestion {
  type: QuestionType;
  name: string;
  category: string;
  text: string;
  max_points?: number;
  options?: Array<{ text: string; text_en?: string | null; correct: boolean }>;
  items?: Array<{ text: string }>;
  pairs?: Array<{ prompt: string; answer: string }>;
  distractors?: Array<{ text: string }>;
  accepted?: string[];
  gaps?: number[];
  /** "line 12" or "question 3 (line 40)". */
  source: string;
}

export interface SkippedEntry {
  source: string;
  name: string | null;
  reasonKey: string;
  values?: MessageValues;
}

export interface ParsedBank {
  questions: ParsedQuestion[];
  skipped: SkippedEntry[];
}

/**
 * The whole file is unreadable: nothing is imported. The message names the
 * line where there is one (not for a file refused whole: a DOCTYPE, too
 * deep, too many elements); `detailKey` (a catalogue key under `olympiadTests.import.detail.`)
 * says what is wrong there.
 */
export class ImportSyntaxError extends Error {
  constructor(
    readonly messageKey: string,
    readonly values: MessageValues,
    readonly detailKey = '',
    readonly detailValues: MessageValues = {},
  ) {
    super(messageKey);
    this.name = 'ImportSyntaxError';
  }
}

/**
 * Called before each entry is added: past IMPORT_MAX_QUESTIONS the file is
 * refused whole, as soon as the reader gets there (a file of a million tiny
 * questions is not read to its end first).
 */
export function ensureRoomFor(bank: ParsedBank): void {
  if (bank.questions.length + bank.skipped.length >= IMPORT_MAX_QUESTIONS) {
    throw new ImportSyntaxError('olympiadTests.import.tooManyQuestions', { max: IMPORT_MAX_QUESTIONS });
  }
}
