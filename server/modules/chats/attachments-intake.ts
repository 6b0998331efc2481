import fsp from 'node:fs/promises';
import { ATTACHMENT_TYPES, type AttachmentMime } from '../../../shared/validation/chats';
import { sniffFileType } from '../../../shared/validation/file-content';
import { msg, type ValidationMessage } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import { inspectImage, isImageType } from '../../storage/image-sanitizer';
import { sanitizeUpload } from '../../storage/sanitize-upload';
import { refusalMessage, shownFileName, UploadRefused } from '../../storage/upload-refusal';
import type { TempUpload } from './attachments-store';

export interface RawUpload extends TempUpload {
  /** As the browser sent it; only used, cleaned, for the download name. */
  originalName: string;
}

export interface AcceptedFile {
  /** What is stored: the content re-encoded without its metadata, not the upload as it came. */
  body: Buffer;
  name: string;
  mime: AttachmentMime;
  size: number;
  width: number | null;
  height: number | null;
}

/** Larger images are refused: browsers struggle to decode them, and nobody needs them in a chat. */
export const MAX_IMAGE_SIDE = 12_000;

/**
 * The name shown and offered for download: no folders, no control characters,
 * and the extension of the type the content really is (so `photo.html` that is
 * a PNG downloads as `photo.png`).
 */
export function safeFileName(original: string, mime: AttachmentMime): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base.replace(/\.[^.]*$/, '').slice(0, 150).trim() || 'file';
  return `${stem}.${ATTACHMENT_TYPES[mime].extension}`;
}

async function inspect(upload: RawUpload): Promise<AcceptedFile | ValidationMessage> {
  const shownName = shownFileName(upload.originalName);
  const notThatType = msg('chats.errors.fileType', { name: shownName });
  const mime = sniffFileType(upload.head);
  if (!mime) return notThatType;
  const { maxBytes } = ATTACHMENT_TYPES[mime];
  if (upload.size > maxBytes) return msg('chats.errors.fileTooLarge', { name: shownName, max: maxBytes / (1024 * 1024) });
  if (upload.size === 0) return notThatType;
  try {
    const content = await fsp.readFile(upload.tempPath);
    if (isImageType(mime)) {
      // The header alone says how large the picture is: refused before any decoding work.
      const { width, height } = await inspectImage(content, mime);
      if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return msg('chats.errors.imageTooLarge', { name: shownName, max: MAX_IMAGE_SIDE });
    }
    const { body, width, height } = await sanitizeUpload(content, mime);
    return { body, name: safeFileName(upload.originalName, mime), mime, size: body.length, width, height };
  } catch (error) {
    if (error instanceof UploadRefused) return refusalMessage(error, shownName, notThatType);
    throw error;
  }
}

/** Checks every upload by its content; any refusal fails the whole message with 422 on `files`. */
export async function acceptUploads(uploads: RawUpload[]): Promise<AcceptedFile[]> {
  const results = await Promise.all(uploads.map(inspect));
  const refusals = results.filter((r): r is ValidationMessage => !('body' in r));
  if (refusals.length) throw validationFailed({ files: refusals });
  return results as AcceptedFile[];
}
