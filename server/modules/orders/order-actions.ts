import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderActor, OrderStatus } from '../../../shared/orders/order-machine';
import { cancelOrderSchema } from '../../../shared/validation/orders';
import { msg } from '../../../shared/validation/message';
import { conflict, forbidden, HttpError, notFound, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import type { OrderAnnouncer } from './order-announcer';
import { moveOrder, type MoveResult } from './order-moves';
import { ordersRepository } from './orders-repository';

/** A refused move as the answer the caller reads: 409 for the wrong state (naming both states), 403 for the wrong person, 422 for a missing reason. */
function refusalError(request: FastifyRequest, result: Extract<MoveResult, { ok: false }>, to: OrderStatus): HttpError {
  if (result.refusal === 'missing') return notFound();
  if (result.refusal === 'actor') return forbidden();
  if (result.refusal === 'reason') return validationFailed({ reason: [msg('orders.validation.reasonRequired')] });
  if (to === 'cancelled') return conflict('orders.errors.notCancellable', { status: request.t(`orders.status.${result.order!.status}`) });
  return conflict('orders.errors.illegalMove', { from: request.t(`orders.status.${result.order!.status}`), to: request.t(`orders.status.${to}`) });
}

/** What buyers and sellers do to an order they can see: move it, cancel it; each move announced after its commit. */
export function orderActions(app: FastifyInstance, announcer: OrderAnnouncer) {
  const repository = ordersRepository(app.db);

  /** The order and which side the user is on; 404 when it is neither theirs nor their business's. */
  async function visible(userId: number, orderId: number) {
    const row = await repository.visibleTo(userId, orderId);
    if (!row) throw notFound();
    return row;
  }

  async function move(request: FastifyRequest, userId: number, orderId: number, to: OrderStatus, actor: OrderActor, reason: string | null) {
    const result = await moveOrder(app.db, orderId, { to, actor, actorUserId: userId, reason });
    if (!result.ok) throw refusalError(request, result, to);
    await announcer.announce({ order: result.order, from: result.from, actor });
    return result;
  }

  return {
    visible,

    /** `PUT /v1/orders/{id}/status`: only the selling business moves an order forward. */
    async setStatus(request: FastifyRequest, userId: number, orderId: number, to: OrderStatus) {
      const row = await visible(userId, orderId);
      if (row.viewer !== 'seller') throw forbidden();
      await move(request, userId, orderId, to, 'seller', null);
    },

    /** `POST /v1/orders/{id}/cancel`: the buyer before acceptance, the business (with a reason) before delivery; a paid order is refunded. */
    async cancel(request: FastifyRequest, userId: number, orderId: number, body: unknown) {
      const row = await visible(userId, orderId);
      const { reason } = await validateShared(cancelOrderSchema(row.viewer === 'seller'), body ?? {});
      const result = await move(request, userId, orderId, 'cancelled', row.viewer, reason ?? null);
      await refundQuietly(app, result.order.id);
    },
  };
}

/** A refund that fails now is retried by the sweep (a cancelled order with a charge still standing). */
export async function refundQuietly(app: FastifyInstance, orderId: number): Promise<void> {
  try {
    await app.payments.refund(orderId);
  } catch (err) {
    app.log.error({ err, orderId }, 'refund failed; the sweep retries it');
  }
}

export type OrderActions = ReturnType<typeof orderActions>;
