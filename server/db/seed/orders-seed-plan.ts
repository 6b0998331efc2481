import type { DeliveryKind, OrderActor, OrderStatus } from '../../../shared/orders/order-machine';

export type PaymentKind = 'cash' | 'new_card';

/** One step of a seeded order's life: the state it reached, who moved it, and why (cancellations). */
export interface SeedStep {
  to: OrderStatus;
  by: OrderActor;
  reason?: string;
}

/**
 * The moves that bring an order to `target`, as a real buyer, seller and
 * sweep would have made them (the shared machine's paths): the demo timeline
 * of each order is one the server itself could have written.
 */
export function stepsTo(target: OrderStatus, delivery: DeliveryKind, payment: PaymentKind, cancelledBy: 'buyer' | 'seller' = 'buyer'): SeedStep[] {
  const start: SeedStep[] = payment === 'new_card' ? [{ to: 'pending_payment', by: 'buyer' }, { to: 'placed', by: 'system' }] : [{ to: 'placed', by: 'buyer' }];
  if (target === 'pending_payment') return [{ to: 'pending_payment', by: 'buyer' }];
  if (target === 'payment_failed') return [{ to: 'pending_payment', by: 'buyer' }, { to: 'payment_failed', by: 'system' }];
  if (target === 'cancelled') {
    return cancelledBy === 'buyer'
      ? [...start, { to: 'cancelled', by: 'buyer', reason: 'Передумал(а)' }]
      : [...start, { to: 'accepted', by: 'seller' }, { to: 'cancelled', by: 'seller', reason: 'Товар закончился, извините' }];
  }
  const path: SeedStep[] = [...start];
  const forward: OrderStatus[] = ['accepted', delivery === 'pickup' ? 'ready' : 'shipped', 'delivered', 'completed'];
  for (const status of forward) {
    if (path.at(-1)!.to === target) break;
    path.push({ to: status, by: status === 'completed' ? 'system' : 'seller' });
  }
  return path;
}

/** Every state, for the demo seller's businesses: their screens show each one. */
export const EVERY_STATE: OrderStatus[] = ['pending_payment', 'placed', 'accepted', 'ready', 'shipped', 'delivered', 'completed', 'cancelled', 'payment_failed'];

/** Other businesses: mostly finished sales (they make the ratings and popularity), a few open or cancelled. */
export const USUAL_STATES: OrderStatus[] = ['completed', 'completed', 'completed', 'delivered', 'placed', 'accepted', 'completed', 'cancelled'];
