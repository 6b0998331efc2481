import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SellerDashboard } from '../../../shared/api/seller-dashboard';
import { DashboardCard, NextStep } from './dashboard-card';

/** My businesses with today's and waiting orders of each, and my published ads. */
export function BusinessesCard({ dashboard, userId }: { dashboard: SellerDashboard; userId: number }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `sellerDashboard.businesses.${id}` }, values);
  return (
    <DashboardCard id="seller-businesses" title={t('title')}>
      {dashboard.businesses.length === 0 ? (
        <NextStep testId="seller-businesses-empty" text={t('none')} to="/create/business" label={t('create')} />
      ) : (
        <ul className="seller-list" data-testid="seller-businesses-list">
          {dashboard.businesses.map((b) => (
            <li key={b.id}>
              <Link to={`/stores/${b.id}`}>{b.name}</Link> ·{' '}
              <Link to={`/order/business?business=${b.id}`}>{t('orders', { today: b.today, waiting: b.waiting })}</Link>
            </li>
          ))}
        </ul>
      )}
      {dashboard.ads === 0 ? (
        <NextStep testId="seller-ads-empty" text={t('noAds')} to="/create/ad" label={t('createAd')} />
      ) : (
        <p>
          <Link to={`/user/${userId}`} data-testid="seller-ads">
            {t('ads', { count: dashboard.ads })}
          </Link>
        </p>
      )}
    </DashboardCard>
  );
}
