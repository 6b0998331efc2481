import { ATTACHMENT_TYPES, MAX_FILES_PER_MESSAGE, type AttachmentMime } from '../../../shared/validation/chats';

export type FileProblem = { id: 'chats.errors.fileType'; values: { name: string } } | { id: 'chats.errors.fileTooLarge'; values: { name: string; max: number } } | { id: 'chats.errors.tooManyFiles'; values: { max: number } };

/** The first bytes of each accepted type: the name and the browser's guess are not trusted (the server checks the same way). */
export function sniffMime(head: Uint8Array): AttachmentMime | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45 && head[10] === 0x42 && head[11] === 0x50) return 'image/webp';
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  return null;
}

async function readHead(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, 16);
  const buffer = typeof blob.arrayBuffer === 'function' ? await blob.arrayBuffer() : await new Response(blob).arrayBuffer();
  return new Uint8Array(buffer);
}

/** The first reason these files cannot go, or null; checked before any upload. */
export async function checkFiles(files: File[]): Promise<FileProblem | null> {
  if (files.length > MAX_FILES_PER_MESSAGE) return { id: 'chats.errors.tooManyFiles', values: { max: MAX_FILES_PER_MESSAGE } };
  for (const file of files) {
    const mime = sniffMime(await readHead(file));
    if (!mime) return { id: 'chats.errors.fileType', values: { name: file.name } };
    const max = ATTACHMENT_TYPES[mime].maxBytes;
    if (file.size > max) return { id: 'chats.errors.fileTooLarge', values: { name: file.name, max: Math.round(max / (1024 * 1024)) } };
  }
  return null;
}
