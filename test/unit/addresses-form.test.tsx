import { act, fireEvent, screen } from '@testing-library/react';
import { returnPath } from '../../src/account/return-path';
import AddressFormPage from '../../src/features/addresses/address-form-page';
import { address, fakeApi, refusal, renderAccount, settle, where, type Answer } from './account-fake-api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const PATTERNS = { add: '/settings/address/add', edit: '/settings/address/edit/:id' };
const type = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));
const blur = (label: string) => act(async () => fireEvent.blur(screen.getByLabelText(label)));
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByTestId('save-address')));
  await act(settle);
};
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

async function fillRequired() {
  await type('City', 'Kazan');
  await type('Street', 'Baumana');
  await type('House', '5');
}

const created: Answer = (call) => (call.method === 'POST' && call.path === '/addresses' ? { status: 201, body: { data: address(12, call.body as object) } } : undefined);

test('the shared rules name every missing required field, translated, and nothing is sent', async () => {
  const calls = fakeApi(created);
  renderAccount(PATTERNS.add, <AddressFormPage />, '/settings/address/add');
  await submit();
  expect(alerts()).toEqual(['The field is required.', 'The field is required.', 'The field is required.']);
  expect(screen.getByLabelText('City').getAttribute('aria-invalid')).toBe('true');
  expect(calls).toEqual([]);
});

test('in Russian, the default language, the same rules speak Russian', async () => {
  fakeApi(created);
  renderAccount(PATTERNS.add, <AddressFormPage />, '/settings/address/add', 'ru');
  await act(async () => fireEvent.click(screen.getByTestId('save-address')));
  await act(settle);
  expect(alerts()).toEqual(['Поле обязательно.', 'Поле обязательно.', 'Поле обязательно.']);
  expect(screen.getByLabelText('Город')).toBeTruthy();
});

test('a server 422 on a field stays through blurs and other changes until that field changes', async () => {
  const calls = fakeApi((call) => (call.method === 'POST' ? refusal({ house: ['The house number is too long for the courier.'] }) : undefined));
  renderAccount(PATTERNS.add, <AddressFormPage />, '/settings/address/add');
  await fillRequired();
  await submit();
  expect(alerts()).toEqual(['The house number is too long for the courier.']);
  await blur('House');
  await type('Floor', '3');
  expect(alerts()).toEqual(['The house number is too long for the courier.']);
  await type('House', '5A');
  expect(alerts()).toEqual([]);
  expect(calls).toHaveLength(1);
});

test('empty optional fields are sent as null, text trimmed; after saving, `next` is followed with the new address chosen', async () => {
  const calls = fakeApi(created);
  renderAccount(PATTERNS.add, <AddressFormPage />, `/settings/address/add?next=${encodeURIComponent('/cart?step=checkout')}`);
  await fillRequired();
  await type('Flat or office', ' 12 ');
  await submit();
  expect(calls[0].body).toEqual({ city: 'Kazan', street: 'Baumana', house: '5', flat: '12', entrance: null, floor: null, intercom: null, comment: null, is_default: false });
  expect(where.path).toBe('/cart?step=checkout&address=12');
});

test.each(['https://evil.example/x', '//evil.example', '/\t/evil.example', 'javascript:alert(1)'])('an off-site `next` (%s) is ignored: back to the list', async (next) => {
  fakeApi(created);
  renderAccount(PATTERNS.add, <AddressFormPage />, `/settings/address/add?next=${encodeURIComponent(next)}`);
  await fillRequired();
  await submit();
  expect(where.path).toBe('/settings/address');
});

test('returnPath keeps a same-site path and its query, replacing an older choice', () => {
  expect(returnPath('/cart?step=checkout&address=3', '/list', { param: 'address', id: 9 })).toBe('/cart?step=checkout&address=9');
  expect(returnPath(null, '/list')).toBe('/list');
  expect(returnPath('/\\evil.example', '/list')).toBe('/list');
});

test('editing loads the address, sends every field with PUT and returns to the list; the default one cannot be unset here', async () => {
  const home = address(4, { flat: '7', is_default: true });
  const calls = fakeApi((call) => {
    if (call.method === 'GET') return { status: 200, body: { data: [home] } };
    if (call.method === 'PUT') return { status: 200, body: { data: { ...home, ...(call.body as object) } } };
    return undefined;
  });
  renderAccount(PATTERNS.edit, <AddressFormPage />, '/settings/address/edit/4');
  expect(((await screen.findByLabelText('Flat or office')) as HTMLInputElement).value).toBe('7');
  expect(screen.queryByLabelText('Make this my default address')).toBeNull();
  expect(screen.getByText(/This is your default address/)).toBeTruthy();
  await type('Street', 'Arbat');
  await submit();
  expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/addresses/4', body: expect.objectContaining({ street: 'Arbat', flat: '7', is_default: true }) });
  expect(where.path).toBe('/settings/address');
});

test('an address that is not among mine says so', async () => {
  fakeApi((call) => (call.method === 'GET' ? { status: 200, body: { data: [] } } : undefined));
  renderAccount(PATTERNS.edit, <AddressFormPage />, '/settings/address/edit/99');
  expect((await screen.findByRole('alert')).textContent).toBe('This address was not found: it may have been deleted.');
});

test('the limit of saved addresses is said on the form', async () => {
  fakeApi((call) => (call.method === 'POST' ? refusal({ _: ['You can keep at most 20 addresses.'] }) : undefined));
  renderAccount(PATTERNS.add, <AddressFormPage />, '/settings/address/add');
  await fillRequired();
  await submit();
  expect(alerts()).toEqual(['You can keep at most 20 addresses.']);
});
