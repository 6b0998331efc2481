import * as yup from 'yup';
import { type SniffedType } from './file-content';
import { msg, type ValidationMessage } from './message';
import { STAGE_KINDS, CATEGORIES } from './olympiad-options';
import { WORK_DESCRIPTION_MAX, WORK_IMAGE_MAX_BYTES, WORK_PDF_MAX_BYTES, WORK_REJECTION_REASON_MAX, WORK_TITLE_MAX, type WorkFileKind } from './olympiad-works-rules';
import { moment } from './olympiad-stages';

/**
 * The rules of a work's form and of the staff forms around works, one source for the SPA (before
 * sending) and the server (on what arrives). Messages are catalogue keys of `olympiadWorks.errors`.
 */

const requiredText = (max: number) =>
  yup.string().typeError(msg('validation.type')).trim().max(max, msg('validation.maxLength', { max })).required(msg('olympiadWorks.errors.blank'));

/** SPEC §5: a work needs a title and a description. */
export const workFieldsSchema = yup.object({
  title: requiredText(WORK_TITLE_MAX),
  description: requiredText(WORK_DESCRIPTION_MAX),
});
export type WorkFieldsInput = yup.InferType<typeof workFieldsSchema>;

/** What a work's file is by its first bytes: png and jpeg are pictures, pdf a document; anything else is refused. */
export function workFileKind(type: SniffedType | null): WorkFileKind | null {
  if (type === 'image/png' || type === 'image/jpeg') return 'image';
  if (type === 'application/pdf') return 'pdf';
  return null;
}

export const workMaxBytes = (kind: WorkFileKind) => (kind === 'image' ? WORK_IMAGE_MAX_BYTES : WORK_PDF_MAX_BYTES);
const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** SPEC §5/§8: "The file has an invalid format."; the size message names the limit of the file's kind. */
export const WORK_FILE_FORMAT = msg('olympiadWorks.errors.fileFormat');
export const workFileTooLarge = (kind: WorkFileKind) => msg('olympiadWorks.errors.fileTooLarge', { max: megabytes(workMaxBytes(kind)) });

/**
 * The file's own refusal (format by content, then size by kind), or null when it may be sent.
 * The SPA passes the first bytes it read from the chosen file; the server what arrived.
 */
export function workFileRefusal(type: SniffedType | null, bytes: number): ValidationMessage | null {
  const kind = workFileKind(type);
  if (!kind || bytes === 0) return WORK_FILE_FORMAT;
  if (bytes > workMaxBytes(kind)) return workFileTooLarge(kind);
  return null;
}

/** Staff create or edit a contest: texts in both languages, dates (the end after the start), who may enter, how many works each. */
export const contestSchema = yup.object({
  title_ru: requiredText(200),
  title_en: requiredText(200),
  description_ru: requiredText(20_000),
  description_en: requiredText(20_000),
  starts_at: moment(),
  ends_at: moment().test('after-start', msg('olympiad.validation.endsBeforeStart'), function after(value) {
    const start = Date.parse(this.parent?.starts_at);
    return !value || Number.isNaN(start) || Date.parse(value) > start;
  }),
  stage_kinds: yup.array(yup.string().oneOf(STAGE_KINDS, msg('validation.enum')).required()).default([]),
  categories: yup.array(yup.string().oneOf(CATEGORIES, msg('validation.enum')).required()).default([]),
  works_per_participant: yup
    .number()
    .typeError(msg('validation.type'))
    .integer(msg('validation.type'))
    .required(msg('validation.blank'))
    .min(1, msg('validation.minimum', { min: 1 }))
    .max(50, msg('validation.maximum', { max: 50 })),
});
export type ContestInput = yup.InferType<typeof contestSchema>;

/** The reasons a moderator picks from; `other` asks for the reason in words. */
export const WORK_REJECTION_CODES = ['not_own_work', 'off_topic', 'inappropriate', 'poor_quality', 'wrong_file', 'other'] as const;
export type WorkRejectionCode = (typeof WORK_REJECTION_CODES)[number];

/** Approve, or reject with a reason from the list or written (for `other`). */
export const decisionSchema = yup.object({
  decision: yup.string().oneOf(['approved', 'rejected'] as const, msg('validation.enum')).required(msg('validation.blank')),
  reason_code: yup
    .string()
    .oneOf(WORK_REJECTION_CODES, msg('validation.enum'))
    .when('decision', { is: 'rejected', then: (s) => s.required(msg('olympiadWorks.errors.reasonRequired')), otherwise: (s) => s.optional() }),
  reason: yup
    .string()
    .typeError(msg('validation.type'))
    .trim()
    .max(WORK_REJECTION_REASON_MAX, msg('validation.maxLength', { max: WORK_REJECTION_REASON_MAX }))
    .when(['decision', 'reason_code'], {
      is: (decision: string, code: string) => decision === 'rejected' && code === 'other',
      then: (s) => s.required(msg('olympiadWorks.errors.reasonTextRequired')),
      otherwise: (s) => s.optional(),
    }),
});
export type DecisionInput = yup.InferType<typeof decisionSchema>;

/** Points staff give a published work of a scored contest; null takes them back. */
export const WORK_SCORE_MAX = 1000;
export const scoreSchema = yup.object({
  score: yup
    .number()
    .typeError(msg('validation.type'))
    .nullable()
    .defined(msg('validation.blank'))
    .min(0, msg('validation.minimum', { min: 0 }))
    .max(WORK_SCORE_MAX, msg('validation.maximum', { max: WORK_SCORE_MAX }))
    .test('two-decimals', msg('olympiadTests.validation.twoDecimals'), (v) => v === null || v === undefined || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6),
});
