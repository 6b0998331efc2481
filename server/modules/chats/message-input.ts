import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MAX_FILES_PER_MESSAGE } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import type { RawUpload } from './attachments-intake';
import type { AttachmentsStore } from './attachments-store';

export interface MessageRequestInput {
  fields: Record<string, unknown>;
  uploads: RawUpload[];
}

/** Form part names that carry files (`files`, `files[]` as FormData often names them, or a single `file`). */
const FILE_FIELDS = new Set(['files', 'files[]', 'file']);

/** Options for @fastify/multipart in the routes that take messages. */
export const MULTIPART_LIMITS = {
  // The largest accepted type; the per-type limits are checked on the content afterwards.
  fileSize: 10 * 1024 * 1024,
  files: MAX_FILES_PER_MESSAGE,
  fields: 20,
  fieldSize: 64 * 1024,
  parts: MAX_FILES_PER_MESSAGE + 20,
};

/**
 * A message as JSON or as `multipart/form-data` (text fields plus file parts):
 * files are streamed to temp files as they arrive. On any failure the temp
 * files written so far are removed before the error is thrown.
 */
export async function readMessageInput(request: FastifyRequest, store: AttachmentsStore): Promise<MessageRequestInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw validationFailed({ _: [msg('validation.type')] });
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) }, uploads: [] };
  }
  const fields: Record<string, unknown> = {};
  const uploads: RawUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!FILE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        const saved = await store.saveTemp(part.file);
        uploads.push({ ...saved, originalName: part.filename ?? '' });
        if (part.file.truncated) {
          throw validationFailed({ files: [msg('chats.errors.fileTooLarge', { name: part.filename || 'file', max: MULTIPART_LIMITS.fileSize / (1024 * 1024) })] });
        }
      } else if (fields[part.fieldname] === undefined) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await Promise.all(uploads.map((u) => store.discardTemp(u.tempPath)));
    throw translateMultipartError(error);
  }
  return { fields, uploads };
}

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  const part = (error as { part?: { filename?: string } }).part;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return validationFailed({ files: [msg('chats.errors.fileTooLarge', { name: part?.filename || 'file', max: MULTIPART_LIMITS.fileSize / (1024 * 1024) })] });
    case 'FST_FILES_LIMIT':
      return validationFailed({ files: [msg('chats.errors.tooManyFiles', { max: MAX_FILES_PER_MESSAGE })] });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return validationFailed({ _: [msg('validation.invalid')] });
    default:
      return error;
  }
}
