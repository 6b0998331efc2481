import { ATTACHMENT_TYPES, MAX_FILES_PER_MESSAGE } from '../../../shared/validation/chats';
import { SNIFF_BYTES, sniffFileType } from '../../../shared/validation/file-content';

export type FileProblem = { id: 'chats.errors.fileType'; values: { name: string } } | { id: 'chats.errors.fileTooLarge'; values: { name: string; max: number } } | { id: 'chats.errors.tooManyFiles'; values: { max: number } };

/** Recognised by content as the server does: the name and the browser's guess are not trusted. */
export { sniffFileType as sniffMime } from '../../../shared/validation/file-content';

async function readHead(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, SNIFF_BYTES);
  const buffer = typeof blob.arrayBuffer === 'function' ? await blob.arrayBuffer() : await new Response(blob).arrayBuffer();
  return new Uint8Array(buffer);
}

/** The first reason these files cannot go, or null; checked before any upload. */
export async function checkFiles(files: File[]): Promise<FileProblem | null> {
  if (files.length > MAX_FILES_PER_MESSAGE) return { id: 'chats.errors.tooManyFiles', values: { max: MAX_FILES_PER_MESSAGE } };
  for (const file of files) {
    const mime = sniffFileType(await readHead(file));
    if (!mime) return { id: 'chats.errors.fileType', values: { name: file.name } };
    const max = ATTACHMENT_TYPES[mime].maxBytes;
    if (file.size > max) return { id: 'chats.errors.fileTooLarge', values: { name: file.name, max: Math.round(max / (1024 * 1024)) } };
  }
  return null;
}
