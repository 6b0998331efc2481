import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { Pager, usePageParam } from '../../components/pager';
import { StatusFilter, UrlSelect, useBusinessParam, useStatusParam } from './order-filters';
import { OrderList } from './order-list';
import { useBusinessOrdersQuery, useSellerBusinessesQuery } from './orders-api';
import { useFreshOrders } from './use-fresh-orders';
import './orders.css';

/** `/order/business`: orders to my businesses, newest first; new ones appear live with a quiet badge. */
export default function BusinessOrdersPage() {
  const intl = useIntl();
  const page = usePageParam();
  const status = useStatusParam();
  const businessId = useBusinessParam();
  const { data, error, isLoading } = useBusinessOrdersQuery({ page, status, businessId });
  const { data: businesses } = useSellerBusinessesQuery();
  const { fresh, seen } = useFreshOrders(data?.data);
  return (
    <div className="order-page">
      <PageTitle id="orders.ui.businessTitle" />
      <div className="order-filters">
        <StatusFilter />
        {businesses && businesses.data.length > 1 ? (
          <UrlSelect
            name="business"
            testId="business-filter"
            label={intl.formatMessage({ id: 'orders.ui.filterBusiness' })}
            options={[{ value: '', label: intl.formatMessage({ id: 'orders.ui.allBusinesses' }) }, ...businesses.data.map((b) => ({ value: String(b.id), label: b.name }))]}
          />
        ) : null}
        {fresh.size > 0 ? (
          <span className="order-fresh" role="status" data-testid="fresh-orders">
            <span className="cat-badge">{intl.formatMessage({ id: 'orders.ui.freshCount' }, { count: fresh.size })}</span>{' '}
            <button type="button" className="button" onClick={seen}>
              {intl.formatMessage({ id: 'orders.ui.markSeen' })}
            </button>
          </span>
        ) : null}
      </div>
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? <p data-testid="orders-empty">{intl.formatMessage({ id: status ? 'orders.ui.noneInState' : 'orders.ui.noneIncoming' })}</p> : null}
      {data ? <OrderList orders={data.data} base="/order/business" side="seller" fresh={fresh} /> : null}
      {data ? <Pager meta={data.meta} /> : null}
    </div>
  );
}
