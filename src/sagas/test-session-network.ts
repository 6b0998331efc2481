import type { Action } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { delay, put, race, take } from 'redux-saga/effects';
import type { ConflictResponse } from '../../shared/api/olympiad-test-answers';
import { connectivityChanged } from '../features/olympiad-tests/test-session-slice';
import { apiErrorBody } from '../services/api';

/** The browser's online and offline events as a channel of `navigator.onLine` values. */
export function connectivityChannel(): EventChannel<boolean> {
  return eventChannel((emit) => {
    if (typeof window === 'undefined') return () => undefined;
    const online = () => emit(true);
    const offline = () => emit(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

/** `navigator.onLine` is only trusted when it says offline; "online" may still mean no route to the server. */
export const browserSaysOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export type FailureKind = 'offline' | 'transient' | 'conflict' | 'closed' | 'refused' | 'unauthorized';

export interface ClassifiedFailure {
  kind: FailureKind;
  status: number | string;
  message: string | null;
  conflict: ConflictResponse | null;
}

/**
 * What a failed call means for the session: no network (queue and wait),
 * a passing server trouble (try again later), another tab's newer answer,
 * an attempt the server has closed, or a refusal to show.
 */
export function classifyFailure(failure: unknown): ClassifiedFailure {
  const status = (failure as { status?: unknown } | null)?.status;
  const body = apiErrorBody(failure);
  const message = body?.message ?? null;
  const base = { message, conflict: null };
  if (typeof status !== 'number') {
    // FETCH_ERROR, TIMEOUT_ERROR, or a thrown TypeError: the request never got an answer.
    const kind = status === 'PARSING_ERROR' || status === 'CUSTOM_ERROR' ? 'transient' : 'offline';
    return { ...base, kind, status: typeof status === 'string' ? status : 'FETCH_ERROR' };
  }
  if (status === 409) {
    const conflict = (failure as { data?: ConflictResponse }).data ?? null;
    if (conflict?.code === 'version_conflict' && conflict.data) return { kind: 'conflict', status, message, conflict };
    if (conflict?.code === 'attempt_closed') return { kind: 'closed', status, message, conflict };
    return { kind: 'refused', status, message, conflict };
  }
  if (status === 401) return { ...base, kind: 'unauthorized', status };
  if (status === 408 || status === 425 || status === 429 || status >= 500) return { ...base, kind: 'transient', status };
  return { ...base, kind: 'refused', status };
}

/** While offline, the server is tried again this often (doubling), in case the browser's events never come. */
export const PROBE_FIRST_MS = 2000;
export const PROBE_MAX_MS = 30_000;

const isOnlineAgain = (action: Action) => connectivityChanged.match(action) && action.payload;

/** Until the network is back: the browser's online event, or the next probe of the server. */
export function* waitForNetwork(probeMs: number) {
  yield race({ online: take(isOnlineAgain), probe: delay(probeMs) });
}

/** The browser's online and offline events into the session's state. */
export function* watchConnectivity(channel: EventChannel<boolean>) {
  while (true) {
    const online: boolean = yield take(channel);
    yield put(connectivityChanged(online));
  }
}
