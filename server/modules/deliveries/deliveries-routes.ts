import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DeliveryBody, DeliveryResource } from '../../../shared/api/deliveries';
import { DataEnvelope } from '../../../shared/api/envelope';
import { canHandToCourier } from '../../../shared/orders/order-machine';
import { deliverySchema } from '../../../shared/validation/orders';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { ordersRepository } from '../orders/orders-repository';
import { deliveriesRepository } from './deliveries-repository';

/**
 * `POST /v1/deliveries`: the selling business hands an accepted (or already
 * shipped) courier order to a courier. The order's status moves separately
 * (`PUT /v1/orders/{id}/status`), so the seller may record the courier before
 * or after marking it shipped.
 */
const deliveriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const orders = ordersRepository(app.db);
  const repository = deliveriesRepository(app.db);

  app.post(
    '/deliveries',
    { preHandler: app.authenticate, schema: { tags: ['orders'], summary: 'Hand a courier order to a courier (the selling business; one per order)', body: DeliveryBody, response: { 201: DataEnvelope(DeliveryResource) } } },
    async (request, reply) => {
      const body = request.body;
      const row = await orders.visibleTo(currentUser(request).id, body.order_id);
      if (!row) throw notFound();
      if (row.viewer !== 'seller') throw forbidden();
      if (!canHandToCourier(row.order.status, row.viewer, row.order.deliveryKind)) throw conflict('orders.errors.deliveryNotCourier');
      const input = await validateShared(deliverySchema, body);
      const created = await repository.create({
        orderId: body.order_id,
        courierName: input.courier_name,
        courierPhone: input.courier_phone,
        trackingCode: input.tracking_code,
        expectedAt: input.expected_at ? new Date(input.expected_at) : null,
      });
      if (!created) throw conflict('orders.errors.deliveryExists');
      return reply.status(201).send({
        data: {
          id: created.id,
          order_id: created.orderId,
          courier_name: created.courierName,
          courier_phone: created.courierPhone,
          tracking_code: created.trackingCode,
          expected_at: created.expectedAt?.toISOString() ?? null,
          created_at: created.createdAt.toISOString(),
        },
      });
    },
  );
};

export default deliveriesRoutes;
