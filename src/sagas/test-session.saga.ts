import type { Action, UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel, Task } from 'redux-saga';
import { call, cancel, cancelled, delay, fork, put, race, select, take, takeEvery, takeLatest, type Effect } from 'redux-saga/effects';
import type { SavedAnswerResponse } from '../../shared/api/olympiad-test-answers';
import type { AttemptResource, AttemptResponse, PositionResponse } from '../../shared/api/olympiad-test-attempts';
import { loggedOut, signedOut } from '../features/auth/auth-slice';
import { sameAnswer } from '../features/olympiad-tests/answers';
import { olympiadTestsApi, type SaveAnswerArgs } from '../features/olympiad-tests/olympiad-tests-api';
import {
  answerConflicted,
  answerDeferred,
  answerGiven,
  answerQueued,
  answerRefused,
  answerSaved,
  answerSending,
  clockMeasured,
  clockTicked,
  connectivityChanged,
  finishRequested,
  finishStarted,
  isPending,
  nextToSend,
  pendingAnswers,
  questionOpened,
  selectSession,
  sessionClosed,
  sessionFailed,
  sessionFinished,
  sessionLoaded,
  sessionLoading,
  sessionOpened,
  sessionReset,
  type TestSessionState,
} from '../features/olympiad-tests/test-session-slice';
import { toastShown } from '../features/toasts/toasts-slice';
import { formatMessage } from '../services/intl-bridge';
import { createClockSync, crossedWarning, nextTickIn, type ClockSync } from './test-session-clock';
import { browserSaysOnline, classifyFailure, connectivityChannel } from './test-session-network';
import { forgetAttempt, readStoredAttempt, writePosition, writeQueue, writeSnapshot } from './test-session-storage';

/** Calls through RTK Query (its base URL, token and language), bypassing the cache. */
function* request<T>(action: unknown): Generator<Effect, T, unknown> {
  const pending = (yield put(action as UnknownAction)) as unknown as { unwrap(): Promise<T>; unsubscribe?: () => void };
  try {
    return (yield call([pending, pending.unwrap])) as T;
  } finally {
    pending.unsubscribe?.();
  }
}

/** Injectable so saga tests run on fake time without a network, a browser or local storage. */
export const testSessionDeps = {
  now: () => Date.now(),
  fetchAttempt: (attemptId: number) =>
    request<AttemptResponse>(olympiadTestsApi.endpoints.attempt.initiate(attemptId, { forceRefetch: true, subscribe: false })),
  saveAnswer: (args: SaveAnswerArgs) => request<SavedAnswerResponse>(olympiadTestsApi.endpoints.saveAnswer.initiate(args, { track: false })),
  savePosition: (attemptId: number, index: number) =>
    request<PositionResponse>(olympiadTestsApi.endpoints.saveAttemptPosition.initiate({ attemptId, index }, { track: false })),
  finishAttempt: (attemptId: number) => request<AttemptResponse>(olympiadTestsApi.endpoints.finishAttempt.initiate(attemptId, { track: false })),
  connectivity: connectivityChannel as () => EventChannel<boolean>,
  isOnline: browserSaysOnline,
  storage: { read: readStoredAttempt, writeQueue, writePosition, writeSnapshot, forget: forgetAttempt },
  message: formatMessage,
};

/** While offline, the server is tried again this often (doubling), in case the browser's events never come. */
export const PROBE_FIRST_MS = 2000;
export const PROBE_MAX_MS = 30_000;
/** How long the position waits for the participant to stop clicking through questions before it is sent. */
export const POSITION_SETTLE_MS = 500;
/** After the countdown reaches zero, the finish waits this long, so the server's deadline has surely passed. */
export const DEADLINE_MARGIN_MS = 1000;
/** How long the copy of the attempt for an offline reload waits for a quiet moment. */
export const SNAPSHOT_SETTLE_MS = 1000;

const isOnlineAgain = (action: Action) => connectivityChanged.match(action) && action.payload;
const sessionOf = (state: { testSession: TestSessionState }) => selectSession(state);

/** Until the network is back: the browser's online event, or the next probe of the server. */
function* waitForNetwork(probeMs: number) {
  yield race({ online: take(isOnlineAgain), probe: delay(probeMs) });
}

function* measured(sync: ClockSync, sentAt: number, serverTime: string | undefined) {
  const receivedAt: number = yield call(testSessionDeps.now);
  const offset = sync(sentAt, receivedAt, serverTime);
  if (offset !== null) yield put(clockMeasured(offset));
}

function* watchConnectivity(channel: EventChannel<boolean>) {
  while (true) {
    const online: boolean = yield take(channel);
    yield put(connectivityChanged(online));
  }
}

function snapshotOf(state: TestSessionState): AttemptResource | null {
  if (!state.attempt) return null;
  return {
    ...state.attempt,
    current_index: state.current,
    questions: state.questions.map((question) => {
      const entry = state.answers[question.id];
      // A pending answer is in the queue too; here it stands at the stored version, so the queue's copy wins on reload.
      return { ...question, answer: entry?.answer ?? null, version: entry?.savedVersion ?? question.version, visited: state.visited.includes(question.id) };
    }),
  };
}

/**
 * Loads the attempt, measuring the clock on the way. Without network it keeps
 * trying, and meanwhile resumes from the copy on this device if there is one.
 * True when the session can run.
 */
export function* loadAttempt(attemptId: number, sync: ClockSync): Generator<Effect, boolean, unknown> {
  let probe = PROBE_FIRST_MS;
  while (true) {
    const sentAt = (yield call(testSessionDeps.now)) as number;
    try {
      const response = (yield call(testSessionDeps.fetchAttempt, attemptId)) as AttemptResponse;
      const receivedAt = (yield call(testSessionDeps.now)) as number;
      const offset = sync(sentAt, receivedAt, response.server_time) ?? 0;
      const stored = testSessionDeps.storage.read(attemptId);
      const position = stored.position;
      yield put(
        sessionLoaded({
          attempt: response.data,
          clockOffsetMs: offset,
          now: receivedAt + offset,
          queued: stored.queue,
          // A move the server never heard of (made offline) is newer than the server's index.
          current: position && !position.synced ? position.index : response.data.current_index,
        }),
      );
      yield put(connectivityChanged(true));
      yield call(testSessionDeps.storage.writeSnapshot, attemptId, response.data, offset);
      return true;
    } catch (failure) {
      const classified = classifyFailure(failure);
      if (classified.kind !== 'offline' && classified.kind !== 'transient') {
        yield put(sessionFailed({ status: classified.status, message: classified.message }));
        return false;
      }
      if (classified.kind === 'offline') yield put(connectivityChanged(false));
      const { snapshot, queue, position } = testSessionDeps.storage.read(attemptId);
      if (snapshot) {
        const device = (yield call(testSessionDeps.now)) as number;
        yield put(
          sessionLoaded({
            attempt: snapshot.attempt,
            clockOffsetMs: snapshot.clockOffsetMs,
            now: device + snapshot.clockOffsetMs,
            queued: queue,
            current: position?.index ?? snapshot.attempt.current_index,
          }),
        );
        return true;
      }
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}

/** Turns what the participant gave into a versioned queue entry; the version is the server's time, so the latest answer wins across tabs. */
function* queueAnswer(action: ReturnType<typeof answerGiven>) {
  const state = (yield select(sessionOf)) as TestSessionState;
  const { questionId, answer, settleMs = 0 } = action.payload;
  const entry = state.answers[questionId];
  if (state.phase !== 'in_progress' || !entry || sameAnswer(entry.answer, answer)) return;
  const device = (yield call(testSessionDeps.now)) as number;
  const version = Math.max(Math.round(device + state.clockOffsetMs), entry.version + 1, entry.savedVersion + 1);
  yield put(answerQueued({ questionId, answer, version, dueAt: device + settleMs }));
}

function* persistQueue(attemptId: number) {
  const state = (yield select(sessionOf)) as TestSessionState;
  const saved = Object.fromEntries(Object.entries(state.answers).map(([id, entry]) => [id, entry.savedVersion]));
  yield call(testSessionDeps.storage.writeQueue, attemptId, pendingAnswers(state), saved);
}

/** Tells the session that the server has closed the attempt (deadline passed, or it was ended elsewhere). */
const CLOSED_BY_SERVER = 'testSession/closedByServer';

function* toast(kind: 'info' | 'error', key: string, values?: Record<string, string | number>) {
  yield put(toastShown({ kind, title: testSessionDeps.message(`${key}.title`), body: testSessionDeps.message(key, values) }));
}

/**
 * Sends queued answers one at a time, oldest first, each with its version.
 * Offline it waits for the network; a 409 with a newer answer adopts it; a
 * closed attempt ends the session.
 */
export function* sendAnswers(attemptId: number, sync: ClockSync): Generator<Effect, void, unknown> {
  let probe = PROBE_FIRST_MS;
  let retryAt = 0;
  while (true) {
    const state = (yield select(sessionOf)) as TestSessionState;
    const device = (yield call(testSessionDeps.now)) as number;
    const next = nextToSend(state, device);
    if (!next) {
      yield take(answerQueued.type);
      continue;
    }
    if ('wakeAt' in next) {
      yield race({ due: delay(next.wakeAt - device), queued: take(answerQueued.type) });
      continue;
    }
    if (!state.online) {
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
    if (retryAt > device) yield delay(retryAt - device);
    const { questionId, entry } = next;
    yield put(answerSending(questionId));
    const sentAt = (yield call(testSessionDeps.now)) as number;
    try {
      const response = (yield call(testSessionDeps.saveAnswer, {
        attemptId,
        questionId,
        body: { version: entry.version, answer: entry.answer },
      })) as SavedAnswerResponse;
      yield call(measured, sync, sentAt, response.server_time);
      yield put(answerSaved(response.data));
      if (!state.online) yield put(connectivityChanged(true));
      probe = PROBE_FIRST_MS;
      retryAt = 0;
    } catch (failure) {
      const classified = classifyFailure(failure);
      switch (classified.kind) {
        case 'conflict':
          yield put(answerConflicted(classified.conflict!.data!));
          if (!sameAnswer(classified.conflict!.data!.answer, entry.answer)) yield call(toast, 'info', 'olympiadTests.ui.conflict');
          break;
        case 'closed':
          yield put(answerDeferred(questionId));
          yield put({ type: CLOSED_BY_SERVER });
          return;
        case 'refused':
          yield put(answerRefused({ questionId, message: classified.message ?? testSessionDeps.message('common.unknownError') }));
          yield call(toast, 'error', 'olympiadTests.ui.refused', { reason: classified.message ?? '' });
          break;
        case 'offline':
          yield put(answerDeferred(questionId));
          yield put(connectivityChanged(false));
          break;
        default: {
          // Server trouble or a 401 (the session saga signs out): keep the answer and try again later.
          yield put(answerDeferred(questionId));
          retryAt = ((yield call(testSessionDeps.now)) as number) + probe;
          probe = Math.min(probe * 2, PROBE_MAX_MS);
        }
      }
    }
  }
}

/** The question the participant is on: on this device at once, on the server once they stop moving. */
function* syncPosition(attemptId: number) {
  const { current } = (yield select(sessionOf)) as TestSessionState;
  yield call(testSessionDeps.storage.writePosition, attemptId, current, false);
  yield delay(POSITION_SETTLE_MS);
  let probe = PROBE_FIRST_MS;
  while (true) {
    try {
      yield call(testSessionDeps.savePosition, attemptId, current);
      yield call(testSessionDeps.storage.writePosition, attemptId, current, true);
      return;
    } catch (failure) {
      const { kind } = classifyFailure(failure);
      if (kind !== 'offline' && kind !== 'transient') return;
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}

function* keepSnapshot(attemptId: number) {
  yield delay(SNAPSHOT_SETTLE_MS);
  const state = (yield select(sessionOf)) as TestSessionState;
  const snapshot = snapshotOf(state);
  if (snapshot) yield call(testSessionDeps.storage.writeSnapshot, attemptId, snapshot, state.clockOffsetMs);
}

/** The countdown: each tick reads the device clock plus the measured offset, so a throttled tab is right when it wakes. */
export function* runClock(deadline: number): Generator<Effect, void, unknown> {
  let previous: number | null = null;
  while (true) {
    const { clockOffsetMs } = (yield select(sessionOf)) as TestSessionState;
    const now = ((yield call(testSessionDeps.now)) as number) + clockOffsetMs;
    yield put(clockTicked(now));
    const remaining = deadline - now;
    const warning = crossedWarning(previous, remaining);
    if (warning) yield call(toast, warning.kind, warning.key);
    if (remaining <= 0) return;
    previous = remaining;
    yield delay(nextTickIn(remaining));
  }
}

function* waitUntilQueueEmpty() {
  while (true) {
    const state = (yield select(sessionOf)) as TestSessionState;
    const waiting = Object.values(state.answers).some((entry) => isPending(entry) && !entry.error);
    if (!waiting || !state.online) return;
    yield take([answerSaved.type, answerConflicted.type, answerRefused.type, answerDeferred.type, connectivityChanged.type]);
  }
}

function* finishedWith(attemptId: number, response: AttemptResponse) {
  yield put(sessionFinished(response.data));
  yield call(testSessionDeps.storage.forget, attemptId);
  yield put(olympiadTestsApi.util.upsertQueryData('attempt', attemptId, response) as unknown as UnknownAction);
  yield put(olympiadTestsApi.util.invalidateTags(['Attempt', { type: 'OlympiadTest', id: 'LIST' }, { type: 'OlympiadTest', id: response.data.test_id }]));
}

/**
 * Ends the attempt: the last queued answers go first (the server takes them
 * until the deadline plus its grace), then the finish. Without network the
 * finish waits for it, and the queue goes out again before it once the
 * network is back; the server ends a timed attempt at its deadline anyway.
 * The sender keeps running until the attempt is finished.
 */
export function* finish(attemptId: number, endedBy: 'participant' | 'deadline' | 'server', sender: Task): Generator<Effect, void, unknown> {
  yield put(finishStarted(endedBy));
  const state = (yield select(sessionOf)) as TestSessionState;
  const graceMs = (state.attempt?.grace_seconds ?? 3) * 1000;
  const endedAt = (yield call(testSessionDeps.now)) as number;
  let probe = PROBE_FIRST_MS;
  let firstTry = true;
  while (true) {
    if (endedBy !== 'server') yield race({ flushed: call(waitUntilQueueEmpty), timeout: delay(graceMs) });
    // At zero by this device's clock the server's deadline may be a few milliseconds away still: let it pass first.
    const waited = ((yield call(testSessionDeps.now)) as number) - endedAt;
    if (firstTry && endedBy === 'deadline' && waited < DEADLINE_MARGIN_MS) yield delay(DEADLINE_MARGIN_MS - waited);
    firstTry = false;
    try {
      const response = (yield call(endedBy === 'server' ? testSessionDeps.fetchAttempt : testSessionDeps.finishAttempt, attemptId)) as AttemptResponse;
      if (response.data.status === 'finished') {
        yield cancel(sender);
        yield call(finishedWith, attemptId, response);
        return;
      }
      // The server has not closed it yet (its sweep runs a moment after the deadline): ask it to.
      endedBy = 'deadline';
      yield delay(1000);
    } catch (failure) {
      const classified = classifyFailure(failure);
      if (classified.kind === 'closed') {
        endedBy = 'server';
        continue;
      }
      if (classified.kind !== 'offline' && classified.kind !== 'transient') {
        yield put(sessionFailed({ status: classified.status, message: classified.message }));
        return;
      }
      if (classified.kind === 'offline') yield put(connectivityChanged(false));
      yield call(waitForNetwork, probe);
      probe = Math.min(probe * 2, PROBE_MAX_MS);
    }
  }
}

/** One attempt on screen, from loading to finished. */
export function* runSession(attemptId: number): Generator<Effect, void, unknown> {
  yield put(sessionLoading(attemptId));
  const network = (yield call(testSessionDeps.connectivity)) as EventChannel<boolean>;
  const helpers: Task[] = [];
  try {
    yield put(connectivityChanged((yield call(testSessionDeps.isOnline)) as boolean));
    helpers.push((yield fork(watchConnectivity, network)) as Task);
    const sync = createClockSync();
    const ready = (yield call(loadAttempt, attemptId, sync)) as boolean;
    const loaded = (yield select(sessionOf)) as TestSessionState;
    if (!ready) return;
    if (loaded.phase === 'finished') {
      yield call(testSessionDeps.storage.forget, attemptId);
      return;
    }
    helpers.push((yield takeEvery(answerGiven.type, queueAnswer)) as Task);
    helpers.push((yield takeEvery([answerQueued.type, answerSaved.type, answerConflicted.type, answerRefused.type], persistQueue, attemptId)) as Task);
    helpers.push((yield takeLatest(questionOpened.type, syncPosition, attemptId)) as Task);
    helpers.push((yield takeLatest([answerSaved.type, answerConflicted.type, questionOpened.type], keepSnapshot, attemptId)) as Task);
    // Answers restored from the queue go out at once.
    yield call(persistQueue, attemptId);
    const sender = (yield fork(sendAnswers, attemptId, sync)) as Task;
    helpers.push(sender);
    const ending = (yield race({
      expired: loaded.deadline === null ? take('testSession/never') : call(runClock, loaded.deadline),
      requested: take(finishRequested.type),
      closed: take(CLOSED_BY_SERVER),
    })) as { expired?: unknown; requested?: unknown; closed?: unknown };
    const endedBy = ending.requested ? 'participant' : ending.closed ? 'server' : 'deadline';
    if (endedBy === 'server') yield call(toast, 'info', 'olympiadTests.ui.closedByServer');
    yield call(finish, attemptId, endedBy, sender);
  } finally {
    for (const task of helpers) yield cancel(task);
    network.close();
    if ((yield cancelled()) as boolean) yield put(sessionReset());
  }
}

/** The test and essay screens open a session and close it; signing out ends it too. */
export function* testSessionSaga() {
  yield takeLatest([sessionOpened.type, sessionClosed.type, signedOut.type, loggedOut.type], function* session(action: UnknownAction) {
    if (sessionOpened.match(action)) yield call(runSession, action.payload);
    else yield put(sessionReset());
  });
}
