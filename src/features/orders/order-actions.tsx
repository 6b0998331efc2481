import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { OrderResource } from '../../../shared/api/orders';
import { CANCEL_REASON_MAX } from '../../../shared/api/order-values';
import { findMove, movesFor, type OrderActor, type SellerStatusTarget } from '../../../shared/orders/order-machine';
import { useAppDispatch } from '../../session/hooks';
import { orderChanged, useCancelOrderMutation, useSetOrderStatusMutation } from './orders-api';
import { OrderMoveError } from './order-move-error';

/** The moves a viewer may make now, straight from the shared machine: the same table the server enforces. */
export function actionsFor(order: Pick<OrderResource, 'status' | 'delivery_kind' | 'viewer'>) {
  const actor: OrderActor = order.viewer;
  const moves = movesFor(order.status, actor, order.delivery_kind);
  return {
    actor,
    forward: moves.filter((to): to is SellerStatusTarget => to !== 'cancelled'),
    cancel: moves.includes('cancelled'),
    reasonRequired: findMove(order.status, 'cancelled', order.delivery_kind)?.reasonRequiredFor?.includes(actor) ?? false,
  };
}

/** The buttons of an order: the seller moves it on; either side cancels while the machine allows it. */
export function OrderActions({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [setStatus, moving] = useSetOrderStatusMutation();
  const [cancel, cancelling] = useCancelOrderMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const { actor, forward, cancel: mayCancel, reasonRequired } = actionsFor(order);
  const busy = moving.isLoading || cancelling.isLoading;

  // A refusal means the order moved meanwhile (another tab, the other side, the sweep): show it as it is now.
  const refreshOn409 = (result: { error?: unknown }) => {
    if ((result.error as { status?: unknown } | undefined)?.status === 409) dispatch(orderChanged(order.id));
  };

  if (forward.length === 0 && !mayCancel) return null;
  return (
    <div className="order-actions" data-testid="order-actions">
      {actor === 'seller'
        ? forward.map((to) => (
            <button
              key={to}
              type="button"
              className="button button-primary"
              disabled={busy}
              data-testid={`move-${to}`}
              onClick={async () => refreshOn409(await setStatus({ id: order.id, status: to }))}
            >
              {intl.formatMessage({ id: `orders.move.${to}` })}
            </button>
          ))
        : null}
      {mayCancel && !asking ? (
        <button type="button" className="button" disabled={busy} data-testid="move-cancelled" onClick={() => setAsking(true)}>
          {intl.formatMessage({ id: 'orders.move.cancelled' })}
        </button>
      ) : null}
      {mayCancel && asking ? (
        <form
          className="order-cancel"
          onSubmit={async (event) => {
            event.preventDefault();
            const result = await cancel({ id: order.id, reason: reason.trim() || null });
            refreshOn409(result);
            if (!('error' in result)) setAsking(false);
          }}
        >
          <label>
            {intl.formatMessage({ id: reasonRequired ? 'orders.ui.reasonRequired' : 'orders.ui.reasonOptional' })}
            <textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={CANCEL_REASON_MAX} rows={2} required={reasonRequired} data-testid="cancel-reason" />
          </label>
          <button type="submit" className="button button-primary" disabled={busy || (reasonRequired && !reason.trim())} data-testid="confirm-cancel">
            {intl.formatMessage({ id: 'orders.ui.confirmCancel' })}
          </button>
          <button type="button" className="button" onClick={() => setAsking(false)}>
            {intl.formatMessage({ id: 'orders.ui.keepOrder' })}
          </button>
        </form>
      ) : null}
      <OrderMoveError error={moving.error ?? cancelling.error} />
    </div>
  );
}
