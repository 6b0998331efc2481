import { act, fireEvent, screen } from '@testing-library/react';
import CardAddPage from '../../src/features/cards/card-add-page';
import { card, fakeApi, refusal, renderAccount, settle, where, type Answer } from './account-fake-api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const PATTERN = '/settings/cards/add';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => act(async () => fireEvent.change(field(label), { target: { value } }));
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByTestId('save-card')));
  await act(settle);
};
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

async function fill(number: string, expiry = '12/39', cvc = '123') {
  await type('Card number', number);
  await type('Valid until', expiry);
  await type('CVC', cvc);
}

const saved: Answer = (call) => {
  if (call.method === 'POST' && call.path === '/cards') return { status: 201, body: { data: card(31) } };
  if (call.method === 'GET' && call.path === '/cards') return { status: 200, body: { data: [card(31)] } };
  return undefined;
};

/** No trace of the typed number (with or without its spaces) or CVC anywhere the SPA keeps things. */
function expectNoSecrets(store: { getState: () => unknown }, actions: unknown[], secrets: string[]) {
  const kept = [JSON.stringify(store.getState()), JSON.stringify(actions), JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })].join('\n');
  for (const secret of secrets) expect(kept).not.toContain(secret);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

test('the fields tell the browser and the keyboard what they are', () => {
  fakeApi(saved);
  renderAccount(PATTERN, <CardAddPage />, PATTERN);
  expect(field('Card number').getAttribute('autocomplete')).toBe('cc-number');
  expect(field('Valid until').getAttribute('autocomplete')).toBe('cc-exp');
  expect(field('CVC').getAttribute('autocomplete')).toBe('cc-csc');
  expect(field('Name on the card (optional)').getAttribute('autocomplete')).toBe('cc-name');
  for (const label of ['Card number', 'Valid until', 'CVC']) expect(field(label).getAttribute('inputmode')).toBe('numeric');
});

test('a mistyped number fails the Luhn check on the client; nothing is sent', async () => {
  const calls = fakeApi(saved);
  renderAccount(PATTERN, <CardAddPage />, PATTERN);
  await fill('4242 4242 4242 4241');
  await submit();
  expect(alerts()).toEqual(['The card number is mistyped.']);
  expect(calls).toEqual([]);
});

test('an expired card and a short CVC are refused on the client, in Russian by default', async () => {
  fakeApi(saved);
  renderAccount(PATTERN, <CardAddPage />, PATTERN, 'ru');
  await type('Номер карты', '4242 4242 4242 4242');
  await type('Срок действия', '01/20');
  await type('CVC/CVV', '12');
  await act(async () => fireEvent.click(screen.getByTestId('save-card')));
  await act(settle);
  expect(alerts()).toEqual(['Срок действия карты истёк.', 'CVC — это 3 или 4 цифры.']);
});

test("a declined card: the server's message is shown, the number and CVC are emptied and kept nowhere", async () => {
  const calls = fakeApi((call) => (call.method === 'POST' ? refusal({ number: ['The bank did not accept this card.'] }) : undefined));
  const { store, actions } = renderAccount(PATTERN, <CardAddPage />, PATTERN);
  await fill('4000 0000 0000 0002', '12/39', '321');
  await type('Name on the card (optional)', 'Anna Petrova');
  await submit();
  expect(calls).toHaveLength(1);
  expect(alerts()).toEqual(['The bank did not accept this card.']);
  expect(field('Card number').value).toBe('');
  expect(field('CVC').value).toBe('');
  // What is not secret stays, so only the card has to be typed again.
  expect(field('Valid until').value).toBe('12/39');
  expect(field('Name on the card (optional)').value).toBe('Anna Petrova');
  expect(where.path).toBe(PATTERN);
  expectNoSecrets(store, actions, ['4000 0000 0000 0002', '4000000000000002', '321']);
});

test('a server refusal of the expiry stays on that field until it changes', async () => {
  fakeApi((call) => (call.method === 'POST' ? refusal({ expiry: ['The card has expired.'] }) : undefined));
  renderAccount(PATTERN, <CardAddPage />, PATTERN);
  await fill('4242 4242 4242 4242');
  await submit();
  expect(alerts()).toEqual(['The card has expired.']);
  await type('Valid until', '11/39');
  expect(alerts()).not.toContain('The card has expired.');
});

test('a saved card: the number goes as typed, only to the request; then back to `next` with the card chosen', async () => {
  const calls = fakeApi(saved);
  const { store, actions } = renderAccount(PATTERN, <CardAddPage />, `${PATTERN}?next=${encodeURIComponent('/cart?step=checkout')}`);
  await fill('4242 4242 4242 4242', '12/39', '987');
  await submit();
  expect(calls[0]).toEqual({ method: 'POST', path: '/cards', body: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '987', holder: null } });
  expect(where.path).toBe('/cart?step=checkout&card=31');
  expectNoSecrets(store, actions, ['4242 4242 4242 4242', '4242424242424242', '987']);
});

test('without `next` a saved card leads to the list', async () => {
  fakeApi(saved);
  renderAccount(PATTERN, <CardAddPage />, `${PATTERN}?next=${encodeURIComponent('https://evil.example')}`);
  await fill('4242 4242 4242 4242');
  await submit();
  expect(where.path).toBe('/settings/cards');
});
