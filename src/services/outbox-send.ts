import { apiErrorBody, type ApiErrorBody } from './api';
import { outboxFiles } from './outbox-files';

/** Statuses that say "this message will never be accepted as it is", unlike a lost connection. */
const REFUSED = [400, 403, 404, 413, 422, 429];

export type SendResult<T> = { status: 'sent'; data: T } | { status: 'refused'; error: ApiErrorBody | null } | { status: 'failed'; error: ApiErrorBody | null };

/** The files of a message: those picked now, or on a retry those kept under its client id. */
export function outboxFor(clientId: string, files: File[]): File[] {
  const chosen = files.length > 0 ? files : outboxFiles.get(clientId);
  outboxFiles.set(clientId, chosen);
  return chosen;
}

/**
 * Sorts the answer to one attempt of a send that carries a client id: stored,
 * refused for good (its files are forgotten), or failed for now (they wait for a retry).
 */
export function settleSend<T>(clientId: string, result: { data?: T; error?: unknown }): SendResult<T> {
  if (result.data !== undefined) {
    outboxFiles.delete(clientId);
    return { status: 'sent', data: result.data };
  }
  const error = result.error ?? null;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && REFUSED.includes(status)) {
    outboxFiles.delete(clientId);
    return { status: 'refused', error: apiErrorBody(error) };
  }
  return { status: 'failed', error: apiErrorBody(error) };
}
