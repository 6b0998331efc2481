import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import AddressesPage from '../../src/features/addresses/addresses-page';
import CardsPage from '../../src/features/cards/cards-page';
import { address, card, fakeApi, renderAccount, type Call } from './account-fake-api';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const click = (element: HTMLElement) => act(async () => fireEvent.click(element));
const confirmAnswer = (yes: boolean) => jest.spyOn(window, 'confirm').mockReturnValue(yes);

afterEach(() => jest.restoreAllMocks());

describe('addresses', () => {
  let list = [address(1, { is_default: true, flat: '2', entrance: '3', intercom: '25K' }), address(2)];
  const answer = (call: Call) => {
    if (call.method === 'GET') return { status: 200, body: { data: list } };
    if (call.method === 'PUT') {
      list = list.map((a) => ({ ...a, is_default: a.id === 2 }));
      return { status: 200, body: { data: list[1] } };
    }
    if (call.method === 'DELETE') {
      list = list.filter((a) => `/addresses/${a.id}` !== call.path);
      return { status: 204 };
    }
    return undefined;
  };
  beforeEach(() => {
    list = [address(1, { is_default: true, flat: '2', entrance: '3', intercom: '25K' }), address(2)];
  });

  test('the default is marked; the courier details are shown; making another the default sends it whole and the list refreshes', async () => {
    const calls = fakeApi(answer);
    renderAccount('/settings/address', <AddressesPage />, '/settings/address');
    const first = await screen.findByTestId('address-1');
    expect(first.textContent).toContain('Moscow, Tverskaya, 1, 2');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(first.textContent).toContain('entrance 3, intercom 25K');
    expect(within(screen.getByTestId('address-2')).queryByText('Default')).toBeNull();
    await click(within(screen.getByTestId('address-2')).getByText('Make default'));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', path: '/addresses/2', body: expect.objectContaining({ city: 'Moscow', house: '2', is_default: true }) });
    expect(await within(screen.getByTestId('address-2')).findByText('Default')).toBeTruthy();
  });

  test('delete asks first; declined, nothing is sent; confirmed, the address leaves the list', async () => {
    const calls = fakeApi(answer);
    renderAccount('/settings/address', <AddressesPage />, '/settings/address');
    const second = await screen.findByTestId('address-2');
    const ask = confirmAnswer(false);
    await click(within(second).getByText('Delete'));
    expect(ask).toHaveBeenCalledWith('Delete the address Moscow, Tverskaya, 2? Orders already placed keep it.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    confirmAnswer(true);
    await click(within(second).getByText('Delete'));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/addresses/2');
    await waitFor(() => expect(screen.queryByTestId('address-2')).toBeNull());
  });
});

describe('cards', () => {
  test('brand, last four, expiry; the card offered first is marked, an expired one too; delete asks first', async () => {
    let cards = [card(5, { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 }), card(6, { last4: '0002', exp_month: 1, exp_year: 2020, is_expired: true })];
    const calls = fakeApi((call) => {
      if (call.method === 'GET') return { status: 200, body: { data: cards } };
      if (call.method === 'DELETE') {
        cards = cards.filter((c) => `/cards/${c.id}` !== call.path);
        return { status: 204 };
      }
      return undefined;
    });
    renderAccount('/settings/cards', <CardsPage />, '/settings/cards');
    const usable = await screen.findByTestId('card-5');
    expect(usable.textContent).toContain('Mastercard •••• 4444, valid until 03/31');
    expect(within(usable).getByText('Offered first at checkout')).toBeTruthy();
    const old = screen.getByTestId('card-6');
    expect(old.textContent).toContain('Visa •••• 0002, valid until 01/20');
    expect(within(old).getByText('Expired')).toBeTruthy();
    confirmAnswer(true);
    await click(within(old).getByText('Delete'));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/cards/6');
    await waitFor(() => expect(screen.queryByTestId('card-6')).toBeNull());
  });
});
