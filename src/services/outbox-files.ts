/**
 * Files of messages not yet stored, by client id. Files are not serialisable,
 * so they stay out of the store and out of RTK Query's recorded arguments, and
 * wait here for a retry.
 */
const outbox = new Map<string, File[]>();

export const outboxFiles = {
  get: (clientId: string): File[] => outbox.get(clientId) ?? [],
  set: (clientId: string, files: File[]) => void outbox.set(clientId, files),
  delete: (clientId: string) => void outbox.delete(clientId),
};
