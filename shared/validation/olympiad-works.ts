import * as yup from 'yup';
import { sniffFileType } from './file-content';
import { msg, type ValidationMessage } from './message';
import { cleanText } from './olympiad-participant';
import { WORK_DESCRIPTION_MAX, WORK_IMAGE_MAX_BYTES, WORK_PDF_MAX_BYTES, WORK_TITLE_MAX, type WorkFileKind } from './olympiad-works-rules';

/**
 * A creative work's fields and file, one rule for the SPA's form and the server (SPEC §5: title and
 * description required; png/jpeg up to 10 MB, pdf up to 5 MB, told by content). Limits live in
 * olympiad-works-rules.ts; here are the checks and the catalogue keys of their messages.
 */
export const WORK_FILE_MESSAGES = {
  required: 'olympiadWorks.file.required',
  invalidFormat: 'validation.fileFormat',
  imageTooLarge: 'olympiadWorks.file.imageTooLarge',
  pdfTooLarge: 'olympiadWorks.file.pdfTooLarge',
} as const;

const requiredText = (max: number) =>
  yup
    .string()
    .typeError(msg('validation.type'))
    .transform((value: unknown) => (typeof value === 'string' ? cleanText(value) : value))
    .required(msg('validation.blank'))
    .max(max, msg('validation.maxLength', { max }));

export const workTitleRule = () => requiredText(WORK_TITLE_MAX);
export const workDescriptionRule = () => requiredText(WORK_DESCRIPTION_MAX);

/** The text fields of a new work (the file is checked by `checkWorkFile`, on its bytes). */
export const workFieldsSchema = yup.object({
  contest_id: yup.number().typeError(msg('validation.required')).required(msg('validation.required')).integer(msg('validation.type')).min(1, msg('validation.required')),
  title: workTitleRule(),
  description: workDescriptionRule(),
});

/** Editing a work: the contest stays. */
export const workEditSchema = yup.object({ title: workTitleRule(), description: workDescriptionRule() });

export type WorkFileVerdict = { ok: true; kind: WorkFileKind; mime: 'image/png' | 'image/jpeg' | 'application/pdf' } | { ok: false; message: ValidationMessage };

/**
 * What a file is by its first bytes (never its name or declared type) and whether its size fits
 * that kind's limit. WEBP is recognised by the sniffer but is not a work format.
 */
export function checkWorkFile(head: Uint8Array, size: number): WorkFileVerdict {
  const mime = sniffFileType(head);
  if (mime === 'image/png' || mime === 'image/jpeg') {
    if (size > WORK_IMAGE_MAX_BYTES) return { ok: false, message: msg(WORK_FILE_MESSAGES.imageTooLarge) };
    return { ok: true, kind: 'image', mime };
  }
  if (mime === 'application/pdf') {
    if (size > WORK_PDF_MAX_BYTES) return { ok: false, message: msg(WORK_FILE_MESSAGES.pdfTooLarge) };
    return { ok: true, kind: 'pdf', mime };
  }
  return { ok: false, message: msg(WORK_FILE_MESSAGES.invalidFormat) };
}
