import sharp from 'sharp';
import { msg, type ValidationMessage } from '../../../shared/validation/message';
import { ATTACHMENT_TYPES, type AttachmentMime } from '../../../shared/validation/chats';
import { validationFailed } from '../../lib/http-error';
import { sniffMime } from './attachments-sniff';
import type { TempUpload } from './attachments-store';

export interface RawUpload extends TempUpload {
  /** As the browser sent it; only used, cleaned, for the download name. */
  originalName: string;
}

export interface AcceptedFile {
  tempPath: string;
  name: string;
  mime: AttachmentMime;
  size: number;
  width: number | null;
  height: number | null;
}

/** Larger images are refused: browsers struggle to decode them, and nobody needs them in a chat. */
export const MAX_IMAGE_SIDE = 12_000;
const SHARP_FORMAT: Record<string, AttachmentMime> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

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
  const shownName = upload.originalName.split(/[\\/]/).pop()?.slice(0, 150) || 'file';
  const mime = sniffMime(upload.head);
  if (!mime) return msg('chats.errors.fileType', { name: shownName });
  const { maxBytes } = ATTACHMENT_TYPES[mime];
  if (upload.size > maxBytes) return msg('chats.errors.fileTooLarge', { name: shownName, max: maxBytes / (1024 * 1024) });
  if (upload.size === 0) return msg('chats.errors.fileType', { name: shownName });
  let width: number | null = null;
  let height: number | null = null;
  if (mime !== 'application/pdf') {
    // The header must also parse as that image format: a script with a PNG signature in front is refused here.
    try {
      const meta = await sharp(upload.tempPath).metadata();
      if (SHARP_FORMAT[meta.format ?? ''] !== mime || !meta.width || !meta.height) return msg('chats.errors.fileType', { name: shownName });
      width = meta.width;
      height = meta.height;
    } catch {
      return msg('chats.errors.fileType', { name: shownName });
    }
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return msg('chats.errors.imageTooLarge', { name: shownName, max: MAX_IMAGE_SIDE });
  }
  return { tempPath: upload.tempPath, name: safeFileName(upload.originalName, mime), mime, size: upload.size, width, height };
}

/** Checks every upload by its content; any refusal fails the whole message with 422 on `files`. */
export async function acceptUploads(uploads: RawUpload[]): Promise<AcceptedFile[]> {
  const results = await Promise.all(uploads.map(inspect));
  const refusals = results.filter((r): r is ValidationMessage => !('tempPath' in r));
  if (refusals.length) throw validationFailed({ files: refusals });
  return results as AcceptedFile[];
}
