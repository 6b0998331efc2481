import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategory } from '../../shared/api/admin-categories';
import AdminCategoriesPage from '../../src/features/admin-categories/admin-categories-page';
import { fakeApi, renderWorks, settle, where, type Call } from './olympiad-works-kit';

/** The admin's categories screen against a fake API: the form's rules, the server's refusals, order, delete and merge. */

const PAGE = '/admin/categories';
const profile = (role: string) => ({ data: { id: 1, name: 'Anna Admin', email: 'admin@example.com', phone: null, role, image: null, created_at: '' } });

const category = (id: number, name: string, nameEn: string, usage: number, extra: Partial<AdminCategory> = {}): AdminCategory => ({
  id,
  type: 'ad',
  kind: null,
  slug: nameEn.toLowerCase(),
  name,
  name_en: nameEn,
  icon: 'car',
  position: id * 10,
  usage,
  ...extra,
});

function server(role: string, rows: AdminCategory[], answers: (call: Call) => { status: number; body?: unknown } | undefined = () => undefined) {
  return fakeApi((call: Call) => {
    if (call.path === '/profile') return { status: 200, body: profile(role) };
    if (call.path === '/admin/counts') return { status: 200, body: { data: {} } };
    if (call.method === 'GET' && call.path === '/admin/categories') return { status: 200, body: { data: rows.filter((row) => row.type === call.query.type) } };
    return answers(call);
  });
}

const rowsOf = async () => (await screen.findAllByTestId('category-row-name')).map((cell) => cell.textContent);

test('a new category: both names and an icon are required before anything is sent; a taken slug shows under the English name and keeps what was typed', async () => {
  const calls = server('admin', [category(1, 'Транспорт', 'Vehicles', 3)], (call) =>
    call.method === 'POST' && call.path === '/admin/categories'
      ? { status: 422, body: { message: 'The data is invalid.', errors: { name_en: ['Another category already has the address “vehicles”: choose a different English name.'] } } }
      : undefined,
  );
  renderWorks(PAGE, <AdminCategoriesPage />, PAGE);
  expect(await rowsOf()).toEqual(['Транспорт']);
  await act(async () => {
    fireEvent.click(screen.getByTestId('category-add'));
    await settle();
  });
  const form = screen.getByTestId('category-form');
  await act(async () => {
    fireEvent.click(within(form).getByTestId('category-save'));
    await settle();
  });
  expect(within(form).getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['The field is required.', 'The field is required.', 'Choose an icon from the list.']);
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  await act(async () => {
    fireEvent.change(within(form).getByLabelText('Name in Russian'), { target: { value: 'Машины' } });
    fireEvent.change(within(form).getByLabelText('Name in English'), { target: { value: 'Vehicles' } });
    fireEvent.click(within(form).getByLabelText('Truck'));
    fireEvent.click(within(form).getByTestId('category-save'));
    await settle();
  });
  expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ type: 'ad', kind: null, name: 'Машины', name_en: 'Vehicles', icon: 'truck' });
  expect(await within(form).findByText('Another category already has the address “vehicles”: choose a different English name.')).toBeTruthy();
  expect((within(form).getByLabelText('Name in Russian') as HTMLInputElement).value).toBe('Машины');
});

test('order: moving a category down sends the whole new order once; the first cannot go up', async () => {
  const rows = [category(1, 'Транспорт', 'Vehicles', 3), category(2, 'Недвижимость', 'Real estate', 0), category(3, 'Работа', 'Jobs', 1)];
  const calls = server('admin', rows, (call) => {
    if (call.method !== 'PUT' || call.path !== '/admin/categories/order') return undefined;
    const ids = (call.body as { ids: number[] }).ids;
    rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    return { status: 200, body: { data: rows } };
  });
  renderWorks(PAGE, <AdminCategoriesPage />, PAGE);
  await rowsOf();
  expect((screen.getByRole('button', { name: 'Move “Транспорт” up' }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Move “Транспорт” down' }));
    await settle();
  });
  expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ type: 'ad', kind: null, ids: [2, 1, 3] }]);
  expect((await screen.findByTestId('category-notice')).textContent).toBe('“Транспорт” is now number 2.');
  expect(await rowsOf()).toEqual(['Недвижимость', 'Транспорт', 'Работа']);
  // The keyboard stays where it was: on the moved row's button, to move it again.
  await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move “Транспорт” down'));
});

test('delete is disabled for a used category, with the reason; merge refuses an empty choice and never offers the category itself', async () => {
  const rows = [category(1, 'Транспорт', 'Vehicles', 3), category(2, 'Недвижимость', 'Real estate', 0), category(3, 'Работа', 'Jobs', 1)];
  const calls = server('admin', rows, (call) =>
    call.path === '/admin/categories/ad/1/merge' ? { status: 200, body: { data: { target: { ...rows[2], usage: 4 }, moved: 3 } } } : undefined,
  );
  renderWorks(PAGE, <AdminCategoriesPage />, PAGE);
  await rowsOf();
  const used = screen.getByRole('button', { name: 'Delete “Транспорт”' }) as HTMLButtonElement;
  expect(used.disabled).toBe(true);
  expect(document.getElementById(used.getAttribute('aria-describedby')!)?.textContent).toBe('In use: merge it into another category to remove it.');
  expect((screen.getByRole('button', { name: 'Delete “Недвижимость”' }) as HTMLButtonElement).disabled).toBe(false);
  fireEvent.click(screen.getByRole('button', { name: 'Merge “Транспорт” into another category' }));
  const dialog = screen.getByRole('dialog');
  expect(within(dialog).getByText('3 items move to the category you choose. Then “Транспорт” is deleted.')).toBeTruthy();
  const options = within(dialog).getAllByRole('option').map((option) => option.textContent);
  expect(options).toEqual(['Choose a category…', 'Недвижимость / Real estate', 'Работа / Jobs']);
  await act(async () => {
    fireEvent.click(within(dialog).getByTestId('category-merge-confirm'));
    await settle();
  });
  expect(within(dialog).getByRole('alert').textContent).toBe('Choose the category to merge into.');
  fireEvent.change(within(dialog).getByLabelText('Merge into'), { target: { value: '3' } });
  await act(async () => {
    fireEvent.click(within(dialog).getByTestId('category-merge-confirm'));
    await settle();
  });
  expect(calls.find((call) => call.path === '/admin/categories/ad/1/merge')?.body).toEqual({ target_id: 3 });
  expect((await screen.findByTestId('category-notice')).textContent).toBe('“Транспорт” is merged into “Работа”: 3 items moved.');
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('business categories: the kind is in the URL, and a new one is of the kind shown', async () => {
  const rows = [category(7, 'Кафе', 'Cafés', 2, { type: 'business', kind: 'restaurant', icon: 'cup' }), category(8, 'Уборка', 'Cleaning', 0, { type: 'business', kind: 'service', icon: 'broom' })];
  server('admin', rows);
  renderWorks(PAGE, <AdminCategoriesPage />, `${PAGE}?type=business&kind=service`);
  expect(await rowsOf()).toEqual(['Уборка']);
  await act(async () => {
    fireEvent.click(screen.getByTestId('category-add'));
    await settle();
  });
  expect((screen.getByLabelText('Kind of business') as HTMLSelectElement).value).toBe('service');
  fireEvent.click(screen.getByTestId('category-kind-restaurant'));
  await waitFor(() => expect(where.path).toBe('/admin/categories?type=business&kind=restaurant'));
  expect(await rowsOf()).toEqual(['Кафе']);
});

test('moderators are not admins: they are sent away from the screen', async () => {
  server('moderator', []);
  renderWorks(PAGE, <AdminCategoriesPage />, PAGE);
  await waitFor(() => expect(where.path).not.toBe(PAGE));
});
