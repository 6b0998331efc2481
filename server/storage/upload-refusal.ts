import { msg, type ValidationMessage } from '../../shared/validation/message';

/** Decoding more pixels than this is refused: a small file can claim a huge canvas (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Why an upload whose first bytes looked right was still refused:
 * - `format`: its header does not parse as the type it claims (a script behind a PNG signature);
 * - `damaged`: the header parses but the picture does not decode (cut off, corrupt);
 * - `tooLarge`: more pixels than `MAX_INPUT_PIXELS`, or too slow to decode;
 * - `unreadablePdf`: a PDF we cannot open to remove its metadata (encrypted, broken, or a bomb).
 */
export type RefusalReason = 'format' | 'damaged' | 'tooLarge' | 'unreadablePdf';

export class UploadRefused extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`upload refused: ${reason}`);
    this.name = 'UploadRefused';
  }
}

/** A file as messages name it: the browser's name without folders, cut to a readable length. */
export const shownFileName = (original: string | undefined) => original?.split(/[\\/]/).pop()?.slice(0, 150) || 'file';

/**
 * The message for a refusal, naming the file (as `shownFileName` gives it).
 * `format` keeps each route's own wording (the catalogue's and the chat's
 * texts differ by specification).
 */
export function refusalMessage(refusal: UploadRefused, name: string, formatMessage: ValidationMessage): ValidationMessage {
  switch (refusal.reason) {
    case 'format':
      return formatMessage;
    case 'damaged':
      return msg('uploads.errors.damaged', { name });
    case 'tooLarge':
      return msg('uploads.errors.tooManyPixels', { name, max: MAX_INPUT_PIXELS / 1_000_000 });
    case 'unreadablePdf':
      return msg('uploads.errors.unreadablePdf', { name });
  }
}
