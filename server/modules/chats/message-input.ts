import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import { MAX_FILES_PER_MESSAGE } from '../../../shared/validation/chats';
import { msg } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import { multipartFailure } from '../../lib/multipart-failure';
import { readTextPart } from '../../lib/text-fields';
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
 * The `body` schema of a route that takes messages: Fastify checks JSON
 * bodies with it (the strict input rules included); multipart forms, which
 * Fastify does not read, go through readMessageInput with the same fields.
 */
export const messageBodySchema = (fields: TObject) => ({ content: { 'application/json': { schema: fields } } });

/**
 * A message as JSON or as `multipart/form-data` (text fields plus file parts):
 * files are streamed to temp files as they arrive. Form fields are read like
 * any text part (numbers in plain decimal, no control characters: see
 * plugins/strict-input.ts) by `fields`, the route's body schema. On any
 * failure the temp files written so far are removed before the error is thrown.
 */
export async function readMessageInput(request: FastifyRequest, store: AttachmentsStore, fields: TObject): Promise<MessageRequestInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw validationFailed({ _: [msg('validation.type')] });
    }
    return { fields: { ...(body as Record<string, unknown> | undefined) }, uploads: [] };
  }
  const text: Record<string, unknown> = {};
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
      } else if (text[part.fieldname] === undefined) {
        text[part.fieldname] = part.value;
      }
    }
    const read = readTextPart(fields, text);
    if (read.errors) throw validationFailed(read.errors);
    return { fields: read.values as Record<string, unknown>, uploads };
  } catch (error) {
    await Promise.all(uploads.map((u) => store.discardTemp(u.tempPath)));
    throw translateMultipartError(error);
  }
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
      return multipartFailure(error);
  }
}
