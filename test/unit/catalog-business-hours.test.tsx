import { act, fireEvent, screen } from '@testing-library/react';
import BusinessFormPage from '../../src/features/catalog/pages/business-form-page';
import { renderScreen } from './support/render';

const mockSave = jest.fn();
jest.mock('../../src/features/catalog/catalog-api', () => ({
  useBusinessQuery: () => ({ isLoading: false }),
  useSaveBusinessMutation: () => [mockSave],
  useBusinessCategoriesQuery: () => ({ data: [{ id: 4, name: 'Groceries' }] }),
  useUploadImageMutation: () => [jest.fn(), { isLoading: false }],
}));

const rowAlert = (day: string) => screen.getByRole('row', { name: new RegExp(`^${day}`) }).querySelector('[role="alert"]')?.textContent ?? null;
const setTime = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

beforeEach(() => {
  localStorage.clear();
  mockSave.mockReset();
});

// The rule checks `working_hours.mon` of the body while the inputs are `hours.mon.*`: the nested path reaches the day's row.
test('equal opening and closing times are named in the day’s row once it was edited', async () => {
  renderScreen(<BusinessFormPage />, { path: '/create/business' });
  await setTime('Mon: opens', '21:00');
  expect(rowAlert('Mon')).toBeNull();
  await act(async () => fireEvent.blur(screen.getByLabelText('Mon: opens')));
  expect(rowAlert('Mon')).toBe('Opening and closing times must differ.');
  expect(rowAlert('Tue')).toBeNull();
});

test('a 422 on a nested time from the server shows in that day’s row', async () => {
  mockSave.mockResolvedValue({ error: { status: 422, data: { message: 'The given data was invalid.', errors: { 'working_hours.tue.close': ['Closing time is invalid.'] } } } });
  renderScreen(<BusinessFormPage />, { path: '/create/business' });
  for (const [label, value] of [
    ['Category', '4'],
    ['Name', 'Corner shop'],
    ['Description', 'Bread and milk'],
    ['Address', '1 Main St'],
    ['Phone', '+7 900 000 00 00'],
  ]) {
    await act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
  }
  await act(async () => fireEvent.click(screen.getByTestId('save')));
  expect(mockSave).toHaveBeenCalled();
  expect(rowAlert('Tue')).toBe('Closing time is invalid.');
});
