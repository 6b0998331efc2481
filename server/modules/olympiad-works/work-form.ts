import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Id } from '../../../shared/api/numbers';
import { sniffFileType } from '../../../shared/validation/file-content';
import { msg } from '../../../shared/validation/message';
import { WORK_FILE_FORMAT, workFieldsSchema, workFileKind, workFileTooLarge } from '../../../shared/validation/olympiad-works';
import { WORK_DESCRIPTION_MAX, WORK_IMAGE_MAX_BYTES, WORK_TITLE_MAX } from '../../../shared/validation/olympiad-works-rules';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import { runSchema } from '../../../shared/validation/run-schema';
import { mergeFieldErrors } from '../../lib/field-errors';
import { validationFailed } from '../../lib/http-error';
import { multipartFailure } from '../../lib/multipart-failure';
import { readTextPart } from '../../lib/text-fields';
import { shownFileName } from '../../storage/upload-refusal';

/** Room for the form's text fields and the multipart envelope around the file. */
const ENVELOPE_SLACK = 64 * 1024;

/** Options for @fastify/multipart on the works routes: one file at most the largest kind's limit, a few small fields. */
export const WORK_MULTIPART_LIMITS = { fileSize: WORK_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 32 * 1024, parts: 12 };

/** The text fields of the upload and edit forms (read as form text: numbers in plain decimal). */
export const WorkFormFields = Type.Object({
  contest_id: Type.Optional(Id()),
  title: Type.Optional(Type.String({ maxLength: WORK_TITLE_MAX })),
  description: Type.Optional(Type.String({ maxLength: WORK_DESCRIPTION_MAX })),
  upload_key: Type.Optional(Type.String({ format: 'uuid' })),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WorkForm {
  contestId: number | null;
  uploadKey: string | null;
  title: string;
  description: string;
  /** Null when the form carried no file (an edit that keeps the stored one). */
  file: { body: Buffer; name: string } | null;
}

/** The file field: `file` as the contract names it. */
const FILE_FIELD = 'file';

/**
 * Reads a work's multipart form: the text fields by the strict form rules, the file into memory
 * (it is at most 10 MB). A file cut off at the limit is refused with the size message of its
 * kind; a file of no known kind with the SPEC's format message. `needs` says which of
 * contest_id, upload_key and the file the route requires.
 */
export async function readWorkForm(request: FastifyRequest, needs: { contest: boolean; file: boolean }): Promise<WorkForm> {
  if (Number(request.headers['content-length'] ?? 0) > WORK_IMAGE_MAX_BYTES + ENVELOPE_SLACK) throw validationFailed({ file: [workFileTooLarge('image')] });
  if (!request.isMultipart()) throw validationFailed(needs.file ? { file: [msg('olympiadWorks.errors.fileRequired')] } : { _: [msg('errors.invalidMultipart')] });
  const text: Record<string, unknown> = {};
  let file: WorkForm['file'] = null;
  const errors: FieldErrors = {};
  try {
    for await (const part of request.parts({ limits: WORK_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== FILE_FIELD || file) {
          part.file.resume();
          continue;
        }
        const body = await part.toBuffer();
        const name = shownFileName(part.filename);
        if (part.file.truncated) {
          const kind = workFileKind(sniffFileType(body));
          errors.file = [kind ? workFileTooLarge(kind) : WORK_FILE_FORMAT];
        }
        file = { body, name };
      } else if (text[part.fieldname] === undefined) {
        text[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationFailed({ file: [workFileTooLarge('image')] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') throw validationFailed({ _: [msg('validation.invalid')] });
    throw multipartFailure(error);
  }
  const read = readTextPart(WorkFormFields, text);
  const values = read.values as Record<string, unknown>;
  const own: FieldErrors = {};
  const contestId = values.contest_id;
  if (needs.contest && !read.errors?.contest_id && !(typeof contestId === 'number' && Number.isInteger(contestId) && contestId >= 1 && contestId <= 2_147_483_647)) {
    own.contest_id = [msg(contestId === undefined || contestId === '' ? 'olympiadWorks.errors.contestRequired' : 'validation.type')];
  }
  const uploadKey = values.upload_key;
  if (needs.contest && !(typeof uploadKey === 'string' && UUID.test(uploadKey))) own.upload_key = [msg('validation.format')];
  if (needs.file && !file && !errors.file) own.file = [msg('olympiadWorks.errors.fileRequired')];
  const fields = await runSchema(workFieldsSchema, { title: values.title, description: values.description });
  const all = mergeFieldErrors(read.errors, own, errors, fields.ok ? null : fields.errors);
  if (all || !fields.ok) throw validationFailed(all ?? {});
  return {
    contestId: needs.contest ? (contestId as number) : null,
    uploadKey: needs.contest ? (uploadKey as string).toLowerCase() : null,
    title: fields.value.title,
    description: fields.value.description,
    file,
  };
}
