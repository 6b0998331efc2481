import { SNIFF_BYTES } from '../../../shared/validation/file-content';

/**
 * A chosen file's first bytes, for the shared content rules (`sniffFileType`) before a byte is
 * sent; FileReader, because not every browser (nor jsdom) has Blob.arrayBuffer.
 */
export function readFileHead(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, SNIFF_BYTES);
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}
