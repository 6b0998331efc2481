import type { FastifyInstance } from 'fastify';
import type { CheckoutBody } from '../../../shared/api/orders';
import { isExpired } from '../../../shared/validation/cards';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import type { Order, Payment, User } from '../../db/schema';
import { HttpError, validationFailed } from '../../lib/http-error';
import { orderAddressOf } from '../addresses/address-resource';
import { addressesRepository } from '../addresses/addresses-repository';
import { tokeniseCard } from '../cards/card-intake';
import { cardsRepository } from '../cards/cards-repository';
import type { OrderAnnouncer, OrderParties } from './order-announcer';
import type { SummaryLine } from './order-resource';
import type { OrderRow } from './orders-repository';
import { moveOrder, moveOrders, type MoveResult } from './order-moves';
import { checkoutLines, limitedLines, ordersOfCheckout, outOfStock, RepeatedCheckout, restoreCart, writeCheckout, type CheckoutPlan } from './checkout-writer';
import { holdsPending, releaseHolds, takeHolds, twinOf } from './stock-holds';
import { setTimeout as sleep } from 'node:timers/promises';
import { cartRepository, type CartLine } from '../cart/cart-repository';

export interface CheckoutOutcome {
  /** False when this request repeated an earlier one with the same key. */
  created: boolean;
  orderIds: number[];
  payment: 'none' | 'succeeded' | 'requires_confirmation';
  pendingOrderIds: number[];
  /** A new checkout's orders as they stand and their lines, known without reading them back. */
  fresh?: { rows: OrderRow[]; items: SummaryLine[] };
}

/** How long a repeated request waits for its twin (holding stock) to finish, and how often it looks. */
const TWIN_WAIT_MS = 5_000;
const TWIN_POLL_MS = 20;

/** The buyer and the businesses of the lines, as the orders' notifications need them. */
function partiesOf(user: User, lines: CartLine[]): OrderParties {
  const businesses = new Map(lines.map(({ business }) => [business.id, { businessId: business.id, ownerId: business.ownerId, name: business.name, nameEn: business.nameEn, ownerLocale: business.ownerLocale }]));
  return { businesses: [...businesses.values()], buyers: [{ id: user.id, name: user.name, locale: user.locale }] };
}

/** The 422 of a declined card, on the field the buyer used. */
const declined = (body: CheckoutBody) => validationFailed({ [body.payment_kind === 'new_card' ? 'card.number' : 'card_id']: [msg('orders.errors.paymentDeclined')] });

/**
 * `POST /v1/orders/from-cart`: inputs checked (address and card must be the
 * buyer's), orders written in one transaction, then, outside it, each card
 * order charged. A declined charge fails its order (stock released, lines
 * back in the cart) and the answer is a 422; a repeat with the same key
 * answers from what is stored, never creating or charging again.
 */
export function checkoutService(app: FastifyInstance, announcer: OrderAnnouncer) {
  const addresses = addressesRepository(app.db);
  const cards = cardsRepository(app.db);

  async function outcomeOf(body: CheckoutBody, stored: Order[], created: boolean): Promise<CheckoutOutcome> {
    if (stored.length && stored.every((o) => o.status === 'payment_failed')) throw declined(body);
    const payments = await app.payments.repository.forOrders(stored.map((o) => o.id));
    const pending = stored.filter((o) => o.status === 'pending_payment' && payments.some((p) => p.orderId === o.id && p.status === 'requires_confirmation')).map((o) => o.id);
    const payment = body.payment_kind === 'cash' ? 'none' : pending.length ? 'requires_confirmation' : 'succeeded';
    return { created, orderIds: stored.map((o) => o.id), payment, pendingOrderIds: pending };
  }

  async function plan(user: User, body: CheckoutBody): Promise<{ plan: Omit<CheckoutPlan, 'holds' | 'lines'>; token: string | null; cardId: number | null }> {
    let address = null;
    if (body.delivery_kind === 'courier') {
      if (!body.address_id) throw validationFailed({ address_id: [msg('orders.errors.addressRequired')] });
      address = await addresses.find(user.id, body.address_id);
      if (!address) throw validationFailed({ address_id: [msg('orders.errors.addressNotFound')] });
    }
    let card: { token: string; brand: string; last4: string; id: number | null } | null = null;
    if (body.payment_kind === 'saved_card') {
      if (!body.card_id) throw validationFailed({ card_id: [msg('orders.errors.cardRequired')] });
      const saved = await cards.find(user.id, body.card_id);
      if (!saved) throw validationFailed({ card_id: [msg('orders.errors.cardNotFound')] });
      if (isExpired(saved.expMonth, saved.expYear)) throw validationFailed({ card_id: [msg('orders.errors.cardExpired')] });
      card = { token: saved.providerToken, brand: saved.brand, last4: saved.last4, id: saved.id };
    } else if (body.payment_kind === 'new_card') {
      if (!body.card) throw validationFailed({ card: [msg('orders.errors.cardRequired')] });
      const { card: tokenised, holder } = await tokeniseCard(app.payments.provider, body.card, 'card.');
      const kept = body.save_card ? await cards.create(user.id, app.payments.provider.name, tokenised, holder) : null;
      card = { token: tokenised.token, brand: tokenised.brand, last4: tokenised.last4, id: kept?.id ?? null };
    }
    return {
      plan: {
        buyerId: user.id,
        idempotencyKey: body.idempotency_key,
        businessIds: body.business_ids,
        deliveryKind: body.delivery_kind,
        addressId: address?.id ?? null,
        address: address ? orderAddressOf(address) : null,
        paymentKind: body.payment_kind,
        card: card ? { brand: card.brand, last4: card.last4 } : null,
        comment: body.comment?.trim() || null,
        paymentFor: card ? (order) => app.payments.newPayment({ orderId: order.id, amount: order.total, currency: order.currency, cardId: card!.id }) : undefined,
      },
      token: card?.token ?? null,
      cardId: card?.id ?? null,
    };
  }

  /**
   * Charges the new orders (one provider call each, outside any transaction),
   * then moves the paid ones to `placed` and the declined ones to
   * `payment_failed` (their lines back in the cart), one transaction per
   * outcome. The ids still waiting for the buyer's confirmation, and whether any was declined.
   */
  async function pay(created: Order[], claimed: Payment[], token: string, cardId: number | null, parties: OrderParties): Promise<{ pending: number[]; declined: boolean; orders: Order[] }> {
    const { outcomes, settle } = await app.payments.chargeMany(
      created.map((o) => ({ orderId: o.id, amount: o.total, currency: o.currency, token, cardId })),
      claimed,
    );
    const idsWith = (status: string) => created.filter((_, i) => outcomes[i].status === status).map((o) => o.id);
    const pending = idsWith('requires_confirmation');
    const paid = idsWith('succeeded');
    const refused = idsWith('failed');
    // Each outcome is recorded in the transaction that moves its orders (once, by the first that runs),
    // and so are the moves' notifications; the events go out after each commit.
    let settled = false;
    const published: Array<() => void> = [];
    const alongside = async (tx: Db, results: MoveResult[]) => {
      if (!settled) await settle(tx);
      settled = true;
      const moved = results.flatMap((r) => (r.ok ? [{ order: r.order, from: r.from, actor: 'system' as const }] : []));
      published.push(await announcer.record(tx, moved, parties));
    };
    const placed = await moveOrders(app.db, paid, { to: 'placed', actor: 'system', actorUserId: null, onlyFrom: ['pending_payment'] }, alongside);
    const failed = await moveOrders(app.db, refused, { to: 'payment_failed', actor: 'system', actorUserId: null, onlyFrom: ['pending_payment'] }, alongside);
    if (!settled) await settle();
    for (const publish of published) publish();
    for (const result of failed) if (result.ok) await restoreCart(app.db, result.order);
    await announcer.announce(...created.filter((o) => pending.includes(o.id)).map((order) => ({ order, from: null, actor: 'buyer' as const })));
    const now = new Map([...placed, ...failed].flatMap((r) => (r.ok ? [[r.order.id, r.order] as const] : [])));
    return { pending, declined: failed.length > 0, orders: created.map((o) => now.get(o.id) ?? o) };
  }

  /**
   * The orders of an earlier request with this key, once it is done: while it still holds stock
   * (between taking it and committing), it is waited for, so a double click's twin answers with
   * the first click's orders rather than "sold out" or "your cart is empty".
   */
  async function repeatOf(buyerId: number, key: string): Promise<Order[] | null> {
    const deadline = Date.now() + TWIN_WAIT_MS;
    while (Date.now() < deadline && (await holdsPending(app.db, buyerId, key))) await sleep(TWIN_POLL_MS);
    return ordersOfCheckout(app.db, buyerId, key);
  }

  return {
    async checkout(user: User, body: CheckoutBody): Promise<CheckoutOutcome> {
      // Both read at once, before any transaction: a repeat is answered from what is stored, and a cart that
      // cannot be bought (the last item just went) is refused without taking locks or writing anything;
      // the transaction checks again, and has the last word.
      const [earlier, cartLines] = await Promise.all([ordersOfCheckout(app.db, user.id, body.idempotency_key), cartRepository(app.db).lines(user.id)]);
      if (earlier) return outcomeOf(body, earlier, false);
      // A refusal may only mean a double click's twin got there first (it emptied the cart, or took the last
      // units): then the twin's orders are the answer, not "your cart is empty" or "sold out".
      const unlessTwin = async (refusal: HttpError): Promise<CheckoutOutcome> => {
        const first = (await twinOf(app.db, user.id, body.idempotency_key)) ? await repeatOf(user.id, body.idempotency_key) : null;
        if (!first) throw refusal;
        return outcomeOf(body, first, false);
      };
      let lines;
      try {
        lines = checkoutLines(cartLines, body.business_ids);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return unlessTwin(error);
      }
      // Who hears of the orders, known already: no read for it inside the transactions.
      const parties = partiesOf(user, lines);
      // The stock first, in a statement of its own: a buyer who lost the race for the last units is told at once.
      const held = await takeHolds(app.db, user.id, body.idempotency_key, limitedLines(lines));
      if (!held.ok) return unlessTwin(outOfStock(held.short, held.stock));
      let written;
      let token: string | null = null;
      let cardId: number | null = null;
      try {
        const planned = await plan(user, body);
        ({ token, cardId } = planned);
        // Cash orders are placed at once: their notifications commit with them.
        written = await writeCheckout(app.db, { ...planned.plan, holds: held.holds, lines }, async (tx, created) =>
          created[0]?.status === 'placed' ? announcer.record(tx, created.map((order) => ({ order, from: null, actor: 'buyer' as const })), parties) : () => undefined,
        );
      } catch (error) {
        await releaseHolds(app.db, held.holds);
        if (!(error instanceof RepeatedCheckout)) throw error;
        return outcomeOf(body, (await ordersOfCheckout(app.db, user.id, body.idempotency_key)) ?? [], false);
      }
      const orderIds = written.orders.map((o) => o.id);
      written.publish();
      const fresh = (now: Order[]) => ({
        rows: now.map((order) => ({ order, business: written.businesses.get(order.businessId)!, buyer: { id: user.id, name: user.name, locale: user.locale } })),
        items: written.items,
      });
      if (!token) return { created: true, orderIds, payment: 'none', pendingOrderIds: [], fresh: fresh(written.orders) };
      const { pending, declined: anyDeclined, orders: now } = await pay(written.orders, written.payments, token, cardId, parties);
      if (anyDeclined) throw declined(body);
      return { created: true, orderIds, payment: pending.length ? 'requires_confirmation' : 'succeeded', pendingOrderIds: pending, fresh: fresh(now) };
    },

    /** `POST /v1/orders/{id}/confirm-payment`: the buyer passed the bank's step; false when nothing waits for it. */
    async confirm(order: Order): Promise<'placed' | 'declined' | 'nothing'> {
      const outcome = await app.payments.confirm(order.id);
      if (!outcome) return 'nothing';
      const to = outcome.status === 'succeeded' ? 'placed' : 'payment_failed';
      const moved = await moveOrder(app.db, order.id, { to, actor: 'system', actorUserId: null, onlyFrom: ['pending_payment'] });
      if (moved.ok) {
        if (to === 'payment_failed') await restoreCart(app.db, moved.order);
        await announcer.announce({ order: moved.order, from: moved.from, actor: 'system' });
      } else if (to === 'placed') {
        // The sweep failed the order while the buyer was at the bank: the money goes back.
        await app.payments.refund(order.id);
      }
      return to === 'placed' ? 'placed' : 'declined';
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
