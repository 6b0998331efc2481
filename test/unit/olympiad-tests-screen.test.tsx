import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AttemptQuestion } from '../../shared/api/olympiad-test-attempts';
import { signedIn } from '../../src/session/session-slice';
import AttemptPage from '../../src/features/olympiad-tests/session/attempt-page';
import EssayPage from '../../src/features/olympiad-tests/session/essay-page';
import { FakeServer, fakeConnectivity, loadPage } from './test-session-fake-server';
import { renderScreen } from './support/render';

const base = { max_points: 1, answer: null, version: 0, saved_at: null, visited: false, review: null };
const QUESTIONS: AttemptQuestion[] = [
  { ...base, id: 1, index: 0, type: 'single_choice', text: 'Capital of Russia?', options: [{ letter: 'A', text: 'Moscow' }, { letter: 'B', text: 'Kazan' }], visited: true },
  { ...base, id: 2, index: 1, type: 'multiple_choice', text: 'Rivers?', options: [{ letter: 'A', text: 'Volga' }, { letter: 'B', text: 'Alps' }, { letter: 'C', text: 'Lena' }] },
  { ...base, id: 3, index: 2, type: 'closed_text', text: 'The [[1]] flows into the [[2]] Sea.', gaps: ['1', '2'], options: [{ letter: 'A', text: 'Volga' }, { letter: 'B', text: 'Caspian' }] },
  { ...base, id: 4, index: 3, type: 'open_text', text: 'Who wrote War and Peace?', max_length: 200 },
];

let network: ReturnType<typeof fakeConnectivity>;
beforeEach(() => {
  localStorage.clear();
  network = fakeConnectivity();
});

function show(server: FakeServer, path = '/olympiad/attempts/7') {
  server.latencyMs = 1;
  const page = loadPage(server, network);
  page.store.dispatch(signedIn({ token: 't', userId: 1 }));
  renderScreen(
    <Provider store={page.store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/olympiad/attempts/:id" element={<AttemptPage />} />
          <Route path="/olympiad/attempts/:id/essay" element={<EssayPage />} />
          <Route path="/olympiad/attempts/:id/results" element={<p data-testid="results">results</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return page;
}

test('a participant answers, skips, sees the marks and the saved state, and ends the test with the unanswered named', async () => {
  const server = new FakeServer({ limitMinutes: 25, questions: QUESTIONS });
  show(server);
  await screen.findByTestId('test-screen');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Capital of Russia?');
  expect(screen.getByText('Question 1 of 4')).toBeTruthy();
  expect(screen.getByTestId('time-left').textContent).toMatch(/^2[45]:\d\d$/);

  fireEvent.click(screen.getByLabelText(/Moscow/));
  await waitFor(() => expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('saved'));
  expect(server.answers.get(1)?.answer).toEqual({ choice: 'A' });
  expect(screen.getByTestId('save-status').textContent).toBe('All answers saved');

  fireEvent.click(screen.getByTestId('next-question'));
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Rivers?');
  fireEvent.click(screen.getByTestId('skip-question'));
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Fill in the gaps in the text');
  fireEvent.change(screen.getByLabelText('Gap 1'), { target: { value: 'A' } });
  fireEvent.change(screen.getByLabelText('Gap 2'), { target: { value: 'B' } });
  await waitFor(() => expect(server.answers.get(3)?.answer).toEqual({ gaps: { '1': 'A', '2': 'B' } }));

  const marks = [1, 2, 3, 4].map((n) => screen.getByTestId(`question-dot-${n}`).getAttribute('data-mark'));
  expect(marks).toEqual(['answered', 'skipped', 'current', 'unseen']);
  expect(screen.getByTestId('question-dot-2').getAttribute('aria-label')).toBe('Question 2, skipped');

  fireEvent.click(screen.getByTestId('end-test'));
  const dialog = screen.getByTestId('finish-dialog');
  expect(within(dialog).getByTestId('unanswered-list').textContent).toBe('Questions 2 and 4 have no answer.');
  fireEvent.click(within(dialog).getByTestId('cancel-finish'));
  expect(screen.queryByTestId('finish-dialog')).toBeNull();

  fireEvent.click(screen.getByTestId('end-test'));
  fireEvent.click(screen.getByTestId('confirm-finish'));
  await screen.findByTestId('results');
  expect(server.finishCalls).toBe(1);
});

test('typing an open answer is saved once the participant pauses, and offline shows on the indicator', async () => {
  const server = new FakeServer({ limitMinutes: null, questions: QUESTIONS });
  show(server);
  await screen.findByTestId('test-screen');
  expect(screen.getByTestId('session-clock').textContent).toBe('No time limit');
  fireEvent.click(screen.getByTestId('question-dot-4'));
  server.reachable = false;
  act(() => network.go(false));
  fireEvent.change(screen.getByTestId('open-answer'), { target: { value: 'Tolstoy' } });
  expect(screen.getByTestId('save-status').textContent).toBe('Offline: 1 answer waits to be sent');
  server.reachable = true;
  act(() => network.go(true));
  await waitFor(() => expect(server.answers.get(4)?.answer).toEqual({ text: 'Tolstoy' }), { timeout: 3000 });
  await waitFor(() => expect(screen.getByTestId('save-status').getAttribute('data-status')).toBe('saved'));
});

test('the essay screen counts characters to 5000 and autosaves', async () => {
  const essay: AttemptQuestion = { ...base, id: 9, index: 0, type: 'essay', text: 'Why do we read?', max_length: 5000, visited: true };
  const server = new FakeServer({ limitMinutes: 45, questions: [essay] });
  server.attempt = { ...server.attempt, format: 'essay', question_count: 1 };
  show(server, '/olympiad/attempts/7/essay');
  await screen.findByTestId('essay-screen');
  expect(screen.getByTestId('time-left').textContent).toMatch(/^4[45]:\d\d$/);
  const area = screen.getByTestId('essay-answer') as HTMLTextAreaElement;
  fireEvent.change(area, { target: { value: 'Because stories matter.' } });
  expect(screen.getByTestId('char-counter').textContent).toBe('23 / 5000');
  await waitFor(() => expect(server.answers.get(9)?.answer).toEqual({ text: 'Because stories matter.' }), { timeout: 3000 });
  // Characters as the server counts them: an emoji is one, and a paste past 5000 keeps the first 5000.
  fireEvent.change(area, { target: { value: '🙂'.repeat(4990) + 'x'.repeat(20) } });
  expect(screen.getByTestId('char-counter').textContent).toBe('5000 / 5000');
  expect([...area.value]).toHaveLength(5000);
  await waitFor(() => expect(server.answers.get(9)?.answer).toEqual({ text: '🙂'.repeat(4990) + 'x'.repeat(10) }), { timeout: 3000 });
});

test('a quiz attempt opened on the essay address goes to the test screen', async () => {
  const server = new FakeServer({ questions: QUESTIONS });
  show(server, '/olympiad/attempts/7/essay');
  await screen.findByTestId('test-screen');
});
