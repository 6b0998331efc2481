import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { StageResource } from '../../shared/api/olympiad-stages';
import { TestForm } from '../../src/features/olympiad-tests/staff/test-form';

jest.mock('react-intl', () => {
  const { createIntl } = jest.requireActual('@formatjs/intl');
  const intl = createIntl({ locale: 'en', messages: jest.requireActual('../../src/locales/en.json') });
  return { useIntl: () => intl };
});

const mockCreate = jest.fn();
jest.mock('../../src/features/olympiad-tests/staff-tests-api', () => ({
  useCreateTestMutation: () => [mockCreate],
  useUpdateTestMutation: () => [jest.fn()],
  useQuestionCategoriesQuery: () => ({ data: [] }),
}));

const stage = (id: number, kind: StageResource['kind']): StageResource => ({
  id, kind, position: id, starts_at: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z', ended: false, state: 'active',
  time_limit_minutes: null, attempts_allowed: null, essay_minutes: null, essay_max_chars: null, in_person: kind === 'final',
});

test('staff create a one-minute training test', async () => {
  mockCreate.mockReturnValue({ unwrap: () => Promise.resolve({ id: 5 }) });
  const onSaved = jest.fn();
  render(<TestForm stages={[stage(1, 'training'), stage(2, 'first'), stage(4, 'final')]} onSaved={onSaved} />);
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Minute test' } });
  fireEvent.change(screen.getByLabelText('Time limit'), { target: { value: 'custom' } });
  fireEvent.change(screen.getByLabelText('Minutes'), { target: { value: '1' } });
  fireEvent.change(screen.getByLabelText('Attempts'), { target: { value: 'none' } });
  fireEvent.click(screen.getByTestId('test-published'));
  await act(async () => fireEvent.click(screen.getByTestId('save-test')));
  await waitFor(() => expect(mockCreate).toHaveBeenCalled());
  console.log(document.body.textContent);
});
