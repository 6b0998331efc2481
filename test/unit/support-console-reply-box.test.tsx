import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { CannedReplyResource } from '../../shared/api/support';
import { ReplyBox } from '../../src/features/support-console/reply-box';
import { supportConsoleReducer } from '../../src/features/support-console/support-console-slice';
import { renderScreen } from './support/render';

const reply = (id: number, shortcut: string, title: string, content: string): CannedReplyResource => ({ id, shortcut, title, content, created_at: '', updated_at: '' });
const mockCanned = [
  reply(1, 'привет', 'Приветствие', 'Здравствуйте! Меня зовут {имя}.'),
  reply(2, 'код', 'Не приходит код', 'Проверьте папку «Спам».'),
  reply(3, 'доставка', 'Сроки доставки', 'Сроки указывает продавец.'),
];
const mockAddNote = jest.fn(async () => ({ data: {} }));
const mockSendReply = jest.fn();
// The box is tested against the hooks' contract; the caches are tested with the saga.
jest.mock('../../src/features/support-console/support-console-api', () => ({
  useCannedRepliesQuery: () => ({ data: mockCanned }),
  useAddSupportNoteMutation: () => [mockAddNote, { isLoading: false }],
}));
jest.mock('../../src/features/support-console/reply-send', () => ({
  sendReply: (request: unknown) => () => {
    mockSendReply(request);
    return Promise.resolve(null);
  },
}));

function renderBox() {
  const store = configureStore({ reducer: combineReducers({ supportConsole: supportConsoleReducer }) });
  renderScreen(
    <Provider store={store}>
      <ReplyBox id={7} agentName="Сергей Помощников" />
    </Provider>,
    { lang: 'ru' },
  );
  return { store, input: screen.getByTestId('chat-input') as HTMLTextAreaElement };
}

const type = (input: HTMLTextAreaElement, value: string) => fireEvent.change(input, { target: { value } });
const options = () => screen.queryAllByTestId('canned-option').map((option) => option.querySelector('.canned-shortcut')?.textContent);

beforeEach(() => {
  mockAddNote.mockClear();
  mockSendReply.mockClear();
});

test('"/" lists ready answers filtered as you type; arrows move, Enter puts the answer in place of the /word', () => {
  const { input } = renderBox();
  type(input, 'Добрый день! /');
  expect(options()).toHaveLength(3);
  expect(input.getAttribute('aria-expanded')).toBe('true');
  type(input, 'Добрый день! /к');
  expect(options()).toEqual(['/код', '/доставка']);
  expect(input.getAttribute('aria-activedescendant')).toBe('canned-picker-2');
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  expect(input.getAttribute('aria-activedescendant')).toBe('canned-picker-3');
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  expect(input.getAttribute('aria-activedescendant')).toBe('canned-picker-2');
  fireEvent.keyDown(input, { key: 'ArrowUp' });
  fireEvent.keyDown(input, { key: 'Enter' });
  expect(input.value).toBe('Добрый день! Сроки указывает продавец.');
  expect(screen.queryByTestId('canned-picker')).toBeNull();
  // Enter with the list closed sends as usual.
  expect(mockSendReply).not.toHaveBeenCalled();
});

test('the answer names the agent; Escape closes the list and the text stays', () => {
  const { input } = renderBox();
  type(input, '/прив');
  fireEvent.keyDown(input, { key: 'Tab' });
  expect(input.value).toBe('Здравствуйте! Меня зовут Сергей.');
  type(input, '/');
  fireEvent.keyDown(input, { key: 'Escape' });
  expect(screen.queryByTestId('canned-picker')).toBeNull();
  expect(input.value).toBe('/');
});

test('a private note is its own box: no ready answers, no files, and it goes to the notes', async () => {
  const { input, store } = renderBox();
  type(input, 'Черновик ответа');
  fireEvent.click(screen.getByTestId('mode-note'));
  const note = screen.getByTestId('chat-input') as HTMLTextAreaElement;
  expect(note.value).toBe('');
  expect(note.placeholder).toBe('Заметка для сотрудников');
  expect(screen.queryByTestId('chat-file-input')).toBeNull();
  type(note, '/код');
  expect(screen.queryByTestId('canned-picker')).toBeNull();
  type(note, 'Проверить оплату');
  await act(async () => {
    fireEvent.click(screen.getByTestId('chat-send'));
  });
  expect(mockAddNote).toHaveBeenCalledWith({ id: 7, content: 'Проверить оплату' });
  // The reply draft waited in its own box.
  fireEvent.click(screen.getByTestId('mode-reply'));
  expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('Черновик ответа');
  expect(store.getState().supportConsole.noteDrafts[7]).toBeUndefined();
});
