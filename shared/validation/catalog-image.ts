import { msg, type ValidationMessage } from './message';

/** SPEC §5/§9: images up to 10 MB, png or jpeg (webp too for the marketplace). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/**
 * The form's first check before an upload (the server checks the content
 * itself): a message for a file that is plainly wrong, else null.
 */
export function imageFileProblem(file: { size: number; type: string }): ValidationMessage | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return msg('validation.fileFormat');
  if (file.size > IMAGE_MAX_BYTES) return msg('validation.fileSize', { max: IMAGE_MAX_MB });
  return null;
}
