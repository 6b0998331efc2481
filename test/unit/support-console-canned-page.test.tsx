import { act, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { UserResource } from '../../shared/api/users';
import CannedRepliesPage from '../../src/features/support-console/canned-replies-page';
import { createCannedStore, SHORTCUT_TAKEN, type CannedStore } from './support-console-fake-server';
import { renderScreen } from './support/render';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const mockProfile: { data?: Pick<UserResource, 'id' | 'role' | 'name'> } = {};
jest.mock('../../src/session/profile-api', () => ({ useProfileQuery: () => ({ ...mockProfile, isLoading: false, error: undefined }) }));

// The screen is tested against the hooks' contract over the fake server's canned replies (the list
// shows what the server holds after each call); the cache itself is tested in support-console-canned-api.test.ts.
let mockServer: CannedStore;
jest.mock('../../src/features/support-console/support-console-api', () => {
  const { useSyncExternalStore } = jest.requireActual('react');
  const call = async ({ status, body }: { status: number; body?: unknown }) =>
    status < 300 ? { data: (body as { data?: unknown } | undefined)?.data ?? null } : { error: { status, data: body } };
  return {
    useCannedRepliesQuery: () => ({ data: useSyncExternalStore(mockServer.subscribe, () => mockServer.list), isLoading: false, error: undefined }),
    useCreateCannedReplyMutation: () => [(fields: never) => call(mockServer.create(fields))],
    useUpdateCannedReplyMutation: () => [({ id, ...fields }: { id: number }) => call(mockServer.update(id, fields))],
    useDeleteCannedReplyMutation: () => [(id: number) => call(mockServer.remove(id))],
  };
});

beforeEach(() => {
  mockProfile.data = { id: 10, role: 'support', name: 'Сергей Помощников' };
  mockServer = createCannedStore([
    { shortcut: 'привет', title: 'Приветствие', content: 'Здравствуйте! Меня зовут {имя}.' },
    { shortcut: 'код', title: 'Не приходит код', content: 'Проверьте папку «Спам».' },
    { shortcut: 'доставка', title: 'Сроки доставки', content: 'Сроки указывает продавец.' },
  ]);
});

function renderPage() {
  return renderScreen(
    <MemoryRouter initialEntries={['/admin/support/canned']}>
      <Routes>
        <Route path="/admin/support/canned" element={<CannedRepliesPage />} />
        <Route path="/admin/support" element={<h1>Консоль</h1>} />
        <Route path="/home" element={<h1>Главная</h1>} />
      </Routes>
    </MemoryRouter>,
    { lang: 'ru' },
  );
}

const rows = () => screen.queryAllByTestId('canned-item').map((row) => row.querySelector('.canned-entry-head')?.textContent);
const field = (label: RegExp | string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });
const press = (name: string) => act(async () => fireEvent.click(button(name)));
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);
const SHORTCUT = /Сокращение/;

test('staff see every reply by shortcut with its title and text, and a way back to the console', () => {
  renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Шаблоны ответов' })).toBeTruthy();
  expect(document.title).toBe('Шаблоны ответов — Базар');
  expect(rows()).toEqual(['/доставкаСроки доставки', '/кодНе приходит код', '/приветПриветствие']);
  expect(within(screen.getAllByTestId('canned-item')[2]).getByText('Здравствуйте! Меня зовут {имя}.')).toBeTruthy();
  // Every button says which reply it is for.
  expect(button('Изменить шаблон /код')).toBeTruthy();
  expect(button('Удалить шаблон /код')).toBeTruthy();
  fireEvent.click(screen.getByRole('link', { name: 'К консоли поддержки' }));
  expect(screen.getByRole('heading', { name: 'Консоль' })).toBeTruthy();
});

test('anyone but staff is sent home', () => {
  mockProfile.data = { id: 50, role: 'user', name: 'Пётр Вопросов' };
  renderPage();
  expect(screen.getByRole('heading', { name: 'Главная' })).toBeTruthy();
});

test('a new reply: the form opens on the shortcut, the shared rule explains what is wrong, the saved reply takes its place and the focus', async () => {
  renderPage();
  await press('Добавить шаблон');
  expect(screen.getByRole('form', { name: 'Новый шаблон' })).toBeTruthy();
  expect(document.activeElement).toBe(field(SHORTCUT));

  await press('Сохранить');
  expect(alerts()).toEqual(['Поле обязательно.', 'Поле обязательно.', 'Поле обязательно.']);
  expect(field('Название').getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(field(SHORTCUT));

  type(SHORTCUT, 'оплата картой');
  type('Название', 'Оплата картой');
  type('Текст ответа', 'Попробуйте другую карту или СБП.');
  await press('Сохранить');
  expect(alerts()).toEqual(['Сокращение может содержать только буквы, цифры, «-» и «_».']);
  expect(mockServer.list).toHaveLength(3);

  type(SHORTCUT, 'Оплата');
  await press('Сохранить');
  expect(screen.queryByRole('form')).toBeNull();
  expect(rows()).toEqual(['/доставкаСроки доставки', '/кодНе приходит код', '/оплатаОплата картой', '/приветПриветствие']);
  expect(screen.getByTestId('canned-notice').textContent).toBe('Шаблон /оплата добавлен.');
  expect(document.activeElement).toBe(button('Изменить шаблон /оплата'));
});

test('a shortcut another reply has: the server names it on the field, what was typed stays, and a new shortcut saves', async () => {
  renderPage();
  await press('Добавить шаблон');
  type(SHORTCUT, 'Код');
  type('Название', 'Код не пришёл');
  type('Текст ответа', 'Код придёт в течение минуты.');
  await press('Сохранить');
  expect(alerts()).toEqual([SHORTCUT_TAKEN]);
  expect(field(SHORTCUT).getAttribute('aria-invalid')).toBe('true');
  expect(field(SHORTCUT).getAttribute('aria-describedby')).toBe('field-shortcut-error');
  expect(document.activeElement).toBe(field(SHORTCUT));
  expect([field(SHORTCUT).value, field('Название').value, field('Текст ответа').value]).toEqual(['Код', 'Код не пришёл', 'Код придёт в течение минуты.']);
  expect(mockServer.list).toHaveLength(3);
  // Leaving a field checks the form again: the server's word stays while the shortcut is what it refused.
  await act(async () => fireEvent.blur(field('Текст ответа')));
  expect(alerts()).toEqual([SHORTCUT_TAKEN]);
  type('Название', 'Код не пришёл вовсе');
  await act(async () => fireEvent.blur(field('Название')));
  expect(alerts()).toEqual([SHORTCUT_TAKEN]);

  type(SHORTCUT, 'код-минута');
  await press('Сохранить');
  expect(rows()).toContain('/код-минутаКод не пришёл вовсе');
});

test('a reply is changed in place; Cancel and Escape leave it as it was, and the focus goes back to its Edit button', async () => {
  renderPage();
  await press('Изменить шаблон /код');
  const form = screen.getByRole('form', { name: 'Изменение шаблона /код' });
  expect([field(SHORTCUT).value, field('Название').value, field('Текст ответа').value]).toEqual(['код', 'Не приходит код', 'Проверьте папку «Спам».']);
  // One thing at a time: the other replies wait.
  expect((button('Изменить шаблон /привет') as HTMLButtonElement).disabled).toBe(true);
  expect((button('Добавить шаблон') as HTMLButtonElement).disabled).toBe(true);

  type('Название', 'Черновик, который не нужен');
  await press('Отмена');
  expect(rows()).toContain('/кодНе приходит код');
  expect(document.activeElement).toBe(button('Изменить шаблон /код'));

  await press('Изменить шаблон /код');
  fireEvent.keyDown(field('Название'), { key: 'Escape' });
  expect(screen.queryByRole('form')).toBeNull();
  expect(document.activeElement).toBe(button('Изменить шаблон /код'));
  expect(form.isConnected).toBe(false);

  await press('Изменить шаблон /код');
  type('Название', 'Код не приходит');
  type('Текст ответа', 'Проверьте папку «Спам» и подождите минуту.');
  await press('Сохранить');
  expect(rows()).toContain('/кодКод не приходит');
  expect(mockServer.list.find((reply) => reply.shortcut === 'код')?.content).toBe('Проверьте папку «Спам» и подождите минуту.');
  expect(screen.getByTestId('canned-notice').textContent).toBe('Шаблон /код сохранён.');
  expect(document.activeElement).toBe(button('Изменить шаблон /код'));
});

test('changing a shortcut to a taken one is refused on the field and keeps the edit', async () => {
  renderPage();
  await press('Изменить шаблон /код');
  type(SHORTCUT, 'привет');
  type('Название', 'Новое название');
  await press('Сохранить');
  expect(alerts()).toEqual([SHORTCUT_TAKEN]);
  expect([field(SHORTCUT).value, field('Название').value]).toEqual(['привет', 'Новое название']);
  expect(document.activeElement).toBe(field(SHORTCUT));
  await press('Отмена');
  expect(rows()).toEqual(['/доставкаСроки доставки', '/кодНе приходит код', '/приветПриветствие']);
});

test('a reply is deleted only after a yes; the focus starts on keeping it and then moves to the next reply', async () => {
  renderPage();
  await press('Удалить шаблон /код');
  const question = screen.getByRole('group', { name: 'Удалить шаблон /код? Агенты больше не смогут его вставить.' });
  expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Оставить' }));
  await press('Оставить');
  expect(rows()).toHaveLength(3);
  expect(document.activeElement).toBe(button('Удалить шаблон /код'));

  await press('Удалить шаблон /код');
  await press('Да, удалить');
  expect(rows()).toEqual(['/доставкаСроки доставки', '/приветПриветствие']);
  expect(screen.getByTestId('canned-notice').textContent).toBe('Шаблон /код удалён.');
  expect(document.activeElement).toBe(button('Изменить шаблон /привет'));

  // The last one gone, the focus goes to adding a new one.
  await press('Удалить шаблон /доставка');
  await press('Да, удалить');
  await press('Удалить шаблон /привет');
  await press('Да, удалить');
  expect(screen.getByTestId('canned-empty').textContent).toBe('Шаблонов пока нет. Добавьте первый, и он появится в консоли по «/».');
  expect(document.activeElement).toBe(button('Добавить шаблон'));
});
