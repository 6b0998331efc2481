import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { isMissing, useRouteId } from '../../components/missing-or-failed';
import { NotFoundPage } from '../../components/not-found-page';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { OrderDetail } from './order-detail';
import { useOrderQuery } from './orders-api';
import './orders.css';

/** The order of the URL, for the buyer (`/order/:id`) or the seller (`/order/business/:id`); `back` is the list it came from. */
export function OrderView({ back }: { back: 'history' | 'business' }) {
  const intl = useIntl();
  const id = useRouteId();
  const { data: order, error, isLoading } = useOrderQuery(id ?? 0, { skip: id === null });
  // A toast or notification may open a seller's order at /order/:id: the way back follows who is looking.
  const list = order?.viewer === 'seller' ? 'business' : order ? 'history' : back;
  // Someone else's order and no such order look the same (the API answers 404 for both).
  if (!isLoading && !order && isMissing(error)) return <NotFoundPage />;
  return (
    <div className="order-page">
      <p>
        <Link to={list === 'history' ? '/order/history' : '/order/business'}>{intl.formatMessage({ id: `orders.ui.back.${list}` })}</Link>
      </p>
      <PageTitle id="orders.ui.orderTitle" values={{ id: String(id) }} />
      {isLoading ? <PageLoading /> : null}
      {order ? <OrderDetail order={order} /> : null}
      {!isLoading && !order ? <ApiErrorText error={error} /> : null}
    </div>
  );
}
