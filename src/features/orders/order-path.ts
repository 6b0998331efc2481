import { ORDER_MOVES, isFinal, type DeliveryKind, type OrderStatus } from '../../../shared/orders/order-machine';

/** The moves that leave the order's normal course; the timeline draws them only when they happened. */
const DETOURS: readonly OrderStatus[] = ['cancelled', 'payment_failed'];

/**
 * The states still ahead of an order on its normal course, read from the
 * shared machine (so pickup goes through `ready`, courier through `shipped`):
 * what the timeline shows greyed after the moves already made.
 */
export function stepsAhead(status: OrderStatus, delivery: DeliveryKind): OrderStatus[] {
  const ahead: OrderStatus[] = [];
  let current = status;
  while (!isFinal(current) && ahead.length < ORDER_MOVES.length) {
    const next = ORDER_MOVES.find((m) => m.from === current && !DETOURS.includes(m.to) && (!m.delivery || m.delivery === delivery));
    if (!next) break;
    ahead.push(next.to);
    current = next.to;
  }
  return ahead;
}
