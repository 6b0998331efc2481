import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AnswerValue, SavedAnswer } from '../../../shared/api/olympiad-test-answers';
import type { AttemptQuestion, AttemptResource } from '../../../shared/api/olympiad-test-attempts';
import { isAnswered, sameAnswer } from './answers';

/** DESIGN "test attempt": the screen loads it, runs it until the end, then shows it finished. */
export type SessionPhase = 'idle' | 'loading' | 'in_progress' | 'finishing' | 'finished' | 'failed';

/** One question's answer on this device: what is shown, and what the server has confirmed. */
export interface AnswerEntry {
  answer: AnswerValue | null;
  /** The version of `answer`; above `savedVersion` while it waits to be stored. */
  version: number;
  savedVersion: number;
  /** Device time before which a pending answer is held back (typing has not settled yet). */
  dueAt: number;
  sending: boolean;
  /** The server refused the answer (a translated reason); the last stored answer stays on the server. */
  error: string | null;
}

export type AttemptInfo = Omit<AttemptResource, 'questions'>;

export interface SessionFailure {
  status: number | string;
  message: string | null;
}

export interface TestSessionState {
  attemptId: number | null;
  phase: SessionPhase;
  attempt: AttemptInfo | null;
  questions: AttemptQuestion[];
  answers: Record<number, AnswerEntry>;
  visited: number[];
  current: number;
  /** The server's deadline (ms), null on untimed tests. */
  deadline: number | null;
  /** Server time minus device time, measured at the round trip's midpoint. */
  clockOffsetMs: number;
  /** Server time at the last tick. */
  now: number | null;
  online: boolean;
  /** Loading or finishing failed for a reason other than the network. */
  failure: SessionFailure | null;
  /** Why the attempt ended, once it has. */
  endedBy: 'participant' | 'deadline' | 'server' | null;
}

export const initialTestSessionState: TestSessionState = {
  attemptId: null,
  phase: 'idle',
  attempt: null,
  questions: [],
  answers: {},
  visited: [],
  current: 0,
  deadline: null,
  clockOffsetMs: 0,
  now: null,
  online: true,
  failure: null,
  endedBy: null,
};

export interface QueuedAnswer {
  answer: AnswerValue | null;
  version: number;
}

export interface SessionLoadedPayload {
  attempt: AttemptResource;
  clockOffsetMs: number;
  now: number;
  /** Answers given on this device that had not reached the server (from local storage). */
  queued: Record<number, QueuedAnswer>;
  current: number;
}

const infoOf = ({ questions: _questions, ...info }: AttemptResource): AttemptInfo => info;

function entryFromServer(question: Pick<AttemptQuestion, 'answer' | 'version'>): AnswerEntry {
  return { answer: question.answer, version: question.version, savedVersion: question.version, dueAt: 0, sending: false, error: null };
}

const clampIndex = (index: number, count: number) => Math.min(Math.max(0, Math.trunc(index) || 0), Math.max(0, count - 1));

const testSessionSlice = createSlice({
  name: 'testSession',
  initialState: initialTestSessionState,
  reducers: {
    sessionLoading(_state, action: PayloadAction<number>) {
      return { ...initialTestSessionState, attemptId: action.payload, phase: 'loading' };
    },
    sessionLoaded(state, action: PayloadAction<SessionLoadedPayload>) {
      const { attempt, clockOffsetMs, now, queued, current } = action.payload;
      state.attempt = infoOf(attempt);
      state.questions = attempt.questions;
      state.answers = {};
      for (const question of attempt.questions) {
        const entry = entryFromServer(question);
        const local = queued[question.id];
        // Only what is newer than the stored answer is still to be sent; older leftovers are stale.
        if (local && local.version > question.version) Object.assign(entry, { answer: local.answer, version: local.version });
        state.answers[question.id] = entry;
      }
      state.visited = attempt.questions.filter((q) => q.visited).map((q) => q.id);
      state.current = clampIndex(current, attempt.questions.length);
      const opened = attempt.questions[state.current];
      if (opened && !state.visited.includes(opened.id)) state.visited.push(opened.id);
      state.deadline = attempt.deadline ? Date.parse(attempt.deadline) : null;
      state.clockOffsetMs = clockOffsetMs;
      state.now = now;
      state.phase = attempt.status === 'finished' ? 'finished' : 'in_progress';
      state.endedBy = attempt.status === 'finished' ? 'server' : null;
      state.failure = null;
    },
    sessionFailed(state, action: PayloadAction<SessionFailure>) {
      state.phase = 'failed';
      state.failure = action.payload;
    },
    sessionReset() {
      return initialTestSessionState;
    },
    clockMeasured(state, action: PayloadAction<number>) {
      state.clockOffsetMs = action.payload;
    },
    clockTicked(state, action: PayloadAction<number>) {
      state.now = action.payload;
    },
    connectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    answerQueued(state, action: PayloadAction<{ questionId: number; answer: AnswerValue | null; version: number; dueAt: number }>) {
      const { questionId, answer, version, dueAt } = action.payload;
      const entry = state.answers[questionId];
      if (!entry || state.phase !== 'in_progress') return;
      Object.assign(entry, { answer, version, dueAt, error: null });
    },
    answerSending(state, action: PayloadAction<number>) {
      const entry = state.answers[action.payload];
      if (entry) entry.sending = true;
    },
    answerSaved(state, action: PayloadAction<SavedAnswer>) {
      const saved = action.payload;
      const entry = state.answers[saved.question_id];
      if (!entry) return;
      entry.sending = false;
      entry.savedVersion = Math.max(entry.savedVersion, saved.version);
      // A newer answer given while this one travelled stays pending; otherwise the stored one is shown.
      if (entry.version <= saved.version) Object.assign(entry, { answer: saved.answer, version: saved.version, error: null });
    },
    /** 409: a newer answer is stored (another tab, another device); it wins and is shown here too. */
    answerConflicted(state, action: PayloadAction<SavedAnswer>) {
      const stored = action.payload;
      const entry = state.answers[stored.question_id];
      if (!entry) return;
      entry.sending = false;
      entry.savedVersion = Math.max(entry.savedVersion, stored.version);
      if (entry.version <= stored.version || sameAnswer(entry.answer, stored.answer)) {
        Object.assign(entry, { answer: stored.answer, version: stored.version, error: null });
      }
    },
    /** The server refused the answer for a reason of its own (422, 404): it is not sent again. */
    answerRefused(state, action: PayloadAction<{ questionId: number; message: string }>) {
      const entry = state.answers[action.payload.questionId];
      if (!entry) return;
      Object.assign(entry, { sending: false, error: action.payload.message, version: entry.savedVersion });
    },
    /** The network failed on the way: the answer stays queued. */
    answerDeferred(state, action: PayloadAction<number>) {
      const entry = state.answers[action.payload];
      if (entry) entry.sending = false;
    },
    questionOpened(state, action: PayloadAction<number>) {
      if (state.questions.length === 0) return;
      state.current = clampIndex(action.payload, state.questions.length);
      const id = state.questions[state.current].id;
      if (!state.visited.includes(id)) state.visited.push(id);
    },
    finishStarted(state, action: PayloadAction<'participant' | 'deadline' | 'server'>) {
      if (state.phase !== 'in_progress') return;
      state.phase = 'finishing';
      state.endedBy = action.payload;
    },
    sessionFinished(state, action: PayloadAction<AttemptResource>) {
      state.attempt = infoOf(action.payload);
      state.questions = action.payload.questions;
      state.phase = 'finished';
    },
  },
});

export const {
  sessionLoading,
  sessionLoaded,
  sessionFailed,
  sessionReset,
  clockMeasured,
  clockTicked,
  connectivityChanged,
  answerQueued,
  answerSending,
  answerSaved,
  answerConflicted,
  answerRefused,
  answerDeferred,
  questionOpened,
  finishStarted,
  sessionFinished,
} = testSessionSlice.actions;
export const testSessionReducer = testSessionSlice.reducer;

/** The screen opened an attempt (test or essay) and closed it again. */
export const sessionOpened = createAction<number>('testSession/opened');
export const sessionClosed = createAction('testSession/closed');
/** The participant gave an answer; `settleMs` holds it back while they are still typing. */
export const answerGiven = createAction<{ questionId: number; answer: AnswerValue | null; settleMs?: number }>('testSession/answerGiven');
/** The participant confirmed ending the test. */
export const finishRequested = createAction('testSession/finishRequested');

type WithSession = { testSession: TestSessionState };

export const selectSession = (state: WithSession) => state.testSession;

export const isPending = (entry: AnswerEntry) => entry.version > entry.savedVersion;

/** Answers still to be stored, oldest first: what the queue in local storage holds. */
export function pendingAnswers(state: TestSessionState): Record<number, QueuedAnswer> {
  const queue: Record<number, QueuedAnswer> = {};
  for (const [id, entry] of Object.entries(state.answers)) if (isPending(entry)) queue[Number(id)] = { answer: entry.answer, version: entry.version };
  return queue;
}

/** The next answer to send now, or when the next one falls due. */
export function nextToSend(state: TestSessionState, deviceNow: number): { questionId: number; entry: AnswerEntry } | { wakeAt: number } | null {
  let due: { questionId: number; entry: AnswerEntry } | null = null;
  let wakeAt = Infinity;
  for (const [id, entry] of Object.entries(state.answers)) {
    if (!isPending(entry) || entry.sending) continue;
    if (entry.dueAt <= deviceNow) {
      if (!due || entry.dueAt < due.entry.dueAt) due = { questionId: Number(id), entry };
    } else wakeAt = Math.min(wakeAt, entry.dueAt);
  }
  if (due) return due;
  return Number.isFinite(wakeAt) ? { wakeAt } : null;
}

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'error';

/** What the save indicator says: offline wins, then an unsent answer, then a refused one. */
export function saveStatus(state: TestSessionState): SaveStatus {
  const entries = Object.values(state.answers);
  if (!state.online) return 'offline';
  if (entries.some(isPending)) return 'saving';
  if (entries.some((entry) => entry.error)) return 'error';
  return 'saved';
}

export type QuestionMark = 'current' | 'answered' | 'skipped' | 'unseen';

export function questionMark(state: TestSessionState, index: number): QuestionMark {
  if (index === state.current) return 'current';
  const question = state.questions[index];
  if (isAnswered(question, state.answers[question.id]?.answer)) return 'answered';
  return state.visited.includes(question.id) ? 'skipped' : 'unseen';
}

/** 0-based indexes of questions with no answer. */
export function unansweredIndexes(state: TestSessionState): number[] {
  return state.questions.flatMap((question, index) => (isAnswered(question, state.answers[question.id]?.answer) ? [] : [index]));
}

/** Where "next" leads: the following question, else the first one still unanswered; null when all are done. */
export function nextIndex(state: TestSessionState): number | null {
  if (state.current + 1 < state.questions.length) return state.current + 1;
  const open = unansweredIndexes(state).filter((index) => index !== state.current);
  return open.length > 0 ? open[0] : null;
}

/** Milliseconds left by the server's clock; null on untimed tests or before the first tick. */
export function remainingMs(state: TestSessionState): number | null {
  if (state.deadline === null || state.now === null) return null;
  return Math.max(0, state.deadline - state.now);
}
