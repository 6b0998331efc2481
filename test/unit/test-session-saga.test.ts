import {
  answerGiven,
  finishRequested,
  questionOpened,
  questionMark,
  remainingMs,
  saveStatus,
  sessionClosed,
  sessionOpened,
} from '../../src/features/olympiad-tests/test-session-slice';
import { testSessionDeps } from '../../src/sagas/test-session-deps';
import { readStoredAttempt } from '../../src/sagas/test-session-storage';
import { FakeServer, fakeConnectivity, loadPage, MINUTE } from './test-session-fake-server';

const T0 = Date.parse('2026-03-10T09:00:00.000Z');

// Minutes of a test in fake time are thousands of real timer callbacks: on a busy machine that is seconds of CPU.
jest.setTimeout(30_000);

let network: ReturnType<typeof fakeConnectivity>;

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(T0);
  localStorage.clear();
  network = fakeConnectivity();
});
afterEach(() => jest.useRealTimers());

async function open(server: FakeServer) {
  const page = loadPage(server, network);
  page.store.dispatch(sessionOpened(server.attempt.id));
  // The attempt arrives after one round trip.
  await jest.advanceTimersByTimeAsync(2 * server.latencyMs);
  return page;
}

const session = (page: ReturnType<typeof loadPage>) => page.store.getState().testSession;

test('the countdown is the server deadline corrected by the offset measured at the round trip midpoint', async () => {
  // The device clock is five minutes behind the server's.
  const server = new FakeServer({ limitMinutes: 25, serverAheadMs: 5 * MINUTE });
  server.latencyMs = 150;
  const page = await open(server);
  expect(session(page).phase).toBe('in_progress');
  expect(session(page).clockOffsetMs).toBe(5 * MINUTE);
  // 300 ms of round trip went by since the server started the attempt.
  expect(remainingMs(session(page))).toBe(25 * MINUTE - 300);
  // Ticks fall on whole seconds of the deadline, so the shown seconds change exactly when the server's do.
  await jest.advanceTimersByTimeAsync(10_000);
  expect(remainingMs(session(page))).toBe(25 * MINUTE - 10_000);
  expect(Math.ceil(remainingMs(session(page))! / 1000)).toBe(server.secondsLeft());
});

test('an attempt that came with the page measures the clock over the page\'s own request, not the instant it is read', async () => {
  // The device clock is five minutes behind the server's; the server made the page (and its attempt) now...
  const server = new FakeServer({ limitMinutes: 25, serverAheadMs: 5 * MINUTE });
  const sentAt = Date.now();
  const madeWithPage = server.fetchAttempt(server.attempt.id);
  await jest.advanceTimersByTimeAsync(2 * server.latencyMs);
  const answer = await madeWithPage;
  const receivedAt = Date.now();
  // ...and a slow phone ran the app three seconds later, reading that answer from the page at once.
  await jest.advanceTimersByTimeAsync(3000);
  const page = loadPage(server, network);
  Object.assign(testSessionDeps, { fetchAttempt: async () => answer, pageAnswerWindow: () => ({ sentAt, receivedAt }) });
  page.store.dispatch(sessionOpened(server.attempt.id));
  await jest.advanceTimersByTimeAsync(0);
  expect(session(page).phase).toBe('in_progress');
  // Timed around the read itself the offset would be three seconds short, and the countdown three seconds long.
  expect(session(page).clockOffsetMs).toBe(5 * MINUTE);
  expect(Math.ceil(remainingMs(session(page))! / 1000)).toBe(server.secondsLeft());
});

test('a background tab is right the moment its late timer fires: the count comes from the clock, not from ticks', async () => {
  const server = new FakeServer({ limitMinutes: 25 });
  const page = await open(server);
  // The tab slept: 4 minutes of wall time passed while no timer fired.
  jest.setSystemTime(Date.now() + 4 * MINUTE);
  await jest.advanceTimersByTimeAsync(1000);
  const shown = Math.ceil(remainingMs(session(page))! / 1000);
  expect(shown).toBe(server.secondsLeft());
  expect(shown).toBeLessThanOrEqual(21 * 60 - 1);
});

test('warnings at five and one minute, then at zero the test ends by itself and shows the result', async () => {
  const server = new FakeServer({ limitMinutes: 6 });
  const page = await open(server);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  await jest.advanceTimersByTimeAsync(MINUTE - 1000);
  expect(page.toasts()).toEqual([]);
  await jest.advanceTimersByTimeAsync(1000);
  expect(page.toasts()).toEqual(['olympiadTests.ui.warning.fiveMinutes']);
  expect(page.store.getState().toasts.items[0].kind).toBe('info');
  await jest.advanceTimersByTimeAsync(4 * MINUTE);
  expect(page.toasts()).toContain('olympiadTests.ui.warning.oneMinute');
  expect(page.store.getState().toasts.items.at(-1)!.kind).toBe('error');
  expect(session(page).phase).toBe('in_progress');
  await jest.advanceTimersByTimeAsync(MINUTE);
  expect(session(page).endedBy).toBe('deadline');
  // The finish waits a moment, so the server's deadline has passed when it arrives.
  await jest.advanceTimersByTimeAsync(900);
  expect(server.finishCalls).toBe(0);
  await jest.advanceTimersByTimeAsync(600);
  expect(server.finishCalls).toBe(1);
  expect(session(page).phase).toBe('finished');
  expect(session(page).attempt?.result).toMatchObject({ correct: 1, max_points: 3 });
  // Nothing of a finished attempt stays on the device.
  expect(readStoredAttempt(7)).toEqual({ queue: {}, position: null, snapshot: null });
});

test('a tab that wakes past two thresholds shows only the more urgent warning', async () => {
  const server = new FakeServer({ limitMinutes: 10 });
  const page = await open(server);
  jest.setSystemTime(Date.now() + 9.5 * MINUTE);
  await jest.advanceTimersByTimeAsync(1000);
  expect(page.toasts()).toEqual(['olympiadTests.ui.warning.oneMinute']);
});

test('answers are saved as they are given, each with a higher version, and the indicator follows', async () => {
  const server = new FakeServer();
  const page = await open(server);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'B' } }));
  expect(saveStatus(session(page))).toBe('saving');
  await jest.advanceTimersByTimeAsync(100);
  expect(saveStatus(session(page))).toBe('saved');
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'C' } }));
  await jest.advanceTimersByTimeAsync(100);
  const [first, second] = server.saves.map((s) => s.body.version);
  expect(second).toBeGreaterThan(first);
  expect(server.answers.get(11)?.answer).toEqual({ choice: 'C' });
  expect(session(page).answers[11]).toMatchObject({ answer: { choice: 'C' }, savedVersion: second });
});

test('offline, answers queue on the device (surviving a reload) and go out when the network returns', async () => {
  const server = new FakeServer();
  const page = await open(server);
  server.reachable = false;
  network.go(false);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  page.store.dispatch(answerGiven({ questionId: 12, answer: { choices: ['A', 'C'] } }));
  await jest.advanceTimersByTimeAsync(5000);
  expect(saveStatus(session(page))).toBe('offline');
  expect(server.answers.size).toBe(0);
  expect(Object.keys(readStoredAttempt(7).queue)).toEqual(['11', '12']);

  server.reachable = true;
  network.go(true);
  await jest.advanceTimersByTimeAsync(500);
  expect(server.answers.get(11)?.answer).toEqual({ choice: 'A' });
  expect(server.answers.get(12)?.answer).toEqual({ choices: ['A', 'C'] });
  expect(saveStatus(session(page))).toBe('saved');
  expect(readStoredAttempt(7).queue).toEqual({});
});

test('when the browser still says online but requests fail, the saga probes the server and recovers', async () => {
  const server = new FakeServer();
  const page = await open(server);
  server.reachable = false;
  page.store.dispatch(answerGiven({ questionId: 13, answer: { text: 'Tolstoy' } }));
  await jest.advanceTimersByTimeAsync(200);
  expect(saveStatus(session(page))).toBe('offline');
  server.reachable = true;
  await jest.advanceTimersByTimeAsync(2500);
  expect(server.answers.get(13)?.answer).toEqual({ text: 'Tolstoy' });
  expect(session(page).online).toBe(true);
});

test.each([
  [0, 1000],
  [0.99, 2980],
])('after a server outage tabs come back spread out, not on one beat: with a draw of %p the answer goes after %p ms', async (draw, waitMs) => {
  const server = new FakeServer();
  const page = await open(server);
  testSessionDeps.random = () => draw;
  server.reachable = false;
  page.store.dispatch(answerGiven({ questionId: 13, answer: { text: 'Tolstoy' } }));
  await jest.advanceTimersByTimeAsync(200);
  expect(saveStatus(session(page))).toBe('offline');
  server.reachable = true;
  await jest.advanceTimersByTimeAsync(3500);
  // The failed save came back at 100 ms; the retry waited the spread probe (2 s × (0.5 + draw)) and took 100 ms more.
  expect(Date.parse(server.answers.get(13)!.saved_at!) - T0).toBe(200 + waitMs);
});

test('a reload resumes at the same question with every saved and every queued answer and the same time left', async () => {
  const server = new FakeServer({ limitMinutes: 25 });
  const first = await open(server);
  first.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'C' } }));
  await jest.advanceTimersByTimeAsync(200);
  first.store.dispatch(questionOpened(1));
  await jest.advanceTimersByTimeAsync(1000);
  expect(server.positions).toEqual([1]);
  server.reachable = false;
  network.go(false);
  first.store.dispatch(questionOpened(2));
  first.store.dispatch(answerGiven({ questionId: 13, answer: { text: 'Pushkin' } }));
  await jest.advanceTimersByTimeAsync(1000);
  first.task.cancel();

  // The page reloads once the network is back.
  await jest.advanceTimersByTimeAsync(3000);
  server.reachable = true;
  network.go(true);
  const second = await open(server);
  const state = session(second);
  expect(state.current).toBe(2);
  expect(state.answers[11].answer).toEqual({ choice: 'C' });
  expect(state.answers[13].answer).toEqual({ text: 'Pushkin' });
  expect(Math.ceil(remainingMs(state)! / 1000)).toBe(server.secondsLeft());
  await jest.advanceTimersByTimeAsync(200);
  expect(server.answers.get(13)?.answer).toEqual({ text: 'Pushkin' });
  expect(questionMark(session(second), 0)).toBe('answered');
  expect(questionMark(session(second), 1)).toBe('skipped');
  expect(questionMark(session(second), 2)).toBe('current');
});

test('a reload without network resumes from the copy on the device and sends the queue later', async () => {
  const server = new FakeServer();
  const first = await open(server);
  await jest.advanceTimersByTimeAsync(1500);
  server.reachable = false;
  network.go(false);
  first.store.dispatch(answerGiven({ questionId: 12, answer: { choices: ['B'] } }));
  await jest.advanceTimersByTimeAsync(1500);
  first.task.cancel();

  const second = loadPage(server, network);
  second.store.dispatch(sessionOpened(7));
  await jest.advanceTimersByTimeAsync(200);
  expect(session(second).phase).toBe('in_progress');
  expect(session(second).answers[12].answer).toEqual({ choices: ['B'] });
  expect(saveStatus(session(second))).toBe('offline');
  server.reachable = true;
  network.go(true);
  await jest.advanceTimersByTimeAsync(200);
  expect(server.answers.get(12)?.answer).toEqual({ choices: ['B'] });
});

test('a 409 with a newer stored answer means another tab won: its answer is adopted and shown', async () => {
  const server = new FakeServer();
  const page = await open(server);
  server.reachable = false;
  network.go(false);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  await jest.advanceTimersByTimeAsync(100);
  // Meanwhile another tab saved a later answer.
  server.storeFromElsewhere(11, { choice: 'B' }, server.now() + 60_000);
  server.reachable = true;
  network.go(true);
  await jest.advanceTimersByTimeAsync(300);
  expect(session(page).answers[11]).toMatchObject({ answer: { choice: 'B' }, version: server.answers.get(11)!.version });
  expect(saveStatus(session(page))).toBe('saved');
  expect(page.toasts()).toEqual(['olympiadTests.ui.conflict']);
  expect(server.answers.get(11)?.answer).toEqual({ choice: 'B' });
});

test('a save whose answer was lost on the way is sent again with the same version, which the server takes as a no-op', async () => {
  const server = new FakeServer();
  const page = await open(server);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'C' } }));
  // The request arrives, the response does not.
  await jest.advanceTimersByTimeAsync(60);
  server.reachable = false;
  await jest.advanceTimersByTimeAsync(100);
  expect(server.answers.get(11)?.answer).toEqual({ choice: 'C' });
  expect(saveStatus(session(page))).toBe('offline');
  server.reachable = true;
  network.go(true);
  await jest.advanceTimersByTimeAsync(200);
  expect(server.saves.map((s) => s.body.version)).toEqual([server.saves[0].body.version, server.saves[0].body.version]);
  expect(saveStatus(session(page))).toBe('saved');
  expect(page.toasts()).toEqual([]);
});

test('typing settles before it is sent: an essay goes out once, with its last text', async () => {
  const server = new FakeServer({ questions: [{ ...new FakeServer().attempt.questions[2], id: 21, type: 'essay', max_length: 5000 }] });
  const page = await open(server);
  for (const text of ['O', 'On', 'Onc', 'Once']) {
    page.store.dispatch(answerGiven({ questionId: 21, answer: { text }, settleMs: 800 }));
    await jest.advanceTimersByTimeAsync(100);
  }
  expect(server.saves).toHaveLength(0);
  expect(Object.values(readStoredAttempt(7).queue)[0].answer).toEqual({ text: 'Once' });
  await jest.advanceTimersByTimeAsync(900);
  expect(server.saves.map((s) => s.body.answer)).toEqual([{ text: 'Once' }]);
});

test('ending the test sends what is queued first, then finishes', async () => {
  const server = new FakeServer();
  const page = await open(server);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  page.store.dispatch(finishRequested());
  expect(session(page).phase).toBe('finishing');
  // Answers after the participant ended are not taken.
  page.store.dispatch(answerGiven({ questionId: 12, answer: { choices: ['A'] } }));
  await jest.advanceTimersByTimeAsync(500);
  expect(server.saves.map((s) => s.questionId)).toEqual([11]);
  expect(server.finishCalls).toBe(1);
  expect(session(page)).toMatchObject({ phase: 'finished', endedBy: 'participant' });
});

test('ending the test offline waits for the network, sends the queued answers, then finishes', async () => {
  const server = new FakeServer();
  const page = await open(server);
  server.reachable = false;
  network.go(false);
  page.store.dispatch(answerGiven({ questionId: 12, answer: { choices: ['B'] } }));
  page.store.dispatch(finishRequested());
  await jest.advanceTimersByTimeAsync(10_000);
  expect(session(page).phase).toBe('finishing');
  expect(server.finishCalls).toBe(0);
  server.reachable = true;
  network.go(true);
  await jest.advanceTimersByTimeAsync(1000);
  expect(server.answers.get(12)?.answer).toEqual({ choices: ['B'] });
  expect(server.finishCalls).toBe(1);
  expect(session(page).phase).toBe('finished');
});

test('an answer refused because the attempt is closed ends the session with the server result', async () => {
  const server = new FakeServer({ limitMinutes: 25 });
  const page = await open(server);
  // The device slept through the deadline and the grace; the clock has not ticked since.
  server.serverAheadMs = 26 * MINUTE;
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  await jest.advanceTimersByTimeAsync(500);
  expect(session(page)).toMatchObject({ phase: 'finished', endedBy: 'server' });
  expect(session(page).attempt?.finished_by).toBe('deadline');
  expect(page.toasts()).toContain('olympiadTests.ui.closedByServer');
});

test('an untimed training test has no countdown and ends only when asked', async () => {
  const server = new FakeServer({ limitMinutes: null });
  const page = await open(server);
  expect(session(page).deadline).toBeNull();
  await jest.advanceTimersByTimeAsync(120 * MINUTE);
  expect(session(page).phase).toBe('in_progress');
  page.store.dispatch(finishRequested());
  await jest.advanceTimersByTimeAsync(200);
  expect(session(page).phase).toBe('finished');
});

test('closing the screen stops the session', async () => {
  const server = new FakeServer();
  const page = await open(server);
  page.store.dispatch(sessionClosed());
  expect(session(page).phase).toBe('idle');
  await jest.advanceTimersByTimeAsync(26 * MINUTE);
  expect(server.finishCalls).toBe(0);
});

test('opening the attempt whose session runs changes nothing; closing and opening again loads it afresh', async () => {
  // The app opens the session before it first draws; the screen opens it again as it mounts.
  const server = new FakeServer();
  const page = await open(server);
  page.store.dispatch(answerGiven({ questionId: 11, answer: { choice: 'A' } }));
  page.store.dispatch(sessionOpened(server.attempt.id));
  await jest.advanceTimersByTimeAsync(2 * server.latencyMs);
  expect(server.attemptReads).toBe(1);
  expect(session(page).phase).toBe('in_progress');
  expect(session(page).answers[11]?.answer).toEqual({ choice: 'A' });
  page.store.dispatch(sessionClosed());
  page.store.dispatch(sessionOpened(server.attempt.id));
  await jest.advanceTimersByTimeAsync(2 * server.latencyMs);
  expect(server.attemptReads).toBe(2);
  expect(session(page).phase).toBe('in_progress');
});

test('an attempt that is not mine fails with the server message', async () => {
  const server = new FakeServer();
  const page = loadPage(server, network);
  page.store.dispatch(sessionOpened(99));
  await jest.advanceTimersByTimeAsync(200);
  expect(session(page)).toMatchObject({ phase: 'failed', failure: { status: 404, message: 'Not found.' } });
});
