import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { AttemptQuestion, AttemptResource } from '../../shared/api/olympiad-test-attempts';
import type { EssaySubmission } from '../../shared/api/olympiad-test-grading';
import type { StaffTestResource } from '../../shared/api/olympiad-tests';
import ResultsPage from '../../src/features/olympiad-tests/results/results-page';
import StaffGradingPage from '../../src/features/olympiad-tests/staff/staff-grading-page';
import StaffTestsPage from '../../src/features/olympiad-tests/staff/staff-tests-page';
import { renderScreen } from './support/render';

// The screen's language, switched per test: lists must follow it.
let screenLanguage: 'en' | 'ru' = 'en';
// The frame (olympiad navigation, sign-in guard) has tests of its own; here only the page's content counts.
jest.mock('../../src/features/olympiad-tests/components/signed-in-only', () => ({ SignedInOnly: ({ children }: { children: ReactNode }) => children }));
jest.mock('../../src/features/olympiad-tests/components/tests-frame', () => ({ TestsFrame: ({ children }: { children: ReactNode }) => children }));
jest.mock('../../src/session/role-only', () => ({ RoleOnly: ({ children }: { children: ReactNode }) => children }));

const mockStaffTests: { data: StaffTestResource[] } = { data: [] };
const mockEssays: { data: EssaySubmission[] } = { data: [] };
jest.mock('../../src/features/olympiad-tests/staff-tests-api', () => ({
  useStaffTestsQuery: () => ({ data: mockStaffTests.data, isLoading: false }),
  useEssaysQuery: () => ({ data: { data: mockEssays.data, meta: { current_page: 1, per_page: 20, total: mockEssays.data.length, last_page: 1 } }, isLoading: false }),
  useGradeEssayMutation: () => [jest.fn()],
}));
jest.mock('../../src/olympiad/stages-api', () => ({ useStagesQuery: () => ({ data: { data: [] } }) }));
const mockAttempt: { data: AttemptResource | null } = { data: null };
jest.mock('../../src/features/olympiad-tests/olympiad-tests-api', () => ({
  useAttemptQuery: () => ({ data: mockAttempt.data ? { data: mockAttempt.data } : undefined, isLoading: false }),
  attemptPath: (attempt: { id: number }) => `/olympiad/attempts/${attempt.id}`,
}));

beforeEach(() => {
  screenLanguage = 'en';
});

const staffTest = (id: number, title: string, titleEn: string | null): StaffTestResource => ({
  id,
  stage_id: 1,
  stage_kind: 'training',
  format: 'quiz',
  title,
  title_en: titleEn,
  description: '',
  description_en: null,
  attempts_allowed: null,
  time_limit_minutes: null,
  question_count: null,
  categories: [],
  question_ids: [1],
  pool_size: 1,
  opens_at: null,
  closes_at: null,
  published: true,
  availability: 'open',
  attempts_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const inRouter = (element: ReactNode, path = '/') =>
  renderScreen(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/olympiad/attempts/:id/results" element={element} />
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
    { lang: screenLanguage },
  );

describe('staff lists speak the screen’s language', () => {
  test('the tests list shows the English title in English, the Russian one where there is no translation, and Russian in Russian', () => {
    mockStaffTests.data = [staffTest(1, 'Тренировочный тест', 'Training test'), staffTest(2, 'Тест без перевода', null)];
    const { unmount } = inRouter(<StaffTestsPage />);
    const titles = () => within(screen.getByTestId('staff-tests')).getAllByRole('link').map((link) => link.textContent);
    expect(titles()).toEqual(['Training test', 'Тест без перевода']);
    unmount();

    screenLanguage = 'ru';
    inRouter(<StaffTestsPage />);
    expect(titles()).toEqual(['Тренировочный тест', 'Тест без перевода']);
  });
});

const essay = (over: Partial<EssaySubmission>): EssaySubmission => ({
  attempt_id: 1,
  question_id: 9,
  test_id: 3,
  test_title: 'Second stage essay',
  stage_kind: 'second',
  participant: { id: 5, login: 'pupil', full_name: 'Anna Petrova' },
  question_text: 'Why do we read?',
  text: 'Because stories matter.',
  submitted: true,
  submitted_at: '2026-03-01T10:00:00Z',
  points: null,
  max_points: 10,
  comment: null,
  graded_at: null,
  graded_by: null,
  ...over,
});

describe('essay grading', () => {
  test('an essay with text has a grade form; an empty one says it was not submitted, scored 0, with nothing to grade', () => {
    mockEssays.data = [essay({ attempt_id: 1 }), essay({ attempt_id: 2, text: '', submitted: false, points: 0 })];
    inRouter(<StaffGradingPage />);
    const written = screen.getByTestId('essay-1-9');
    expect(within(written).getByText('Because stories matter.')).toBeTruthy();
    expect(within(written).getByTestId('grade-form-1')).toBeTruthy();
    const empty = screen.getByTestId('essay-2-9');
    expect(within(empty).getByTestId('essay-not-submitted').textContent).toBe(
      'Not submitted: the participant wrote nothing. It is scored 0 automatically; there is nothing to grade.',
    );
    expect(within(empty).queryByTestId('grade-form-2')).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Awaiting grading', 'Graded', 'Not submitted', 'All']);
  });

  test('the character count is the one the server checks: an emoji is one character', () => {
    mockEssays.data = [essay({ text: '🙂🙂 ok' })];
    inRouter(<StaffGradingPage />);
    expect(screen.getByText('5 / 5000')).toBeTruthy();
  });
});

const question = (over: Partial<AttemptQuestion>): AttemptQuestion => ({
  id: 1,
  index: 0,
  type: 'single_choice',
  text: 'Two plus two?',
  max_points: 1,
  options: [
    { letter: 'A', text: '4' },
    { letter: 'B', text: '5' },
  ],
  answer: { choice: 'A' },
  version: 1,
  saved_at: '2026-03-01T10:00:00Z',
  visited: true,
  review: { correct: true, points: 1, solution: { choice: 'A' }, comment: null },
  ...over,
});

const finished = (over: Partial<AttemptResource>): AttemptResource => ({
  id: 7,
  test_id: 3,
  test_title: 'Training test',
  stage_id: 1,
  stage_kind: 'training',
  format: 'quiz',
  number: 1,
  status: 'finished',
  started_at: '2026-03-01T10:00:00Z',
  deadline: null,
  time_limit_seconds: null,
  finished_at: '2026-03-01T10:05:00Z',
  finished_by: 'participant',
  question_count: 2,
  answered_count: 1,
  result: {
    correct: 1,
    auto_total: 1,
    question_count: 2,
    points: 1,
    max_points: 6,
    percent: 16.67,
    time_spent_seconds: 300,
    speed_points: 0,
    essay_status: 'not_submitted',
    review_available: true,
  },
  grace_seconds: 3,
  current_index: 0,
  questions: [],
  ...over,
});

describe('the results screen', () => {
  test('an empty essay reads "not submitted" (scored 0), never "graded" or "awaiting grading"', () => {
    mockAttempt.data = finished({
      questions: [
        question({}),
        question({ id: 2, index: 1, type: 'essay', text: 'Why do we read?', max_points: 5, options: undefined, max_length: 5000, answer: null, review: { correct: false, points: 0, solution: null, comment: null } }),
      ],
    });
    inRouter(<ResultsPage />, '/olympiad/attempts/7/results');
    const status = screen.getByTestId('essay-status');
    expect(status.getAttribute('data-status')).toBe('not_submitted');
    expect(status.textContent).toBe('The essay was not submitted: nothing was written, so it is scored 0.');
    const items = within(screen.getByTestId('review')).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Right');
    expect(items[1].className).toContain('is-notSubmitted');
    expect(items[1].textContent).toContain('Not submitted');
    expect(items[1].textContent).toContain('0 of 5');
    expect(items[1].textContent).not.toMatch(/Awaiting grading|Graded/);
  });

  test('a written essay not graded yet awaits grading; the attempt ended by time says so', () => {
    mockAttempt.data = finished({
      stage_kind: 'second',
      deadline: '2026-03-01T10:45:00Z',
      time_limit_seconds: 2700,
      finished_at: '2026-03-01T10:45:00Z',
      finished_by: 'deadline',
      result: { ...finished({}).result!, essay_status: 'awaiting_grading', review_available: false },
      questions: [question({ type: 'essay', options: undefined, answer: { text: 'Because.' }, review: null })],
    });
    inRouter(<ResultsPage />, '/olympiad/attempts/7/results');
    expect(screen.getByTestId('essay-status').getAttribute('data-status')).toBe('awaiting_grading');
    expect(screen.getByTestId('ended-by-deadline')).toBeTruthy();
    expect(screen.queryByTestId('review')).toBeNull();
  });
});
