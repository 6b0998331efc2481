import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../shared/promotion/subscription-machine';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { Pager, usePageParam } from '../../components/pager';
import { PromotionNav } from './promotion-nav';
import { useUserSubscriptionsQuery } from './promotion-api';
import { SubscriptionItem } from './subscription-item';
import './promotion.css';

/** The status filter of the URL (`?status=paused`), or none; anything else means none. */
function useStatusParam(): SubscriptionStatus | undefined {
  const [params] = useSearchParams();
  return SUBSCRIPTION_STATUSES.find((status) => status === params.get('status'));
}

function StatusFilter() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  return (
    <label className="promo-filter">
      {intl.formatMessage({ id: 'promotion.ui.filter' })}{' '}
      <select
        value={useStatusParam() ?? ''}
        data-testid="promotion-status-filter"
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value) next.set('status', event.target.value);
          else next.delete('status');
          next.delete('page');
          setParams(next);
        }}
      >
        <option value="">{intl.formatMessage({ id: 'promotion.ui.anyStatus' })}</option>
        {SUBSCRIPTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {intl.formatMessage({ id: `promotion.status.${status}` })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** `/profile/seller/promotion/all`: every subscription of mine, newest first; the filter and the page live in the URL. */
export default function AllPromotionsPage() {
  const intl = useIntl();
  const page = usePageParam();
  const status = useStatusParam();
  const { data, error, isLoading } = useUserSubscriptionsQuery({ page, status: status ? [status] : undefined });
  return (
    <div className="promo-page">
      <PageTitle id="promotion.ui.allTitle" />
      <PromotionNav />
      <StatusFilter />
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? <p data-testid="promotions-empty">{intl.formatMessage({ id: 'promotion.ui.none' })}</p> : null}
      {data ? (
        <ul className="promo-list" data-testid="promotion-list">
          {data.data.map((s) => (
            <SubscriptionItem key={s.id} subscription={s} />
          ))}
        </ul>
      ) : null}
      {data ? <Pager meta={data.meta} /> : null}
    </div>
  );
}
