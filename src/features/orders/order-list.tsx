import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { OrderSummary } from '../../../shared/api/orders';
import { useMoney } from '../../components/money';

export interface OrderListProps {
  orders: OrderSummary[];
  /** Where an order opens: `/order` for the buyer, `/order/business` for the seller. */
  base: string;
  side: 'buyer' | 'seller';
  /** Orders that arrived while the list was open (the seller's "new" mark). */
  fresh?: ReadonlySet<number>;
}

/** A buyer who has not given a name yet is still someone to the seller. */
export function buyerName(buyer: OrderSummary['buyer'], format: (descriptor: { id: string }, values: Record<string, string>) => string) {
  return buyer.name.trim() || format({ id: 'orders.ui.buyerFallback' }, { id: String(buyer.id) });
}

export function OrderList({ orders, base, side, fresh }: OrderListProps) {
  const intl = useIntl();
  const money = useMoney();
  return (
    <ul className="order-list" data-testid="order-list">
      {orders.map((order) => (
        <li key={order.id} className={`order-row${fresh?.has(order.id) ? ' is-fresh' : ''}`} data-testid="order-row">
          <Link to={`${base}/${order.id}`} className="order-row-link">
            <strong>{intl.formatMessage({ id: 'orders.ui.orderTitle' }, { id: String(order.id) })}</strong>
            {fresh?.has(order.id) ? <span className="cat-badge">{intl.formatMessage({ id: 'orders.ui.new' })}</span> : null}
            <span className={`order-status is-${order.status}`}>{intl.formatMessage({ id: `orders.status.${order.status}` })}</span>
            <span>{side === 'buyer' ? order.business.name : buyerName(order.buyer, intl.formatMessage)}</span>
            <span className="cat-muted">{order.preview.join(', ')}</span>
            <span className="order-amount">{money(order.totals.total, order.totals.currency)}</span>
            <time className="cat-muted" dateTime={order.created_at}>
              {intl.formatDate(order.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
