import type { FieldErrors } from '../../shared/validation/run-schema';

/** Several checks' failures as one 422 envelope (messages of the same field kept in order), or null when none failed. */
export function mergeFieldErrors(...found: Array<FieldErrors | null>): FieldErrors | null {
  const merged: FieldErrors = {};
  for (const errors of found) for (const [field, messages] of Object.entries(errors ?? {})) (merged[field] ??= []).push(...messages);
  return Object.keys(merged).length ? merged : null;
}
