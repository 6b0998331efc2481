import { SNIFF_BYTES, sniffFileType } from '../../../shared/validation/file-content';
import type { ValidationMessage } from '../../../shared/validation/message';
import { workFileRefusal } from '../../../shared/validation/olympiad-works';

/** The file's first bytes; FileReader, because not every browser (nor jsdom) has Blob.arrayBuffer. */
function readHead(file: File): Promise<Uint8Array> {
  const blob = file.slice(0, SNIFF_BYTES);
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The shared rule on the chosen file, before a byte is sent: its kind by content (never the name
 * or the browser's guess), then its size for that kind. Null when it may go.
 */
export async function checkChosenFile(file: File): Promise<ValidationMessage | null> {
  return workFileRefusal(sniffFileType(await readHead(file)), file.size);
}
