import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { eventChannel, type Task } from 'redux-saga';
import type { AnswerValue, SavedAnswer, SaveAnswerBody } from '../../shared/api/olympiad-test-answers';
import type { AttemptQuestion, AttemptResource } from '../../shared/api/olympiad-test-attempts';
import { sameAnswer } from '../../src/features/olympiad-tests/answers';
import { testSessionReducer } from '../../src/features/olympiad-tests/test-session-slice';
import { toastsReducer } from '../../src/features/toasts/toasts-slice';
import { authReducer } from '../../src/session/session-slice';
import { languageReducer } from '../../src/session/language-slice';
import { api } from '../../src/services/api';
import { testSessionDeps, testSessionSaga } from '../../src/sagas/test-session.saga';
import { sagaContext } from '../../src/sagas/endpoint-call';
import { recorder } from './support/record-actions';

export const MINUTE = 60_000;

/** What the network does to a request: it reaches the server, or it does not. */
const offlineError = () => ({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });

const question = (id: number, index: number, type: AttemptQuestion['type'], extra: Partial<AttemptQuestion> = {}): AttemptQuestion => ({
  id,
  index,
  type,
  text: `Question ${id}`,
  max_points: 1,
  options: type === 'single_choice' || type === 'multiple_choice' ? [{ letter: 'A', text: 'One' }, { letter: 'B', text: 'Two' }, { letter: 'C', text: 'Three' }] : undefined,
  answer: null,
  version: 0,
  saved_at: null,
  visited: index === 0,
  review: null,
  ...extra,
});

/**
 * The attempt endpoints as the server behaves (versions, deadline with grace,
 * finish), with a clock of its own that runs `serverAheadMs` ahead of the
 * device and a network that can fail. Each request takes `latencyMs` each way.
 */
export class FakeServer {
  serverAheadMs = 0;
  latencyMs = 50;
  reachable = true;
  graceSeconds = 3;
  attempt: AttemptResource;
  answers = new Map<number, SavedAnswer>();
  positions: number[] = [];
  saves: Array<{ questionId: number; body: SaveAnswerBody }> = [];
  finishCalls = 0;
  attemptReads = 0;

  constructor(options: { limitMinutes?: number | null; questions?: AttemptQuestion[]; serverAheadMs?: number } = {}) {
    this.serverAheadMs = options.serverAheadMs ?? 0;
    const startedAt = this.now();
    const limit = options.limitMinutes === undefined ? 25 : options.limitMinutes;
    this.attempt = {
      id: 7,
      test_id: 3,
      test_title: 'First stage',
      stage_id: 2,
      stage_kind: 'first',
      format: 'quiz',
      number: 1,
      status: 'in_progress',
      started_at: new Date(startedAt).toISOString(),
      deadline: limit === null ? null : new Date(startedAt + limit * MINUTE).toISOString(),
      time_limit_seconds: limit === null ? null : limit * 60,
      finished_at: null,
      finished_by: null,
      question_count: 3,
      answered_count: 0,
      result: null,
      grace_seconds: this.graceSeconds,
      current_index: 0,
      questions: options.questions ?? [question(11, 0, 'single_choice'), question(12, 1, 'multiple_choice'), question(13, 2, 'open_text')],
    };
  }

  now() {
    return Date.now() + this.serverAheadMs;
  }

  /** Whole seconds left by the server's own clock: what the screen must show. */
  secondsLeft() {
    return Math.ceil((this.deadline()! - this.now()) / 1000);
  }

  deadline() {
    return this.attempt.deadline ? Date.parse(this.attempt.deadline) : null;
  }

  /** One way of the trip; the server acts in the middle. */
  private async travel<T>(act: () => T): Promise<T> {
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (!this.reachable) throw offlineError();
    const result = act();
    await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    if (!this.reachable) throw offlineError();
    return result;
  }

  private conflict(code: string, data?: SavedAnswer) {
    return { status: 409, data: { message: code, code, data, server_time: new Date(this.now()).toISOString() } };
  }

  private expired() {
    const deadline = this.deadline();
    return deadline !== null && this.now() > deadline + this.graceSeconds * 1000;
  }

  private view(): AttemptResource {
    if (this.attempt.status === 'in_progress' && this.expired()) this.close('deadline');
    return {
      ...this.attempt,
      questions: this.attempt.questions.map((q) => {
        const saved = this.answers.get(q.id);
        return saved ? { ...q, answer: saved.answer, version: saved.version, saved_at: saved.saved_at } : q;
      }),
    };
  }

  private close(by: 'participant' | 'deadline') {
    const deadline = this.deadline();
    const end = by === 'deadline' && deadline !== null ? deadline : this.now();
    const correct = [...this.answers.values()].filter((a) => a.answer?.choice === 'A').length;
    this.attempt = {
      ...this.attempt,
      status: 'finished',
      finished_at: new Date(end).toISOString(),
      finished_by: by,
      result: {
        correct,
        auto_total: this.attempt.questions.length,
        question_count: this.attempt.questions.length,
        points: correct,
        max_points: this.attempt.questions.length,
        percent: Math.round((100 * correct) / this.attempt.questions.length),
        time_spent_seconds: Math.round((end - Date.parse(this.attempt.started_at)) / 1000),
        speed_points: 0,
        essay_status: 'none',
        review_available: false,
      },
    };
  }

  /** Another tab (or device) stores an answer directly. */
  storeFromElsewhere(questionId: number, answer: AnswerValue | null, version: number) {
    this.answers.set(questionId, { question_id: questionId, version, answer, saved_at: new Date(this.now()).toISOString() });
  }

  fetchAttempt = (attemptId: number) =>
    this.travel(() => {
      this.attemptReads += 1;
      if (attemptId !== this.attempt.id) throw { status: 404, data: { message: 'Not found.' } };
      return { data: this.view(), server_time: new Date(this.now()).toISOString() };
    });

  saveAnswer = ({ questionId, body }: { attemptId: number; questionId: number; body: SaveAnswerBody }) =>
    this.travel(() => {
      this.saves.push({ questionId, body });
      if (this.attempt.status === 'finished' || this.expired()) throw this.conflict('attempt_closed');
      const stored = this.answers.get(questionId);
      if (stored && (stored.version > body.version || (stored.version === body.version && !sameAnswer(stored.answer, body.answer)))) {
        throw this.conflict('version_conflict', stored);
      }
      const saved = { question_id: questionId, version: body.version, answer: body.answer, saved_at: new Date(this.now()).toISOString() };
      this.answers.set(questionId, saved);
      return { data: saved, server_time: new Date(this.now()).toISOString() };
    });

  savePosition = (_attemptId: number, index: number) =>
    this.travel(() => {
      this.positions.push(index);
      // The question on screen counts as visited, as on the real server.
      this.attempt = { ...this.attempt, current_index: index, questions: this.attempt.questions.map((q) => (q.index === index ? { ...q, visited: true } : q)) };
      return { data: { current_index: index }, server_time: new Date(this.now()).toISOString() };
    });

  finishAttempt = () =>
    this.travel(() => {
      this.finishCalls += 1;
      if (this.attempt.status === 'in_progress') this.close(this.expired() ? 'deadline' : 'participant');
      return { data: this.view(), server_time: new Date(this.now()).toISOString() };
    });
}

/** The browser's online/offline events, driven by the test. */
export function fakeConnectivity() {
  let emit: ((online: boolean) => void) | null = null;
  const state = { online: true };
  return {
    state,
    channel: () =>
      eventChannel<boolean>((e) => {
        emit = e;
        return () => {
          emit = null;
        };
      }),
    go(online: boolean) {
      state.online = online;
      emit?.(online);
    },
  };
}

/** A store with the session saga wired to the fake server: one "page load". */
export function loadPage(server: FakeServer, network: ReturnType<typeof fakeConnectivity>) {
  Object.assign(testSessionDeps, {
    now: () => Date.now(),
    random: () => 0.5,
    pageAnswerWindow: () => null,
    fetchAttempt: server.fetchAttempt,
    saveAnswer: server.saveAnswer,
    savePosition: server.savePosition,
    finishAttempt: server.finishAttempt,
    connectivity: network.channel,
    isOnline: () => network.state.online,
    message: (key: string) => key,
  });
  const seen: UnknownAction[] = [];
  const record = recorder(seen);
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: combineReducers({
      [api.reducerPath]: api.reducer,
      auth: authReducer,
      language: languageReducer,
      testSession: testSessionReducer,
      toasts: toastsReducer,
    }),
    middleware: (d) => d({ serializableCheck: false, immutableCheck: false }).concat(record, api.middleware, sagas),
  });
  sagas.setContext(sagaContext(store.dispatch));
  const task: Task = sagas.run(testSessionSaga);
  return { store, seen, task, toasts: () => store.getState().toasts.items.map((t) => t.body) };
}
