import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { CreateBannerFields } from '../../../shared/api/seller-banners';
import { IMAGE_MAX_BYTES } from '../../../shared/validation/catalog-image';
import { sniffFileType } from '../../../shared/validation/file-content';
import { msg } from '../../../shared/validation/message';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import { BANNER_IMAGE_TOO_LARGE, bannerImageRefusal } from '../../../shared/validation/seller-banners';
import { mergeFieldErrors } from '../../lib/field-errors';
import { validationFailed } from '../../lib/http-error';
import { multipartFailure } from '../../lib/multipart-failure';
import { readTextPart } from '../../lib/text-fields';
import { shownFileName } from '../../storage/upload-refusal';

/** Room for the form's text fields and the multipart envelope around the file. */
const ENVELOPE_SLACK = 64 * 1024;
const IMAGE_FIELD = 'image';

/** Options for @fastify/multipart on the banner routes: one picture of at most 10 MB, a few small fields. */
export const BANNER_MULTIPART_LIMITS = { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 12, fieldSize: 4 * 1024, parts: 14 };

export interface BannerForm {
  /** The text fields as sent (read by the plain-text rule), for the shared schema. */
  fields: Record<string, unknown>;
  image: { body: Buffer; name: string } | null;
  /** What is wrong already: the picture's format or size, a field that is not plain text. */
  errors: FieldErrors | null;
}

/**
 * Reads the banner's multipart form into memory (the picture is at most 10 MB; one cut off at
 * the limit is refused with the size message). The picture is judged by its first bytes here and
 * decoded later; its name and declared type are never trusted.
 */
export async function readBannerForm(request: FastifyRequest): Promise<BannerForm> {
  if (Number(request.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES + ENVELOPE_SLACK) throw validationFailed({ [IMAGE_FIELD]: [BANNER_IMAGE_TOO_LARGE] });
  if (!request.isMultipart()) throw validationFailed({ [IMAGE_FIELD]: [msg('sellerBanners.errors.imageRequired')] });
  const text: Record<string, unknown> = {};
  let image: BannerForm['image'] = null;
  const errors: FieldErrors = {};
  try {
    for await (const part of request.parts({ limits: BANNER_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== IMAGE_FIELD || image) {
          part.file.resume();
          continue;
        }
        const body = await part.toBuffer();
        image = { body, name: shownFileName(part.filename) };
        const refusal = part.file.truncated ? BANNER_IMAGE_TOO_LARGE : bannerImageRefusal(sniffFileType(body), body.length);
        if (refusal) errors[IMAGE_FIELD] = [refusal];
      } else if (text[part.fieldname] === undefined) {
        text[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw validationFailed({ [IMAGE_FIELD]: [BANNER_IMAGE_TOO_LARGE] });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') throw validationFailed({ _: [msg('validation.invalid')] });
    throw multipartFailure(error);
  }
  if (!image) errors[IMAGE_FIELD] = [msg('sellerBanners.errors.imageRequired')];
  const read = readTextPart(CreateBannerFields, text);
  return { fields: read.values as Record<string, unknown>, image, errors: mergeFieldErrors(read.errors, errors) };
}
