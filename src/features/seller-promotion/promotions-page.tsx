import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { PromotionNav } from './promotion-nav';
import { useUserSubscriptionsQuery } from './promotion-api';
import { SubscriptionItem } from './subscription-item';
import './promotion.css';

/** `/profile/seller/promotion`: my running promotions (active and paused) with pause, resume and archive. */
export default function PromotionsPage() {
  const intl = useIntl();
  const { data, error, isLoading } = useUserSubscriptionsQuery({ page: 1, status: ['active', 'paused'] });
  return (
    <div className="promo-page">
      <PageTitle id="promotion.ui.currentTitle" />
      <PromotionNav />
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? (
        <p data-testid="promotions-empty">
          {intl.formatMessage({ id: 'promotion.ui.noneRunning' })} <Link to="/profile/seller/promotion/plan">{intl.formatMessage({ id: 'promotion.ui.buyFirst' })}</Link>
        </p>
      ) : null}
      {data ? (
        <ul className="promo-list" data-testid="promotion-list">
          {data.data.map((s) => (
            <SubscriptionItem key={s.id} subscription={s} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
