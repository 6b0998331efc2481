import type { SniffedType } from '../../shared/validation/file-content';
import { isImageType, reencodeImage } from './image-sanitizer';
import { sanitizePdf } from './pdf-sanitizer';

export interface SanitizedUpload {
  body: Buffer;
  /** Pictures only, as displayed. */
  width: number | null;
  height: number | null;
}

/**
 * The bytes we store for a file kept as the user sent it (a chat or support
 * attachment): a picture re-encoded in its own format without EXIF, GPS,
 * XMP, IPTC, ICC profile or comments; a PDF without its author metadata.
 * Catalogue pictures take the other road through the same decoder
 * (`processImage`: WebP renditions). `type` is what the first bytes said;
 * throws `UploadRefused` when the content does not bear it out.
 */
export async function sanitizeUpload(input: Buffer, type: SniffedType): Promise<SanitizedUpload> {
  if (isImageType(type)) return reencodeImage(input, type);
  return { body: await sanitizePdf(input), width: null, height: null };
}
