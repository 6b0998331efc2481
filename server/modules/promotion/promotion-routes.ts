import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { HomePromoted, PromotionPlanResource, PurchasePlanBody, PurchaseResult, SubscriptionPage, SubscriptionResource, UserSubscriptionsQuery } from '../../../shared/api/seller-promotion';
import { adSubscriptions, type AdSubscription } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { catalogContext, pageMeta } from '../catalog/common/catalog-context';
import { catalogCards } from '../catalog/common/catalog-cards';
import { homePromotedIds } from './home-promoted';
import { plansRepository, toPlanResource } from './plans-repository';
import { purchaseService } from './purchase-service';
import { subscriptionResources } from './subscription-resource';
import { moveSubscription, type SubscriptionMoveResult } from './subscription-moves';
import { subscriptionSweeper } from './subscription-sweeper';

const tags = ['seller: promotion'];
/** How often the sweep looks for promotions at their end. */
export const PROMOTION_SWEEP_INTERVAL_MS = 60_000;

/** A refused seller move as the API says it: not mine → 404, not possible from here → 409 with the reason. */
function refusal(result: Extract<SubscriptionMoveResult, { ok: false }>, action: 'pause' | 'archive'): never {
  if (result.refusal === 'missing') throw notFound();
  if (result.refusal === 'over') throw conflict('promotion.errors.over');
  const status = result.subscription?.status;
  if (status === 'expired' && action === 'pause') throw conflict('promotion.errors.over');
  throw conflict(action === 'pause' ? 'promotion.errors.notPausable' : 'promotion.errors.notArchivable');
}

/** `/v1/ads/plans`, `/v1/ads/purchase-plan`, `/v1/ads/user-subscriptions`, `/v1/ads/subscriptions/*` (shared/api/seller-promotion.ts). */
const promotionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const plans = plansRepository(app.db);
  const purchases = purchaseService(app);
  const one = async (s: AdSubscription, lang: Parameters<typeof subscriptionResources>[2]) => (await subscriptionResources(app.db, [s], lang))[0];

  app.get(
    '/ads/plans',
    { schema: { tags, summary: 'Promotion plans on sale: perks, duration, price', response: { 200: DataEnvelope(Type.Array(PromotionPlanResource)) } } },
    async (request) => ({ data: (await plans.active()).map((p) => toPlanResource(p, request.lang)) }),
  );

  const cards = catalogCards(app.db);
  app.get(
    '/ads/home-promoted',
    { schema: { tags, summary: 'Items on the home page by their `home_carousel` promotion, a higher boost first', response: { 200: DataEnvelope(HomePromoted) } } },
    async (request) => {
      const ids = await homePromotedIds(app.db);
      const ctx = catalogContext(request);
      const [products, ads] = await Promise.all([cards.products(ids.products, ctx), cards.ads(ids.ads, ctx)]);
      return { data: { products, ads } };
    },
  );

  app.post(
    '/ads/purchase-plan',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Buy a plan for one of my published ads or products, once per idempotency key',
        description:
          'Pays with a saved card (`payment.card_id`) or a new one (`payment.card`). Paid: 201 with the `active` subscription; a repeat with the same key: 200 ' +
          'with the first outcome. A declined card: 422 on the card field, the subscription stays `pending_payment` and the same key may be retried with another card.',
        body: PurchasePlanBody,
        response: { 200: DataEnvelope(PurchaseResult), 201: DataEnvelope(PurchaseResult) },
      },
    },
    async (request, reply) => {
      const outcome = await purchases.purchase(currentUser(request), request.body);
      return reply.status(outcome.created ? 201 : 200).send({ data: await one(outcome.subscription, request.lang) });
    },
  );

  app.get(
    '/ads/user-subscriptions',
    { preHandler: app.authenticate, schema: { tags, summary: 'My subscriptions, newest first, filtered by status', querystring: UserSubscriptionsQuery, response: { 200: SubscriptionPage } } },
    async (request) => {
      const { status, page, per_page: perPage } = request.query;
      const where = and(eq(adSubscriptions.userId, currentUser(request).id), status?.length ? inArray(adSubscriptions.status, status) : undefined);
      const [rows, [total]] = await Promise.all([
        app.db.select().from(adSubscriptions).where(where).orderBy(desc(adSubscriptions.createdAt), desc(adSubscriptions.id)).limit(perPage).offset((page - 1) * perPage),
        app.db.select({ value: count() }).from(adSubscriptions).where(where),
      ]);
      return { data: await subscriptionResources(app.db, rows, request.lang), meta: pageMeta(page, perPage, Number(total.value)) };
    },
  );

  app.get(
    '/ads/subscriptions/status/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'One of my subscriptions: status, dates, payment, history and my moves', params: IdParams, response: { 200: DataEnvelope(SubscriptionResource) } } },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(adSubscriptions)
        .where(and(eq(adSubscriptions.id, request.params.id), eq(adSubscriptions.userId, currentUser(request).id)));
      if (!row) throw notFound();
      return { data: await one(row, request.lang) };
    },
  );

  app.post(
    '/ads/subscriptions/:id/toggle-pause',
    { preHandler: app.authenticate, schema: { tags, summary: 'Pause an active subscription or resume a paused one (paused time is not consumed)', params: IdParams, response: { 200: DataEnvelope(SubscriptionResource) } } },
    async (request) => {
      const user = currentUser(request);
      const [row] = await app.db.select({ status: adSubscriptions.status }).from(adSubscriptions).where(and(eq(adSubscriptions.id, request.params.id), eq(adSubscriptions.userId, user.id)));
      if (!row) throw notFound();
      const to = row.status === 'paused' ? 'active' : 'paused';
      // `onlyFrom` pins the state read above: a twin click that got there first is refused, not undone.
      const result = await moveSubscription(app.db, request.params.id, { to, actor: 'seller', actorUserId: user.id, ownerId: user.id, onlyFrom: [row.status] });
      if (!result.ok) refusal(result, 'pause');
      return { data: await one(result.subscription, request.lang) };
    },
  );

  app.post(
    '/ads/subscriptions/:id/archive',
    { preHandler: app.authenticate, schema: { tags, summary: 'Archive an active, paused or expired subscription (its promotion stops)', params: IdParams, response: { 200: DataEnvelope(SubscriptionResource) } } },
    async (request) => {
      const user = currentUser(request);
      const result = await moveSubscription(app.db, request.params.id, { to: 'archived', actor: 'seller', actorUserId: user.id, ownerId: user.id });
      if (!result.ok) refusal(result, 'archive');
      return { data: await one(result.subscription, request.lang) };
    },
  );

  // The sweep runs in every API process; moves lock their row and warnings are claimed by an update, so nothing happens twice.
  const sweep = subscriptionSweeper(app);
  sweeps.set(app.config, sweep);
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((err: unknown) => app.log.error({ err }, 'promotion sweep failed'))
      .finally(() => (running = null));
  }, PROMOTION_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

/** Each app's sweep, keyed by its config (the same object in every plugin of the app). */
const sweeps = new WeakMap<object, (now?: Date) => Promise<number>>();

/** One pass of an app's promotion sweep at `now` (tests call it with a moved clock). */
export function sweepPromotions(app: FastifyInstance, now?: Date): Promise<number> {
  const sweep = sweeps.get(app.config);
  if (!sweep) throw new Error('promotion routes are not registered');
  return sweep(now);
}

export default promotionRoutes;
