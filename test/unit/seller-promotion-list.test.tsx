import { fireEvent, screen } from '@testing-library/react';
import type { SubscriptionResource } from '../../shared/api/seller-promotion';
import { SUBSCRIPTION_STATUSES, sellerMovesFrom, type SubscriptionStatus } from '../../shared/promotion/subscription-machine';
import { SubscriptionItem } from '../../src/features/seller-promotion/subscription-item';
import { purchaseBody, formErrorsFromServer, targetFromQuery, validatePlanForm, emptyPlanForm } from '../../src/features/seller-promotion/plan-form';
import { renderScreen } from './support/render';

// The list is tested against the hooks' contract (what each mutation is called with); the requests are RTK Query's.
const mockCalls: Array<{ name: string; id: unknown }> = [];
function mockMutation(name: string) {
  return () => [
    async (id: unknown) => {
      mockCalls.push({ name, id });
      return {};
    },
    { isLoading: false, error: undefined },
  ];
}
jest.mock('../../src/features/seller-promotion/promotion-api', () => ({
  useToggleSubscriptionPauseMutation: mockMutation('toggle'),
  useArchiveSubscriptionMutation: mockMutation('archive'),
}));

const subscription = (status: SubscriptionStatus, overrides: Partial<SubscriptionResource> = {}): SubscriptionResource => ({
  id: 41,
  plan: { id: 1, name: 'Raise for 7 days' },
  target: { kind: 'ad', id: 7, title: 'Vintage phonograph', link: '/ads/7' },
  status,
  perks: ['raise'],
  boost: 1,
  duration_days: 7,
  price: 19900,
  currency: 'RUB',
  started_at: status === 'pending_payment' ? null : '2026-11-20T10:00:00.000Z',
  ends_at: status === 'pending_payment' ? null : '2026-11-27T10:00:00.000Z',
  paused_at: status === 'paused' ? '2026-11-22T10:00:00.000Z' : null,
  remaining_seconds: status === 'pending_payment' ? null : status === 'active' || status === 'paused' ? 2 * 86_400 + 3 * 3600 : 0,
  remaining_days: null,
  payment_status: status === 'pending_payment' ? 'failed' : 'succeeded',
  moves: sellerMovesFrom(status),
  history: [],
  created_at: '2026-11-20T09:59:00.000Z',
  ...overrides,
});

beforeEach(() => {
  mockCalls.length = 0;
});

const BUTTON_OF: Record<string, string> = { paused: 'promotion-pause', active: 'promotion-resume', archived: 'promotion-archive' };

describe('a subscription in my list shows the buttons of the shared machine', () => {
  test.each(SUBSCRIPTION_STATUSES)('%s', (status) => {
    renderScreen(<SubscriptionItem subscription={subscription(status)} />, { path: '/profile/seller/promotion' });
    const shown = screen.queryAllByRole('button').map((b) => b.getAttribute('data-testid'));
    expect(shown).toEqual(sellerMovesFrom(status).map((to) => BUTTON_OF[to]));
  });
});

test('an active promotion reads as a person sees it, and Pause and Archive call their moves', async () => {
  renderScreen(<SubscriptionItem subscription={subscription('active')} />, { path: '/profile/seller/promotion' });
  expect(screen.getByTestId('promotion-status').textContent).toBe('active');
  expect(screen.getByText(/2 days 3 hours left/)).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Vintage phonograph' }).getAttribute('href')).toBe('/ads/7');
  fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
  fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
  expect(mockCalls).toEqual([
    { name: 'toggle', id: 41 },
    { name: 'archive', id: 41 },
  ]);
});

test('a paused one offers Resume, in Russian too', () => {
  renderScreen(<SubscriptionItem subscription={subscription('paused')} />, { path: '/profile/seller/promotion', lang: 'ru' });
  expect(screen.getByRole('button', { name: 'Возобновить' })).toBeTruthy();
  expect(screen.getByTestId('promotion-status').textContent).toBe('приостановлено');
});

describe('the plan form', () => {
  test('?ad= or ?product= preselects what to promote', () => {
    expect(targetFromQuery(new URLSearchParams('ad=12'))).toBe('ad:12');
    expect(targetFromQuery(new URLSearchParams('product=7'))).toBe('product:7');
    expect(targetFromQuery(new URLSearchParams('ad=x'))).toBe('');
  });

  test('a new card is checked by the shared rules before anything is sent; choices are required', async () => {
    const errors = await validatePlanForm({ ...emptyPlanForm('', null), number: '4242 4242 4242 4241', expiry: '12/39', cvc: '1' });
    expect(Object.keys(errors).sort()).toEqual(['cvc', 'number', 'plan_id', 'target']);
    const fine = await validatePlanForm({ ...emptyPlanForm('ad:3', null), plan_id: '2', number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' });
    expect(fine).toEqual({});
  });

  test('sends the form’s key with a saved card or a new one, and puts the server’s field errors on the fields', () => {
    expect(purchaseBody({ ...emptyPlanForm('ad:3', 5), plan_id: '2' }, 'key-12345')).toEqual({ plan_id: 2, target: { kind: 'ad', id: 3 }, idempotency_key: 'key-12345', payment: { card_id: 5 } });
    expect(purchaseBody({ ...emptyPlanForm('product:4', null), plan_id: '1', number: ' 4242 4242 4242 4242 ', expiry: '12/39', cvc: '123' }, 'k').payment).toEqual({
      card: { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', holder: null },
      save_card: false,
    });
    expect(formErrorsFromServer({ 'payment.card.number': 'Declined', 'target.id': 'Not yours', 'payment.card_id': 'Gone' })).toEqual({ number: 'Declined', target: 'Not yours', card_id: 'Gone' });
  });
});
