import type { CartGroupResource, CartItemResource, CartResource } from '../../shared/api/cart';
import type { OrderResource, OrderSummary } from '../../shared/api/orders';

/** Builders of the API's cart and order answers for the cart and order tests. */
export const cartItem = (id: number, extra: Partial<CartItemResource> = {}): CartItemResource => ({
  id,
  product_id: 100 + id,
  business_id: 1,
  name: `Product ${id}`,
  image: null,
  quantity: 1,
  unit_price: 50_000,
  seen_price: 50_000,
  currency: 'RUB',
  stock: null,
  line_total: 50_000,
  available: true,
  problems: [],
  ...extra,
});

export const cartGroup = (businessId: number, name: string, items: CartItemResource[], extra: Partial<CartGroupResource> = {}): CartGroupResource => {
  const subtotal = items.filter((item) => item.available).reduce((sum, item) => sum + item.line_total, 0);
  return {
    business: { id: businessId, name, delivery_discount_percent: 0 },
    items,
    currency: 'RUB',
    subtotal,
    delivery_cost: 29_900,
    delivery_discount: 0,
    total_courier: subtotal + 29_900,
    total_pickup: subtotal,
    ...extra,
  };
};

export const cartOf = (groups: CartGroupResource[]): CartResource => ({
  groups,
  items_count: groups.flatMap((group) => group.items).reduce((sum, item) => sum + item.quantity, 0),
  has_problems: groups.some((group) => group.items.some((item) => item.problems.length > 0)),
});

export const orderSummary = (id: number, extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id,
  status: 'placed',
  business: { id: 3, name: 'Bakery', owner_id: 30 },
  buyer: { id: 7, name: 'Anna' },
  delivery_kind: 'courier',
  payment_kind: 'cash',
  totals: { currency: 'RUB', items: 100_000, delivery_cost: 29_900, delivery_discount: 0, total: 129_900 },
  items_count: 1,
  preview: ['Bread'],
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  ...extra,
});

export const order = (extra: Partial<OrderResource> = {}): OrderResource => ({
  ...orderSummary(42),
  viewer: 'buyer',
  items: [{ id: 1, product_id: 5, name: 'Bread', image: null, unit_price: 100_000, quantity: 1, line_total: 100_000 }],
  address: { city: 'Moscow', street: 'Tverskaya', house: '1', flat: '2', entrance: null, floor: null, intercom: null, comment: null },
  comment: null,
  payment: { kind: 'cash', status: null, card: null, refunded: false },
  delivery: null,
  cancel_reason: null,
  timeline: [{ from: null, to: 'placed', by: 'buyer', reason: null, at: '2026-01-01T10:00:00.000Z' }],
  rating: null,
  moves: [],
  can_rate: false,
  deadline_at: null,
  ...extra,
});

