import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SellerDashboard } from '../../../shared/api/seller-dashboard';
import { useMoney } from '../../components/money';
import { DashboardCard, NextStep } from './dashboard-card';

/** Today's new orders and the ones waiting for me; a new order arrives live (the query refetches on `OrderStatusUpdated`). */
export function OrdersCard({ dashboard }: { dashboard: SellerDashboard }) {
  const intl = useIntl();
  const money = useMoney();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `sellerDashboard.orders.${id}` }, values);
  const { orders } = dashboard;
  return (
    <DashboardCard id="seller-orders" title={t('title')} more={dashboard.businesses.length ? { to: '/order/business', label: t('all') } : undefined}>
      {dashboard.businesses.length === 0 ? (
        <NextStep testId="seller-orders-empty" text={t('noBusiness')} to="/create/business" label={t('createBusiness')} />
      ) : (
        <>
          <p className="seller-figure" aria-live="polite">
            <strong data-testid="seller-orders-today">{orders.today}</strong> {t('today', { count: orders.today })}
          </p>
          <ul className="seller-waiting">
            <li>
              <Link to="/order/business?status=placed" data-testid="seller-orders-to-accept">
                {t('toAccept', { count: orders.to_accept })}
              </Link>
            </li>
            <li>
              <Link to="/order/business?status=accepted" data-testid="seller-orders-to-dispatch">
                {t('toDispatch', { count: orders.to_dispatch })}
              </Link>
            </li>
          </ul>
          {orders.latest.length === 0 ? (
            <p className="seller-empty" data-testid="seller-orders-none-today">
              {t('noneToday')}
            </p>
          ) : (
            <ul className="seller-list" data-testid="seller-orders-latest">
              {orders.latest.map((order) => (
                <li key={order.id}>
                  <Link to={`/order/business/${order.id}`}>{t('number', { id: order.id })}</Link> · {order.business.name} ·{' '}
                  <span className="seller-amount">{money(order.total, order.currency)}</span> ·{' '}
                  <span className="seller-status">{intl.formatMessage({ id: `orders.status.${order.status}` })}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </DashboardCard>
  );
}
