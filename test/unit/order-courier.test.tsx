import { act, fireEvent, screen } from '@testing-library/react';
import type { DeliveryResource } from '../../shared/api/deliveries';
import type { OrderResource } from '../../shared/api/orders';
import { runSchema } from '../../shared/validation/run-schema';
import { deliverySchema } from '../../shared/validation/orders';
import en from '../../src/locales/en.json';
import ru from '../../src/locales/ru.json';
import BusinessOrderPage from '../../src/features/orders/business-order-page';
import OrderPage from '../../src/features/orders/order-page';
import { fakeApi, renderAccount, settle, type Answer } from './account-fake-api';
import { order } from './orders-fixtures';

jest.mock('../../src/services/app-config', () => ({ appConfig: () => ({ apiUrl: 'http://api.test' }) }));

const SELLER = { pattern: '/order/business/:id', url: '/order/business/42' };
const BUYER = { pattern: '/order/:id', url: '/order/42' };

const delivery = (extra: Partial<DeliveryResource> = {}): DeliveryResource => ({
  id: 5,
  order_id: 42,
  courier_name: 'Ivan',
  courier_phone: '+79001234567',
  tracking_code: 'TRK-1',
  expected_at: '2026-01-02T15:30:00.000Z',
  created_at: '2026-01-01T12:00:00.000Z',
  ...extra,
});

/** The order at GET /orders/42, and what POST /deliveries answers. */
function serve(current: () => OrderResource, onDelivery?: Answer): ReturnType<typeof fakeApi> {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/orders/42') return { status: 200, body: { data: current() } };
    if (call.method === 'POST' && call.path === '/deliveries') return onDelivery?.(call);
    return undefined;
  });
}

async function openSeller(value: OrderResource, onDelivery?: Answer, lang: 'en' | 'ru' = 'en') {
  const calls = serve(() => value, onDelivery);
  renderAccount(SELLER.pattern, <BusinessOrderPage />, SELLER.url, lang);
  await act(settle);
  return calls;
}

const type = (id: string, value: string) => act(async () => fireEvent.change(document.getElementById(`courier-${id}`)!, { target: { value } }));
const submit = async () => {
  await act(async () => fireEvent.click(screen.getByTestId('courier-submit')));
  await act(settle);
};
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);
const accepted = (extra: Partial<OrderResource> = {}) => order({ status: 'accepted', delivery_kind: 'courier', viewer: 'seller', ...extra });

describe('the seller hands a courier order to a courier', () => {
  test('the form shows only while the shared machine allows it and no courier is recorded', async () => {
    const cases: Array<[Partial<OrderResource>, boolean]> = [
      [{}, true],
      [{ status: 'shipped' }, true],
      [{ status: 'placed' }, false],
      [{ status: 'delivered' }, false],
      [{ delivery_kind: 'pickup' }, false],
      [{ delivery: delivery() }, false],
      [{ viewer: 'buyer' }, false],
    ];
    for (const [extra, shown] of cases) {
      serve(() => accepted(extra));
      const view = renderAccount(SELLER.pattern, <BusinessOrderPage />, SELLER.url);
      await act(settle);
      expect({ extra, shown: screen.queryByTestId('courier-form') !== null }).toEqual({ extra, shown });
      view.unmount();
    }
  });

  test('the shared rule speaks first, translated, and nothing is sent', async () => {
    const calls = await openSeller(accepted());
    await submit();
    expect(alerts()).toEqual([en['validation.required']]);
    await type('courier_name', 'Ivan');
    await type('courier_phone', 'call me');
    await submit();
    expect(alerts()).toEqual([en['validation.phone']]);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    // A browser's date-time field cannot hold junk; the rule (the server's too) refuses it anyway.
    const junk = await runSchema(deliverySchema, { courier_name: 'Ivan', expected_at: 'soon' });
    expect(junk.ok ? null : junk.errors).toEqual({ expected_at: [{ key: 'orders.errors.expectedAt' }] });
  });

  test('in Russian the same rule speaks Russian', async () => {
    await openSeller(accepted(), undefined, 'ru');
    await submit();
    expect(alerts()).toEqual([ru['validation.required']]);
    expect(screen.getByLabelText(ru['orders.courier.name'])).toBeTruthy();
  });

  test('a recorded courier replaces the form and shows on the page', async () => {
    const calls = await openSeller(accepted(), (call) => ({ status: 201, body: { data: delivery({ ...(call.body as object), id: 5 }) } }));
    await type('courier_name', '  Ivan ');
    await type('tracking_code', 'TRK-1');
    await type('expected_at', '2026-01-02T18:30');
    await submit();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ order_id: 42, courier_name: 'Ivan', courier_phone: null, tracking_code: 'TRK-1', expected_at: new Date('2026-01-02T18:30').toISOString() });
    expect(screen.queryByTestId('courier-form')).toBeNull();
    const shown = screen.getByTestId('order-courier').textContent;
    expect(shown).toContain('Ivan');
    expect(shown).toContain('TRK-1');
  });

  test('a 409 (a courier recorded meanwhile) is shown in the reader’s language and the order is fetched again', async () => {
    let current = accepted();
    const calls = serve(
      () => current,
      () => {
        current = accepted({ delivery: delivery({ courier_name: 'Пётр' }) });
        return { status: 409, body: { message: ru['orders.errors.deliveryExists'] } };
      },
    );
    renderAccount(SELLER.pattern, <BusinessOrderPage />, SELLER.url, 'ru');
    await act(settle);
    await type('courier_name', 'Иван');
    await submit();
    await act(settle);
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/orders/42')).toHaveLength(2);
    // The order as it is now: the other tab's courier, and no form any more.
    expect(screen.getByTestId('order-courier').textContent).toContain('Пётр');
    expect(screen.queryByTestId('courier-form')).toBeNull();
  });

  test('a 409 stays on screen, translated, while the form is still there', async () => {
    await openSeller(accepted(), () => ({ status: 409, body: { message: ru['orders.errors.deliveryExists'] } }), 'ru');
    await type('courier_name', 'Иван');
    await submit();
    expect(screen.getByTestId('order-move-error').textContent).toBe('Для этого заказа курьер уже назначен.');
  });

  test('a 409 without a message still reads as a sentence of ours', async () => {
    await openSeller(accepted(), () => ({ status: 409 }));
    await type('courier_name', 'Ivan');
    await submit();
    expect(screen.getByTestId('order-move-error').textContent).toBe(en['orders.ui.conflict']);
  });

  test('a server 422 lands under its field', async () => {
    await openSeller(accepted(), () => ({ status: 422, body: { message: 'The given data was invalid.', errors: { tracking_code: ['Unknown carrier code.'] } } }));
    await type('courier_name', 'Ivan');
    await type('tracking_code', 'X');
    await submit();
    expect(alerts()).toEqual(['Unknown carrier code.']);
  });
});

test('the buyer sees the courier, phone, tracking code and expected time; no form', async () => {
  const value = order({ status: 'shipped', delivery_kind: 'courier', viewer: 'buyer', delivery: delivery() });
  serve(() => value);
  renderAccount(BUYER.pattern, <OrderPage />, BUYER.url);
  await act(settle);
  const rows = [...screen.getByTestId('order-courier').querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
  expect(rows).toEqual([
    ['Courier', 'Ivan'],
    ['Courier’s phone', '+79001234567'],
    ['Tracking code', 'TRK-1'],
    ['Expected', new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-01-02T15:30:00.000Z'))],
  ]);
  expect(screen.getByRole('link', { name: '+79001234567' }).getAttribute('href')).toBe('tel:+79001234567');
  expect(screen.queryByTestId('courier-form')).toBeNull();
});

test('without a phone or a time only what was recorded is shown', async () => {
  const value = order({ status: 'shipped', delivery_kind: 'courier', viewer: 'seller', delivery: delivery({ courier_phone: null, tracking_code: null, expected_at: null }) });
  serve(() => value);
  renderAccount(SELLER.pattern, <BusinessOrderPage />, SELLER.url, 'ru');
  await act(settle);
  expect([...screen.getByTestId('order-courier').querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Курьер']);
});
