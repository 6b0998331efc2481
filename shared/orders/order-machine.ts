/**
 * The one order state machine (DESIGN.md "State machines"), plain values only
 * so the server enforces it and the SPA draws its buttons and timeline from
 * the same table.
 *
 *   pending_payment (card) ─┬─► placed ─► accepted ─┬─► ready (pickup) ──┬─► delivered ─► completed
 *   placed (cash) ──────────┘                       └─► shipped (courier)┘
 *   pending_payment ─► payment_failed
 *   pending_payment | placed ─► cancelled (buyer, seller, or the sweep)
 *   accepted | ready | shipped ─► cancelled (seller, with a reason)
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'placed',
  'accepted',
  'ready',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'payment_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who makes a move: the buyer, someone acting for the selling business, or the server itself (payments, sweeps). */
export const ORDER_ACTORS = ['buyer', 'seller', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

export const DELIVERY_KINDS = ['pickup', 'courier'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export interface OrderMove {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderActor[];
  /** The move exists only for orders delivered this way (ready is for pickup, shipped for courier). */
  delivery?: DeliveryKind;
  /** The actors who must give a reason (a business cancelling). */
  reasonRequiredFor?: readonly OrderActor[];
}

export const ORDER_MOVES: readonly OrderMove[] = [
  { from: 'pending_payment', to: 'placed', by: ['system'] },
  { from: 'pending_payment', to: 'payment_failed', by: ['system'] },
  { from: 'pending_payment', to: 'cancelled', by: ['buyer', 'seller', 'system'], reasonRequiredFor: ['seller'] },
  { from: 'placed', to: 'accepted', by: ['seller'] },
  { from: 'placed', to: 'cancelled', by: ['buyer', 'seller', 'system'], reasonRequiredFor: ['seller'] },
  { from: 'accepted', to: 'ready', by: ['seller'], delivery: 'pickup' },
  { from: 'accepted', to: 'shipped', by: ['seller'], delivery: 'courier' },
  { from: 'accepted', to: 'cancelled', by: ['seller', 'system'], reasonRequiredFor: ['seller'] },
  { from: 'ready', to: 'delivered', by: ['seller'] },
  { from: 'ready', to: 'cancelled', by: ['seller', 'system'], reasonRequiredFor: ['seller'] },
  { from: 'shipped', to: 'delivered', by: ['seller'] },
  { from: 'shipped', to: 'cancelled', by: ['seller', 'system'], reasonRequiredFor: ['seller'] },
  { from: 'delivered', to: 'completed', by: ['system'] },
];

/** States an order never leaves. */
export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'payment_failed'];

/** States after which the buyer may rate the order (once). */
export const RATEABLE_STATUSES: readonly OrderStatus[] = ['delivered', 'completed'];

/** The statuses a seller sets with `PUT /v1/orders/{id}/status` (cancelling has its own call). */
export const SELLER_STATUS_TARGETS = ['accepted', 'ready', 'shipped', 'delivered'] as const;
export type SellerStatusTarget = (typeof SELLER_STATUS_TARGETS)[number];

export function findMove(from: OrderStatus, to: OrderStatus, delivery: DeliveryKind): OrderMove | undefined {
  return ORDER_MOVES.find((m) => m.from === from && m.to === to && (!m.delivery || m.delivery === delivery));
}

export type MoveCheck =
  | { ok: true; move: OrderMove }
  /** `state`: no such move from here (409); `actor`: the move exists, but not for this actor (403); `reason`: a reason is missing (422). */
  | { ok: false; refusal: 'state' | 'actor' | 'reason' };

/** Whether `actor` may move an order from `from` to `to`; the server's one gate for every status change. */
export function checkMove(from: OrderStatus, to: OrderStatus, actor: OrderActor, delivery: DeliveryKind, reason?: string | null): MoveCheck {
  const move = findMove(from, to, delivery);
  if (!move) return { ok: false, refusal: 'state' };
  if (!move.by.includes(actor)) return { ok: false, refusal: 'actor' };
  if (move.reasonRequiredFor?.includes(actor) && !reason?.trim()) return { ok: false, refusal: 'reason' };
  return { ok: true, move };
}

/** The moves `actor` may make now: what the order screens offer as buttons. */
export function movesFor(from: OrderStatus, actor: OrderActor, delivery: DeliveryKind): OrderStatus[] {
  return ORDER_MOVES.filter((m) => m.from === from && m.by.includes(actor) && (!m.delivery || m.delivery === delivery)).map((m) => m.to);
}

export const canCancel = (from: OrderStatus, actor: OrderActor, delivery: DeliveryKind) => movesFor(from, actor, delivery).includes('cancelled');
export const isFinal = (status: OrderStatus) => FINAL_STATUSES.includes(status);

/** The statuses in which the selling business may hand a courier order to a courier (`POST /v1/deliveries`). */
export const COURIER_HANDOFF_STATUSES: readonly OrderStatus[] = ['accepted', 'shipped'];

/** Whether a courier may be recorded for the order now (once: a second one is a 409 the order's `delivery` foretells). */
export const canHandToCourier = (status: OrderStatus, actor: OrderActor, delivery: DeliveryKind) =>
  actor === 'seller' && delivery === 'courier' && COURIER_HANDOFF_STATUSES.includes(status);
