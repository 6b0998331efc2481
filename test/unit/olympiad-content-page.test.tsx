import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import type { ContentResource } from '../../shared/api/olympiad-content';
import { authReducer } from '../../src/session/session-slice';
import { ContentPage } from '../../src/features/olympiad/content/content-page';
import { splitDuration } from '../../src/features/olympiad/stages/stage-countdown';
import { renderScreen } from './support/render';

let mockPage: ContentResource;
const mockSave = jest.fn();
jest.mock('../../src/features/olympiad/olympiad-api', () => ({
  useOlympiadContentQuery: () => ({ data: mockPage, isLoading: false, error: undefined }),
  useSaveOlympiadContentMutation: () => [mockSave, { isLoading: false }],
}));

const page = (extra: Partial<ContentResource> = {}): ContentResource => ({
  key: 'rules',
  title: 'Olympiad rules',
  body: '## 1. Participants\n- Aged 10 to 18.',
  updated_at: '2026-11-20T10:00:00.000Z',
  editable: false,
  ...extra,
});

function show() {
  const store = configureStore({ reducer: combineReducers({ auth: authReducer }) });
  return renderScreen(
    <Provider store={store}>
      <MemoryRouter>
        <ContentPage contentKey="rules" />
      </MemoryRouter>
    </Provider>,
  );
}

beforeEach(() => mockSave.mockReset());

test('a reader sees the page text from the server and no edit button', () => {
  mockPage = page();
  show();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Olympiad rules');
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1. Participants');
  expect(screen.queryByTestId('edit-content')).toBeNull();
});

test('staff edit both languages at once and save', async () => {
  mockPage = page({
    editable: true,
    translations: { ru: { title: 'Правила олимпиады', body: 'Текст' }, en: { title: 'Olympiad rules', body: 'Text' } },
  });
  mockSave.mockReturnValue({ unwrap: () => Promise.resolve(mockPage) });
  show();
  fireEvent.click(screen.getByTestId('edit-content'));
  // The editor is a chunk of its own, loaded on the press.
  const titles = (await screen.findAllByLabelText('Title')) as HTMLInputElement[];
  expect(titles.map((t) => t.value)).toEqual(['Правила олимпиады', 'Olympiad rules']);
  fireEvent.change(screen.getAllByLabelText('Text')[1], { target: { value: 'New English text' } });
  await act(async () => fireEvent.click(screen.getByTestId('save-content')));
  expect(mockSave).toHaveBeenCalledWith({
    key: 'rules',
    body: { ru: { title: 'Правила олимпиады', body: 'Текст' }, en: { title: 'Olympiad rules', body: 'New English text' } },
  });
  expect(screen.queryByTestId('content-editor')).toBeNull();
});

test('a blank title is refused in the form before anything is sent', async () => {
  mockPage = page({ editable: true, translations: { ru: { title: 'П', body: 'Т' }, en: { title: 'R', body: 'T' } } });
  show();
  fireEvent.click(screen.getByTestId('edit-content'));
  fireEvent.change((await screen.findAllByLabelText('Title'))[0], { target: { value: '  ' } });
  await act(async () => fireEvent.click(screen.getByTestId('save-content')));
  expect(await screen.findByText('There are blank fields.')).toBeTruthy();
  expect(mockSave).not.toHaveBeenCalled();
});

test('the countdown splits what is left into days, hours, minutes and seconds, rounding up to the next second', () => {
  expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  expect(splitDuration(59_001)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  expect(splitDuration(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
});
