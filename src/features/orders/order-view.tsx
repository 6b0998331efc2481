import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { OrderDetail } from './order-detail';
import { useOrderQuery } from './orders-api';
import './orders.css';

/** The order of the URL, for the buyer (`/order/:id`) or the seller (`/order/business/:id`); `back` is the list it came from. */
export function OrderView({ back }: { back: 'history' | 'business' }) {
  const intl = useIntl();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: order, error, isLoading } = useOrderQuery(id, { skip: !valid });
  // A toast or notification may open a seller's order at /order/:id: the way back follows who is looking.
  const list = order?.viewer === 'seller' ? 'business' : order ? 'history' : back;
  return (
    <div className="order-page">
      <p>
        <Link to={list === 'history' ? '/order/history' : '/order/business'}>{intl.formatMessage({ id: `orders.ui.back.${list}` })}</Link>
      </p>
      <PageTitle id="orders.ui.orderTitle" values={{ id: valid ? String(id) : '' }} />
      {isLoading ? <PageLoading /> : null}
      {order ? <OrderDetail order={order} /> : null}
      {!isLoading && !order ? <ApiErrorText error={error ?? { data: { message: intl.formatMessage({ id: 'orders.ui.notFound' }) } }} /> : null}
    </div>
  );
}
