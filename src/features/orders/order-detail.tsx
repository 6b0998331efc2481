import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OrderResource } from '../../../shared/api/orders';
import { StartChatButton } from '../../components/chat/start-chat-button';
import { useMoney } from '../../components/money';
import { OrderActions } from './order-actions';
import { CourierForm, OrderCourier } from './order-courier';
import { buyerName } from './order-list';
import { OrderMoveError } from './order-move-error';
import { OrderRating } from './order-rating';
import { OrderTimeline } from './order-timeline';
import { useConfirmPaymentMutation } from './orders-api';

function addressText(order: OrderResource) {
  const a = order.address;
  if (!a) return null;
  return [a.city, a.street, a.house, a.flat, a.entrance && `⌂ ${a.entrance}`, a.floor && `↕ ${a.floor}`, a.intercom].filter(Boolean).join(', ');
}

/** A card payment the bank wants confirmed (3-D Secure): the buyer finishes it here. */
function ConfirmPayment({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const [confirm, confirming] = useConfirmPaymentMutation();
  if (order.viewer !== 'buyer' || order.status !== 'pending_payment' || order.payment.status !== 'requires_confirmation') return null;
  return (
    <div className="order-confirm" role="status">
      <p>{intl.formatMessage({ id: 'orders.ui.confirmPaymentHint' })}</p>
      <button type="button" className="button button-primary" onClick={() => confirm(order.id)} disabled={confirming.isLoading} data-testid="confirm-payment">
        {intl.formatMessage({ id: 'orders.ui.confirmPayment' })}
      </button>
      <OrderMoveError error={confirming.error} />
    </div>
  );
}

/** One order for whoever looks at it (`viewer`): items, totals, delivery, payment, timeline and what may be done now. */
export function OrderDetail({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const money = useMoney();
  const m = (minor: number) => money(minor, order.totals.currency);
  const buyer = order.viewer === 'buyer';
  return (
    <div className="order-detail" data-testid="order-detail">
      <p className="order-head">
        <span className={`order-status is-${order.status}`} data-testid="order-status">
          {intl.formatMessage({ id: `orders.status.${order.status}` })}
        </span>
        <span className="cat-muted">
          {' · '}
          {intl.formatDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
          {' · '}
          {buyer ? <Link to={`/stores/${order.business.id}`}>{order.business.name}</Link> : intl.formatMessage({ id: 'orders.ui.buyer' }, { name: buyerName(order.buyer, intl.formatMessage) })}
        </span>
      </p>
      {order.deadline_at ? (
        <p className="cat-muted">{intl.formatMessage({ id: `orders.deadline.${order.status === 'delivered' ? 'complete' : order.status === 'pending_payment' ? 'payment' : 'accept'}` }, { at: intl.formatDate(order.deadline_at, { dateStyle: 'medium', timeStyle: 'short' }) })}</p>
      ) : null}
      {order.cancel_reason ? <p data-testid="order-cancel-reason">{intl.formatMessage({ id: 'orders.ui.cancelReason' }, { reason: order.cancel_reason })}</p> : null}
      <ConfirmPayment order={order} />
      <OrderActions order={order} />

      <h2>{intl.formatMessage({ id: 'orders.ui.items' })}</h2>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="order-item">
            {item.product_id ? <Link to={`/products/${item.product_id}`}>{item.name}</Link> : item.name}
            <span className="cat-muted"> · {intl.formatMessage({ id: 'orders.ui.times' }, { quantity: item.quantity, price: m(item.unit_price) })}</span>
            <span className="order-amount"> {m(item.line_total)}</span>
          </li>
        ))}
      </ul>
      <dl className="order-sums" data-testid="order-totals">
        <dt>{intl.formatMessage({ id: 'cart.ui.subtotal' })}</dt>
        <dd>{m(order.totals.items)}</dd>
        <dt>{intl.formatMessage({ id: `checkout.delivery.${order.delivery_kind}` })}</dt>
        <dd>{m(order.totals.delivery_cost)}</dd>
        {order.totals.delivery_discount > 0 ? (
          <>
            <dt>{intl.formatMessage({ id: 'orders.ui.deliveryDiscount' })}</dt>
            <dd>−{m(order.totals.delivery_discount)}</dd>
          </>
        ) : null}
        <dt>{intl.formatMessage({ id: 'orders.ui.total' })}</dt>
        <dd>
          <strong>{m(order.totals.total)}</strong>
        </dd>
      </dl>

      <h2>{intl.formatMessage({ id: 'checkout.ui.delivery' })}</h2>
      <p>
        {intl.formatMessage({ id: `checkout.delivery.${order.delivery_kind}` })}
        {addressText(order) ? `: ${addressText(order)}` : ''}
      </p>
      {order.address?.comment ? <p className="cat-muted">{order.address.comment}</p> : null}
      <OrderCourier order={order} />
      <CourierForm order={order} />
      {order.comment ? <p>{intl.formatMessage({ id: 'orders.ui.comment' }, { comment: order.comment })}</p> : null}

      <h2>{intl.formatMessage({ id: 'checkout.ui.payment' })}</h2>
      <p data-testid="order-payment">
        {intl.formatMessage({ id: `checkout.payment.${order.payment.kind === 'cash' ? 'cash' : 'saved_card'}` })}
        {order.payment.card ? ` · ${order.payment.card.brand.toUpperCase()} •••• ${order.payment.card.last4}` : ''}
        {order.payment.status ? ` · ${intl.formatMessage({ id: `orders.payment.${order.payment.status}` })}` : ''}
        {order.payment.refunded ? ` · ${intl.formatMessage({ id: 'orders.payment.refunded' })}` : ''}
      </p>

      <h2>{intl.formatMessage({ id: 'orders.ui.timeline' })}</h2>
      <OrderTimeline order={order} />
      <OrderRating order={order} />
      <div className="order-chat">
        {/* The chat is about this order: its buyer and the business's owner are the only two who may have it. */}
        <StartChatButton recipientId={buyer ? order.business.owner_id : order.buyer.id} subject={{ type: 'order', id: order.id }} />
      </div>
    </div>
  );
}
