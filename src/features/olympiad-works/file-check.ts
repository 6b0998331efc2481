import { sniffFileType } from '../../../shared/validation/file-content';
import type { ValidationMessage } from '../../../shared/validation/message';
import { workFileRefusal } from '../../../shared/validation/olympiad-works';
import { readFileHead } from '../../components/forms/file-head';

/**
 * The shared rule on the chosen file, before a byte is sent: its kind by content (never the name
 * or the browser's guess), then its size for that kind. Null when it may go.
 */
export async function checkChosenFile(file: File): Promise<ValidationMessage | null> {
  return workFileRefusal(sniffFileType(await readFileHead(file)), file.size);
}
