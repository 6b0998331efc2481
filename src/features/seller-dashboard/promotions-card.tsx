import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SellerDashboard } from '../../../shared/api/seller-dashboard';
import { DashboardCard, NextStep } from './dashboard-card';

/** Running promotions, ending soonest first; with none, the way to a plan (or first to something to promote). */
export function PromotionsCard({ dashboard }: { dashboard: SellerDashboard }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `sellerDashboard.promotions.${id}` }, values);
  const { promotions } = dashboard;
  const nothingToPromote = dashboard.businesses.length === 0 && dashboard.ads === 0;
  return (
    <DashboardCard id="seller-promotions" title={t('title')} more={{ to: '/profile/seller/promotion', label: t('all') }}>
      {promotions.items.length === 0 ? (
        nothingToPromote ? (
          <NextStep testId="seller-promotions-empty" text={t('nothingToPromote')} to="/create/ad" label={t('createAd')} />
        ) : (
          <NextStep testId="seller-promotions-empty" text={t('none')} to="/profile/seller/promotion/plan" label={t('choosePlan')} />
        )
      ) : (
        <>
          <p className="seller-figure">
            <strong data-testid="seller-promotions-total">{promotions.total}</strong> {t('running', { count: promotions.total })}
          </p>
          <ul className="seller-list" data-testid="seller-promotions-list">
            {promotions.items.map((p) => (
              <li key={p.id}>
                <Link to={p.target.kind === 'ad' ? `/ads/${p.target.id}` : `/products/${p.target.id}`}>{p.target.title}</Link> · {p.plan} ·{' '}
                {p.status === 'paused'
                  ? t('paused')
                  : p.ends_at
                    ? t('until', { date: intl.formatDate(p.ends_at, { dateStyle: 'medium' }) })
                    : t('active')}
              </li>
            ))}
          </ul>
        </>
      )}
    </DashboardCard>
  );
}
