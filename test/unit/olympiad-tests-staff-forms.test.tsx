import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { StageResource } from '../../shared/api/olympiad-stages';
import { QuestionEditor } from '../../src/features/olympiad-tests/staff/question-editor';
import { TestForm } from '../../src/features/olympiad-tests/staff/test-form';
import { renderScreen } from './support/render';

const mockCreateTest = jest.fn();
const mockCreateQuestion = jest.fn();
jest.mock('../../src/features/olympiad-tests/staff-tests-api', () => ({
  useCreateTestMutation: () => [mockCreateTest],
  useUpdateTestMutation: () => [jest.fn()],
  useQuestionCategoriesQuery: () => ({ data: [{ name: 'Logic', count: 4 }] }),
  useCreateQuestionMutation: () => [mockCreateQuestion],
  useUpdateQuestionMutation: () => [jest.fn()],
}));

const stage = (id: number, kind: StageResource['kind']): StageResource => ({
  id,
  kind,
  position: id,
  starts_at: '2026-01-01T00:00:00Z',
  ends_at: '2027-01-01T00:00:00Z',
  ended: false,
  state: 'active',
  time_limit_minutes: null,
  attempts_allowed: null,
  essay_minutes: null,
  essay_max_chars: null,
  in_person: kind === 'final',
});

const resolved = (data: unknown) => ({ unwrap: () => Promise.resolve(data) });
const type = (label: string, value: string, index = 0) => fireEvent.change(screen.getAllByLabelText(label)[index], { target: { value } });
const save = async (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

beforeEach(() => {
  mockCreateTest.mockReset();
  mockCreateQuestion.mockReset();
});

test('staff create a one-minute training test with unlimited attempts from a bank category; the final is not offered', async () => {
  mockCreateTest.mockReturnValue(resolved({ id: 5, question_ids: [] }));
  const onSaved = jest.fn();
  renderScreen(<TestForm stages={[stage(1, 'training'), stage(2, 'first'), stage(4, 'final')]} onSaved={onSaved} />);
  expect(screen.getAllByRole('option').map((o) => o.textContent)).not.toContain('Final');
  type('Title', 'Minute test');
  type('Time limit', 'custom');
  type('Minutes', '1');
  type('Attempts', 'none');
  fireEvent.click(screen.getByLabelText('Logic (4)'));
  fireEvent.click(screen.getByTestId('test-published'));
  await save('save-test');
  await waitFor(() => expect(onSaved).toHaveBeenCalled());
  expect(mockCreateTest).toHaveBeenCalledWith(
    expect.objectContaining({ stage_id: 1, title: 'Minute test', time_limit_minutes: 1, attempts_allowed: null, categories: ['Logic'], published: true, question_count: null }),
  );
});

test('a single-choice question needs exactly one right option: the shared rule says so before anything is sent', async () => {
  renderScreen(<QuestionEditor onSaved={jest.fn()} onCancel={jest.fn()} />);
  type('Question text', 'Which number is prime?');
  type('Option A', '21');
  type('Option B', '29');
  await save('save-question');
  expect(await screen.findByText('Mark exactly one right option.')).toBeTruthy();
  expect(mockCreateQuestion).not.toHaveBeenCalled();
  fireEvent.click(screen.getByTestId('correct-B'));
  mockCreateQuestion.mockReturnValue(resolved({ id: 3 }));
  await save('save-question');
  await waitFor(() => expect(mockCreateQuestion).toHaveBeenCalled());
  expect(mockCreateQuestion.mock.calls[0][0]).toMatchObject({
    type: 'single_choice',
    text: 'Which number is prime?',
    options: [
      { text: '21', correct: false },
      { text: '29', correct: true },
    ],
  });
  expect(mockCreateQuestion.mock.calls[0][0].items).toBeUndefined();
});

test('a closed-text question maps each gap of the text to its option', async () => {
  mockCreateQuestion.mockReturnValue(resolved({ id: 4 }));
  renderScreen(<QuestionEditor onSaved={jest.fn()} onCancel={jest.fn()} />);
  fireEvent.change(screen.getByTestId('question-type'), { target: { value: 'closed_text' } });
  type('Text with gaps [[1]], [[2]]…', 'Water boils at [[1]] and freezes at [[2]].');
  type('Option A', '100');
  type('Option B', '0');
  type('Gap 1', '0');
  type('Gap 2', '1');
  await save('save-question');
  await waitFor(() => expect(mockCreateQuestion).toHaveBeenCalled());
  expect(mockCreateQuestion.mock.calls[0][0]).toMatchObject({ type: 'closed_text', gaps: [0, 1], options: [{ text: '100' }, { text: '0' }] });
});

test('matching pairs, ordering items and open answers each send only their own fields', async () => {
  mockCreateQuestion.mockReturnValue(resolved({ id: 5 }));
  renderScreen(<QuestionEditor onSaved={jest.fn()} onCancel={jest.fn()} />);
  fireEvent.change(screen.getByTestId('question-type'), { target: { value: 'matching' } });
  type('Question text', 'Match the writer and the book.');
  type('Item 1', 'Pushkin');
  type('Answer to item 1', 'Onegin');
  type('Item 2', 'Tolstoy');
  type('Answer to item 2', 'War and Peace');
  await save('save-question');
  await waitFor(() => expect(mockCreateQuestion).toHaveBeenCalledTimes(1));
  const body = mockCreateQuestion.mock.calls[0][0];
  expect(body.pairs).toEqual([
    { prompt: 'Pushkin', prompt_en: null, answer: 'Onegin', answer_en: null },
    { prompt: 'Tolstoy', prompt_en: null, answer: 'War and Peace', answer_en: null },
  ]);
  expect(body.options).toBeUndefined();

  fireEvent.change(screen.getByTestId('question-type'), { target: { value: 'open_text' } });
  type('Answer 1', 'Canberra');
  await save('save-question');
  await waitFor(() => expect(mockCreateQuestion).toHaveBeenCalledTimes(2));
  expect(mockCreateQuestion.mock.calls[1][0]).toMatchObject({ type: 'open_text', accepted: ['Canberra'] });
});
