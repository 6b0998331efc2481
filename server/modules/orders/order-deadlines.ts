import { ACCEPT_DEADLINE_HOURS, COMPLETE_AFTER_DAYS, PAYMENT_DEADLINE_MINUTES } from '../../../shared/api/order-values';
import type { OrderStatus } from '../../../shared/orders/order-machine';

const MINUTE = 60_000;

/** How long an order may wait in a state before the sweep moves it on, and where to. */
export const SWEEP_RULES: Array<{ status: OrderStatus; afterMs: number; to: OrderStatus }> = [
  { status: 'pending_payment', afterMs: PAYMENT_DEADLINE_MINUTES * MINUTE, to: 'payment_failed' },
  { status: 'placed', afterMs: ACCEPT_DEADLINE_HOURS * 60 * MINUTE, to: 'cancelled' },
  { status: 'delivered', afterMs: COMPLETE_AFTER_DAYS * 24 * 60 * MINUTE, to: 'completed' },
];

/** When the sweep will move an order that nobody touches; null when no deadline applies. */
export function deadlineOf(status: OrderStatus, statusChangedAt: Date): Date | null {
  const rule = SWEEP_RULES.find((r) => r.status === status);
  return rule ? new Date(statusChangedAt.getTime() + rule.afterMs) : null;
}
