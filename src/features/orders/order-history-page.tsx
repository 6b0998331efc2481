import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { Pager, usePageParam } from '../../components/pager';
import { StatusFilter, useStatusParam } from './order-filters';
import { OrderList } from './order-list';
import { useUserOrdersQuery } from './orders-api';
import './orders.css';

/** `/order/history`: my orders, newest first; the state filter and the page live in the URL. */
export default function OrderHistoryPage() {
  const intl = useIntl();
  const page = usePageParam();
  const status = useStatusParam();
  const { data, error, isLoading } = useUserOrdersQuery({ page, status });
  return (
    <div className="order-page">
      <PageTitle id="orders.ui.historyTitle" />
      <div className="order-filters">
        <StatusFilter />
      </div>
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {data && data.data.length === 0 ? (
        <p data-testid="orders-empty">
          {intl.formatMessage({ id: status ? 'orders.ui.noneInState' : 'orders.ui.none' })} <Link to="/home">{intl.formatMessage({ id: 'orders.ui.shop' })}</Link>
        </p>
      ) : null}
      {data ? <OrderList orders={data.data} base="/order" side="buyer" /> : null}
      {data ? <Pager meta={data.meta} /> : null}
    </div>
  );
}
