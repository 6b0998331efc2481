import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { ORDER_SWEEP_INTERVAL_MS } from '../../../shared/api/order-values';
import {
  BusinessOrdersQuery,
  CancelOrderBody,
  CheckoutBody,
  CheckoutResult,
  ConfirmPaymentBody,
  OrderPage,
  OrderResource,
  OrderStatusBody,
  RateOrderBody,
  UserOrdersQuery,
} from '../../../shared/api/orders';
import type { Language } from '../../../shared/i18n/languages';
import { rateOrderSchema } from '../../../shared/validation/orders';
import { conflict, forbidden } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { pageMeta } from '../catalog/common/catalog-context';
import { checkoutService } from './checkout-service';
import { orderActions } from './order-actions';
import { orderAnnouncer } from './order-announcer';
import { orderViews } from './order-detail';
import { rateOrder } from './order-ratings';
import { orderSweeper } from './order-sweeper';

const tags = ['orders'];

/** `/v1/orders*`: checkout, the buyer's and the seller's lists, one order, and every move. */
const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const announcer = orderAnnouncer(app);
  const views = orderViews(app);
  const actions = orderActions(app, announcer);
  const checkout = checkoutService(app, announcer);
  const detail = async (userId: number, orderId: number, lang: Language) =>
    views.detail(await actions.visible(userId, orderId), lang);

  app.post(
    '/orders/from-cart',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Check out the cart: one order per business, one transaction, once per idempotency key',
        description:
          'Card payments are charged after the orders are written. `payment.status` `requires_confirmation` means each of ' +
          '`payment.pending_order_ids` waits for `POST /v1/orders/{id}/confirm-payment`. A declined card answers 422 and ' +
          'leaves its orders `payment_failed` with their lines back in the cart. A repeat with the same key answers 200 with the first orders.',
        body: CheckoutBody,
        response: { 200: DataEnvelope(CheckoutResult), 201: DataEnvelope(CheckoutResult) },
      },
    },
    async (request, reply) => {
      const outcome = await checkout.checkout(currentUser(request), request.body);
      return reply.status(outcome.created ? 201 : 200).send({
        data: { orders: outcome.fresh ? views.summariesFrom(outcome.fresh, request.lang) : await views.summariesOf(outcome.orderIds, request.lang), payment: { status: outcome.payment, pending_order_ids: outcome.pendingOrderIds } },
      });
    },
  );

  app.get(
    '/orders/user',
    { preHandler: app.authenticate, schema: { tags, summary: 'My orders, newest first, filtered by state', querystring: UserOrdersQuery, response: { 200: OrderPage } } },
    async (request) => {
      const { status, page, per_page: perPage } = request.query;
      const { rows, total } = await views.repository.forBuyer(currentUser(request).id, status, page, perPage);
      return { data: await views.summaries(rows, request.lang), meta: pageMeta(page, perPage, total) };
    },
  );

  app.get(
    '/orders/business',
    { preHandler: app.authenticate, schema: { tags, summary: 'Orders to my businesses, newest first, filtered by state and business', querystring: BusinessOrdersQuery, response: { 200: OrderPage } } },
    async (request) => {
      const { status, business_id: businessId, page, per_page: perPage } = request.query;
      const { rows, total } = await views.repository.forSeller(currentUser(request).id, status, businessId, page, perPage);
      return { data: await views.summaries(rows, request.lang), meta: pageMeta(page, perPage, total) };
    },
  );

  app.get(
    '/orders/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'One order (its buyer or the selling business): items, totals, delivery, payment, timeline', params: IdParams, response: { 200: DataEnvelope(OrderResource) } } },
    async (request) => ({ data: await detail(currentUser(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/orders/:id/status',
    { preHandler: app.authenticate, schema: { tags, summary: 'Move an order on (the selling business): accepted, ready/shipped, delivered', params: IdParams, body: OrderStatusBody, response: { 200: DataEnvelope(OrderResource) } } },
    async (request) => {
      const user = currentUser(request);
      await actions.setStatus(request, user.id, request.params.id, request.body.status);
      return { data: await detail(user.id, request.params.id, request.lang) };
    },
  );

  app.post(
    '/orders/:id/cancel',
    { preHandler: app.authenticate, schema: { tags, summary: 'Cancel: the buyer before acceptance, the business with a reason before delivery; a paid order is refunded', params: IdParams, body: CancelOrderBody, response: { 200: DataEnvelope(OrderResource) } } },
    async (request) => {
      const user = currentUser(request);
      await actions.cancel(request, user.id, request.params.id, request.body);
      return { data: await detail(user.id, request.params.id, request.lang) };
    },
  );

  app.post(
    '/orders/:id/rate',
    { preHandler: app.authenticate, schema: { tags, summary: 'Rate a delivered order, once (1–5 stars and a comment)', params: IdParams, body: RateOrderBody, response: { 200: DataEnvelope(OrderResource) } } },
    async (request) => {
      const user = currentUser(request);
      const row = await actions.visible(user.id, request.params.id);
      if (row.viewer !== 'buyer') throw forbidden();
      const input = await validateShared(rateOrderSchema, request.body);
      await rateOrder(app.db, user.id, request.params.id, input.stars, input.comment ?? null);
      return { data: await detail(user.id, request.params.id, request.lang) };
    },
  );

  app.post(
    '/orders/:id/confirm-payment',
    { preHandler: app.authenticate, schema: { tags, summary: 'Complete a card payment that needed confirmation (3-D Secure)', params: IdParams, body: ConfirmPaymentBody, response: { 200: DataEnvelope(OrderResource) } } },
    async (request) => {
      const user = currentUser(request);
      const row = await actions.visible(user.id, request.params.id);
      if (row.viewer !== 'buyer') throw forbidden();
      if (row.order.status !== 'pending_payment') throw conflict('orders.errors.paymentNotPending');
      const result = await checkout.confirm(row.order);
      if (result === 'nothing') throw conflict('orders.errors.paymentNotPending');
      return { data: await detail(user.id, request.params.id, request.lang) };
    },
  );

  // The sweep runs in every API process; moves lock their order, so processes never move one twice.
  const sweep = orderSweeper(app, announcer);
  sweeps.set(app.config, sweep);
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((err: unknown) => app.log.error({ err }, 'order sweep failed'))
      .finally(() => (running = null));
  }, ORDER_SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};

/** Each app's sweep, keyed by its config (the same object in every plugin of the app). */
const sweeps = new WeakMap<object, (now?: Date) => Promise<number>>();

/** One pass of an app's order sweep at `now` (tests and the bench call it with a moved clock). */
export function sweepOrders(app: FastifyInstance, now?: Date): Promise<number> {
  const sweep = sweeps.get(app.config);
  if (!sweep) throw new Error('orders routes are not registered');
  return sweep(now);
}

export default ordersRoutes;
