import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IMPORT_MAX_CHARS } from '../../shared/validation/olympiad-tests';
import StaffImportPage from '../../src/features/olympiad-tests/staff/staff-import-page';
import { renderScreen } from './support/render';

const mockRun = jest.fn();
jest.mock('../../src/features/olympiad-tests/staff-tests-api', () => ({
  useImportQuestionsMutation: () => [mockRun],
  useStaffTestsQuery: () => ({ data: [{ id: 3, title: 'Тренировка', title_en: 'Warm-up', stage_kind: 'training' }] }),
}));
// The frame only checks the role and draws the staff menu; the form is what is tested here.
jest.mock('../../src/features/olympiad-tests/staff/staff-frame', () => ({ StaffFrame: ({ children }: { children: ReactNode }) => children }));

const GIFT = '::Q1:: 2+2 = {=4 ~5}';
const report = { format: 'gift', dry_run: true, imported: [{ id: null, name: 'Q1', type: 'single_choice', category: '', source: 'line 1' }], skipped: [], categories: [] };

/** A chosen file; its text is given outright (jsdom's Blob may not read one). */
function fileOf(name: string, content: string) {
  const file = new File([content], name, { type: 'text/plain' });
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(content) });
  return file;
}

const choose = (file: File) => act(async () => fireEvent.change(screen.getByTestId('import-file'), { target: { files: [file] } }));
const submit = () => act(async () => fireEvent.click(screen.getByTestId('import-submit')));
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

beforeEach(() => mockRun.mockReset());

test('no file: the shared rule asks for one, in the reader’s language, and nothing is sent', async () => {
  renderScreen(<StaffImportPage />, { lang: 'ru' });
  await submit();
  expect(alerts()).toEqual(['Выберите файл.']);
  expect(screen.getByTestId('import-file').getAttribute('aria-invalid')).toBe('true');
  expect(mockRun).not.toHaveBeenCalled();
});

test('a file over the route’s limit is refused before sending, with the limit named', async () => {
  renderScreen(<StaffImportPage />);
  await choose(fileOf('big.gift', 'x'.repeat(IMPORT_MAX_CHARS + 1)));
  await submit();
  expect(alerts()).toEqual([`The file is too large: at most ${IMPORT_MAX_CHARS} characters.`]);
  expect(mockRun).not.toHaveBeenCalled();
});

test('the chosen file is sent as text with the options, and the report is shown', async () => {
  mockRun.mockReturnValue({ unwrap: () => Promise.resolve(report) });
  renderScreen(<StaffImportPage />);
  await choose(fileOf('bank.gift', GIFT));
  await act(async () => fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'gift' } }));
  await act(async () => fireEvent.change(screen.getByLabelText('Category for questions without one'), { target: { value: '  Arithmetic ' } }));
  await act(async () => fireEvent.change(screen.getByLabelText('Add the questions to a test'), { target: { value: '3' } }));
  await act(async () => fireEvent.click(screen.getByLabelText('Only check, save nothing')));
  await submit();
  expect(mockRun).toHaveBeenCalledWith({ content: GIFT, filename: 'bank.gift', format: 'gift', category: 'Arithmetic', test_id: 3, dry_run: true });
  await waitFor(() => expect(screen.getByTestId('import-report')).toBeTruthy());
});

test('the server’s 422 on the file’s text shows on the file field until another file is chosen', async () => {
  const refused = { status: 422, data: { message: 'The given data was invalid.', errors: { content: ['GIFT format error on line 1: the answer block is never closed with a curly brace. Nothing was imported.'] } } };
  mockRun.mockReturnValueOnce({ unwrap: () => Promise.reject(refused) }).mockReturnValue({ unwrap: () => Promise.resolve(report) });
  renderScreen(<StaffImportPage />);
  await choose(fileOf('bank.gift', '::Q1:: 2+2 = {=4'));
  await submit();
  expect(alerts()).toEqual(['GIFT format error on line 1: the answer block is never closed with a curly brace. Nothing was imported.']);
  // Changing something else keeps the verdict: the same file would be refused again.
  await act(async () => fireEvent.change(screen.getByLabelText('Format'), { target: { value: 'gift' } }));
  await submit();
  expect(mockRun).toHaveBeenCalledTimes(1);
  expect(alerts()).toHaveLength(1);
  await choose(fileOf('fixed.gift', GIFT));
  expect(alerts()).toEqual([]);
  await submit();
  expect(mockRun).toHaveBeenCalledTimes(2);
});

test('a 422 on the test goes under the test’s select', async () => {
  const refused = { status: 422, data: { message: 'The given data was invalid.', errors: { test_id: ['There is no such test.'] } } };
  mockRun.mockReturnValue({ unwrap: () => Promise.reject(refused) });
  renderScreen(<StaffImportPage />);
  await choose(fileOf('bank.gift', GIFT));
  await act(async () => fireEvent.change(screen.getByLabelText('Add the questions to a test'), { target: { value: '3' } }));
  await submit();
  expect(screen.getByLabelText('Add the questions to a test').getAttribute('aria-describedby')).toBe('import-test_id-error');
  expect(alerts()).toEqual(['There is no such test.']);
});
