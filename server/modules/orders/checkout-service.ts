import type { FastifyInstance } from 'fastify';
import type { CheckoutBody } from '../../../shared/api/orders';
import { isExpired } from '../../../shared/validation/cards';
import { msg } from '../../../shared/validation/message';
import type { Order, User } from '../../db/schema';
import { validationFailed } from '../../lib/http-error';
import { orderAddressOf } from '../addresses/address-resource';
import { addressesRepository } from '../addresses/addresses-repository';
import { tokeniseCard } from '../cards/card-intake';
import { cardsRepository } from '../cards/cards-repository';
import type { OrderAnnouncer } from './order-announcer';
import { moveOrder } from './order-moves';
import { ordersOfCheckout, RepeatedCheckout, restoreCart, writeCheckout, type CheckoutPlan } from './checkout-writer';

export interface CheckoutOutcome {
  /** False when this request repeated an earlier one with the same key. */
  created: boolean;
  orderIds: number[];
  payment: 'none' | 'succeeded' | 'requires_confirmation';
  pendingOrderIds: number[];
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
      },
      token: card?.token ?? null,
      cardId: card?.id ?? null,
    };
  }

  /** Charges one new order and moves it by the outcome; true when the card was declined. */
  async function pay(order: Order, token: string, cardId: number | null): Promise<boolean> {
    const outcome = await app.payments.charge({ orderId: order.id, amount: order.total, currency: order.currency, token, cardId });
    if (outcome.status === 'requires_confirmation') return false;
    const to = outcome.status === 'succeeded' ? 'placed' : 'payment_failed';
    const moved = await moveOrder(app.db, order.id, { to, actor: 'system', actorUserId: null, onlyFrom: ['pending_payment'] });
    if (moved.ok) {
      if (to === 'payment_failed') await restoreCart(app.db, moved.order);
      await announcer.announce({ order: moved.order, from: moved.from, actor: 'system' });
    }
    return to === 'payment_failed';
  }

  return {
    async checkout(user: User, body: CheckoutBody): Promise<CheckoutOutcome> {
      const earlier = await ordersOfCheckout(app.db, user.id, body.idempotency_key);
      if (earlier) return outcomeOf(body, earlier, false);
      const { plan: checkoutPlan, token, cardId } = await plan(user, body);
      let written;
      try {
        written = await writeCheckout(app.db, checkoutPlan);
      } catch (error) {
        if (!(error instanceof RepeatedCheckout)) throw error;
        return outcomeOf(body, (await ordersOfCheckout(app.db, user.id, body.idempotency_key)) ?? [], false);
      }
      for (const order of written.orders) await announcer.announce({ order, from: null, actor: 'buyer' });
      let anyDeclined = false;
      if (token) for (const order of written.orders) anyDeclined = (await pay(order, token, cardId)) || anyDeclined;
      if (anyDeclined) throw declined(body);
      const stored = await ordersOfCheckout(app.db, user.id, body.idempotency_key);
      return outcomeOf(body, stored ?? written.orders, true);
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
