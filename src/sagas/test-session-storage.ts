import type { AttemptResource } from '../../shared/api/olympiad-test-attempts';
import type { QueuedAnswer } from '../features/olympiad-tests/test-session-slice';

/**
 * What one attempt keeps on this device: answers not yet stored by the
 * server (so a reload or a closed tab loses none of them), the question the
 * participant was on, and the last copy of the attempt (so a reload without
 * network still shows the questions and the deadline).
 */
export interface StoredAttempt {
  queue: Record<number, QueuedAnswer>;
  /** `synced`: the server has this index too (so a newer one from another device may win). */
  position: { index: number; synced: boolean } | null;
  snapshot: { attempt: AttemptResource; clockOffsetMs: number } | null;
}

const PREFIX = 'olympiad-attempt:';
// Three keys, so a keystroke in an essay rewrites the small queue, not the copy of the whole attempt.
const keyOf = (attemptId: number, part: keyof StoredAttempt) => `${PREFIX}${attemptId}:${part}`;
const PARTS: (keyof StoredAttempt)[] = ['queue', 'position', 'snapshot'];

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage denied (privacy settings): the session works, only without surviving a reload offline.
    return null;
  }
}

function read<T>(attemptId: number, part: keyof StoredAttempt): T | null {
  try {
    const raw = storage()?.getItem(keyOf(attemptId, part));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(attemptId: number, part: keyof StoredAttempt, value: unknown): void {
  try {
    storage()?.setItem(keyOf(attemptId, part), JSON.stringify(value));
  } catch {
    // Full: the queue still lives in memory until the network returns.
  }
}

export function readStoredAttempt(attemptId: number): StoredAttempt {
  const queue = read<StoredAttempt['queue']>(attemptId, 'queue');
  const position = read<StoredAttempt['position']>(attemptId, 'position');
  return {
    queue: queue && typeof queue === 'object' ? queue : {},
    position: position && typeof position.index === 'number' ? position : null,
    snapshot: read<StoredAttempt['snapshot']>(attemptId, 'snapshot'),
  };
}

/**
 * Another tab of the same attempt shares the queue, so it is merged, not
 * overwritten: an entry leaves only once this tab knows the server stored
 * that version or a newer one, and of two entries the higher version stays.
 */
export function writeQueue(attemptId: number, pending: StoredAttempt['queue'], savedVersions: Record<number, number>): void {
  const merged: StoredAttempt['queue'] = {};
  const stored = read<StoredAttempt['queue']>(attemptId, 'queue') ?? {};
  for (const [id, entry] of Object.entries(stored)) {
    if (entry && entry.version > (savedVersions[Number(id)] ?? 0)) merged[Number(id)] = entry;
  }
  for (const [id, entry] of Object.entries(pending)) {
    const other = merged[Number(id)];
    if (!other || other.version < entry.version) merged[Number(id)] = entry;
  }
  write(attemptId, 'queue', merged);
}
export const writePosition = (attemptId: number, index: number, synced: boolean) => write(attemptId, 'position', { index, synced });
export const writeSnapshot = (attemptId: number, attempt: AttemptResource, clockOffsetMs: number) =>
  write(attemptId, 'snapshot', { attempt, clockOffsetMs });

/** A finished attempt leaves nothing behind on the device. */
export function forgetAttempt(attemptId: number): void {
  try {
    for (const part of PARTS) storage()?.removeItem(keyOf(attemptId, part));
  } catch {
    // Nothing to clean up.
  }
}
