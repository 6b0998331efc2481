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
import type { OrderAnnouncer } from './order-announcer';
import type { SummaryLine } from './order-resource';
import type { OrderRow } from './orders-repository';
import { moveOrder, moveOrders, type MoveResult } from './order-moves';
import { checkoutLines, ordersOfCheckout, RepeatedCheckout, restoreCart, writeCheckout, type CheckoutPlan } from './checkout-writer';
import { cartRepository } from '../cart/cart-repository';

export interface CheckoutOutcome {
  /** False when this request repeated an earlier one with the same key. */
  created: boolean;
  orderIds: number[];
  payment: 'none' | 'succeeded' | 'requires_confirmation';
  pendingOrderIds: number[];
  /** A new checkout's orders as they stand and their lines, known without reading them back. */
  fresh?: { rows: OrderRow[]; items: SummaryLine[] };
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

  async function plan(user: User, body: CheckoutBody): Promise<{ plan: CheckoutPlan; token: string | null; cardId: number | null }> {
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
  async function pay(created: Order[], claimed: Payment[], token: string, cardId: number | null): Promise<{ pending: number[]; declined: boolean; orders: Order[] }> {
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
      published.push(await announcer.record(tx, moved));
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

  return {
    async checkout(user: User, body: CheckoutBody): Promise<CheckoutOutcome> {
      // Both read at once, before any transaction: a repeat is answered from what is stored, and a cart that
      // cannot be bought (the last item just went) is refused without taking locks or writing anything;
      // the transaction checks again, and has the last word.
      const [earlier, cartLines] = await Promise.all([ordersOfCheckout(app.db, user.id, body.idempotency_key), cartRepository(app.db).lines(user.id)]);
      if (earlier) return outcomeOf(body, earlier, false);
      try {
        checkoutLines(cartLines, body.business_ids);
      } catch (error) {
        // A double click's twin that reads the cart just after the first click emptied it is a repeat, not "your cart is empty".
        const first = error instanceof HttpError && error.statusCode === 422 ? await ordersOfCheckout(app.db, user.id, body.idempotency_key) : null;
        if (!first) throw error;
        return outcomeOf(body, first, false);
      }
      const { plan: checkoutPlan, token, cardId } = await plan(user, body);
      let written;
      try {
        // Cash orders are placed at once: their notifications commit with them.
        written = await writeCheckout(app.db, checkoutPlan, async (tx, created) =>
          created[0]?.status === 'placed' ? announcer.record(tx, created.map((order) => ({ order, from: null, actor: 'buyer' as const }))) : () => undefined,
        );
      } catch (error) {
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
      const { pending, declined: anyDeclined, orders: now } = await pay(written.orders, written.payments, token, cardId);
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
