import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PurchasePlanBody } from '../../../shared/api/seller-promotion';
import { isExpired } from '../../../shared/validation/cards';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { adSubscriptions, promotionPayments, type AdSubscription, type PromotionPayment, type User } from '../../db/schema';
import { validationFailed } from '../../lib/http-error';
import { tokeniseCard } from '../cards/card-intake';
import { cardsRepository } from '../cards/cards-repository';
import type { ChargeOutcome } from '../payments/payment-provider';
import { plansRepository } from './plans-repository';
import { targetsOf } from './promotion-targets';
import { moveSubscription } from './subscription-moves';

export interface PurchaseOutcome {
  /** False when the key repeated an earlier purchase that was already paid. */
  created: boolean;
  subscription: AdSubscription;
}

/** The 422 of a card that did not pay, on the field the seller used. */
const refusedCard = (body: PurchasePlanBody, key: string) =>
  validationFailed({ [body.payment.card_id ? 'payment.card_id' : 'payment.card.number']: [msg(key)] });

/**
 * `POST /v1/ads/purchase-plan`. One subscription row per seller and idempotency key: a double
 * click or a retry finds it and answers its first outcome once paid. The card is charged outside
 * any transaction, each attempt under its own key in `promotion_payments` (`promo-<id>-<n>`, n = 1
 * plus the attempts that did not pay), so a retried charge of one attempt is answered by the
 * provider with its first outcome and never charges twice, while a retry after a declined card
 * (same request key, another card) is a new attempt. A paid charge moves the subscription to
 * `active` in the transaction that records it; a declined one leaves it `pending_payment`.
 * Cards that need a bank confirmation step are refused: promotions have no page for that step.
 */
export function purchaseService(app: FastifyInstance) {
  const plans = plansRepository(app.db);
  const cards = cardsRepository(app.db);

  async function findByKey(userId: number, key: string): Promise<AdSubscription | null> {
    const [row] = await app.db.select().from(adSubscriptions).where(and(eq(adSubscriptions.userId, userId), eq(adSubscriptions.idempotencyKey, key)));
    return row ?? null;
  }

  async function checkTarget(user: User, body: PurchasePlanBody) {
    const target = (await targetsOf(app.db, [body.target])).get(`${body.target.kind}:${body.target.id}`);
    if (!target || target.ownerId !== user.id) throw validationFailed({ 'target.id': [msg('promotion.errors.targetNotYours')] });
    if (!target.published) throw validationFailed({ 'target.id': [msg('promotion.errors.targetNotPublished')] });
  }

  /** The token to charge and the saved card's id, from a saved card of the seller's or a card typed in now. */
  async function cardOf(user: User, body: PurchasePlanBody): Promise<{ token: string; cardId: number | null }> {
    const payment = body.payment;
    if (payment.card_id) {
      const saved = await cards.find(user.id, payment.card_id);
      if (!saved) throw validationFailed({ 'payment.card_id': [msg('orders.errors.cardNotFound')] });
      if (isExpired(saved.expMonth, saved.expYear)) throw validationFailed({ 'payment.card_id': [msg('orders.errors.cardExpired')] });
      return { token: saved.providerToken, cardId: saved.id };
    }
    if (!payment.card) throw validationFailed({ 'payment.card_id': [msg('orders.errors.cardRequired')] });
    const { card, holder } = await tokeniseCard(app.payments.provider, payment.card, 'payment.card.');
    const kept = payment.save_card ? await cards.create(user.id, app.payments.provider.name, card, holder) : null;
    return { token: card.token, cardId: kept?.id ?? null };
  }

  /** This attempt's payment row: the one a twin request already claimed, or a new one. */
  async function claimAttempt(s: AdSubscription, cardId: number | null): Promise<PromotionPayment> {
    const [{ unpaid }] = await app.db
      .select({ unpaid: sql<number>`count(*)::int` })
      .from(promotionPayments)
      .where(and(eq(promotionPayments.subscriptionId, s.id), inArray(promotionPayments.status, ['failed', 'requires_confirmation'])));
    const idempotencyKey = `promo-${s.id}-${Number(unpaid) + 1}`;
    await app.db
      .insert(promotionPayments)
      .values({ subscriptionId: s.id, cardId, provider: app.payments.provider.name, idempotencyKey, amount: s.price, currency: s.currency })
      .onConflictDoNothing({ target: promotionPayments.idempotencyKey });
    const [row] = await app.db.select().from(promotionPayments).where(eq(promotionPayments.idempotencyKey, idempotencyKey));
    return row;
  }

  const settle = (executor: Db, row: PromotionPayment, outcome: ChargeOutcome) =>
    executor
      .update(promotionPayments)
      .set({ status: outcome.status, providerChargeId: outcome.chargeId, failureCode: outcome.failureCode ?? null })
      .where(eq(promotionPayments.id, row.id));

  return {
    async purchase(user: User, body: PurchasePlanBody): Promise<PurchaseOutcome> {
      let subscription = await findByKey(user.id, body.idempotency_key);
      if (subscription && subscription.status !== 'pending_payment') return { created: false, subscription };
      await checkTarget(user, body);
      if (!subscription) {
        const plan = await plans.findActive(body.plan_id);
        if (!plan) throw validationFailed({ plan_id: [msg('promotion.errors.planNotFound')] });
        const [inserted] = await app.db
          .insert(adSubscriptions)
          .values({
            userId: user.id,
            planId: plan.id,
            adId: body.target.kind === 'ad' ? body.target.id : null,
            productId: body.target.kind === 'product' ? body.target.id : null,
            idempotencyKey: body.idempotency_key,
            perks: plan.perks,
            boost: plan.boost,
            durationDays: plan.durationDays,
            price: plan.price,
            currency: plan.currency,
          })
          .onConflictDoNothing({ target: [adSubscriptions.userId, adSubscriptions.idempotencyKey] })
          .returning();
        // A twin request inserted it a moment earlier: go on with its row (the charge below is keyed, so it happens once).
        subscription = inserted ?? (await findByKey(user.id, body.idempotency_key))!;
      }
      const { token, cardId } = await cardOf(user, body);
      const row = await claimAttempt(subscription, cardId);
      const outcome: ChargeOutcome =
        row.status !== 'pending' && row.providerChargeId
          ? { status: row.status === 'succeeded' ? 'succeeded' : row.status === 'failed' ? 'failed' : 'requires_confirmation', chargeId: row.providerChargeId, failureCode: row.failureCode ?? undefined }
          : await app.payments.provider.charge({ token, amount: row.amount, currency: row.currency, idempotencyKey: row.idempotencyKey });
      if (outcome.status !== 'succeeded') {
        await settle(app.db, row, outcome);
        app.log.info({ subscriptionId: subscription.id, failureCode: outcome.failureCode }, 'promotion charge not paid');
        throw refusedCard(body, outcome.status === 'failed' ? 'promotion.errors.paymentDeclined' : 'promotion.errors.confirmationUnsupported');
      }
      const moved = await moveSubscription(app.db, subscription.id, { to: 'active', actor: 'system', actorUserId: null, onlyFrom: ['pending_payment'] }, (tx) => settle(tx, row, outcome).then(() => undefined));
      if (moved.ok) return { created: true, subscription: moved.subscription };
      // The twin request activated it first: its answer is ours.
      return { created: false, subscription: (await findByKey(user.id, body.idempotency_key))! };
    },
  };
}
