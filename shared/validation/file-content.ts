/** Every type an upload may be, as recognised by its first bytes. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/webp' | 'application/pdf';

/** Bytes a caller must read from the start of a file for `sniffFileType`. */
export const SNIFF_BYTES = 16;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SOI = [0xff, 0xd8, 0xff];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The file's real type from its first bytes (PNG signature, JPEG start of
 * image, a RIFF container of WEBP, a PDF header), or null. The name and the
 * browser's declared type are never trusted; the SPA checks the same way
 * before sending, and the server again on what arrives.
 */
export function sniffFileType(head: Uint8Array): SniffedType | null {
  const startsWith = (bytes: number[], offset = 0) => head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);
  if (startsWith(PNG_SIGNATURE)) return 'image/png';
  if (startsWith(JPEG_SOI)) return 'image/jpeg';
  if (startsWith(ascii('RIFF')) && startsWith(ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(ascii('%PDF-'))) return 'application/pdf';
  return null;
}
