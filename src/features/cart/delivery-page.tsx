import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { COURIER_DELIVERY_COST } from '../../../shared/api/order-values';
import { useMoney } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import './cart.css';

/** `/delivery`: the ways an order reaches the buyer and what each costs (the figures are the checkout's own). */
export default function DeliveryPage() {
  const intl = useIntl();
  const money = useMoney();
  const cost = money(COURIER_DELIVERY_COST, 'RUB');
  return (
    <article className="delivery-page">
      <PageTitle id="delivery.ui.title" />
      <p>{intl.formatMessage({ id: 'delivery.ui.intro' })}</p>
      <h2>{intl.formatMessage({ id: 'checkout.delivery.pickup' })}</h2>
      <p>{intl.formatMessage({ id: 'delivery.ui.pickup' })}</p>
      <h2>{intl.formatMessage({ id: 'checkout.delivery.courier' })}</h2>
      <p data-testid="delivery-courier-cost">{intl.formatMessage({ id: 'delivery.ui.courier' }, { cost })}</p>
      <p>{intl.formatMessage({ id: 'delivery.ui.discount' })}</p>
      <h2>{intl.formatMessage({ id: 'delivery.ui.paymentTitle' })}</h2>
      <p>{intl.formatMessage({ id: 'delivery.ui.payment' })}</p>
      <p>
        <Link to="/cart">{intl.formatMessage({ id: 'delivery.ui.toCart' })}</Link> · <Link to="/about/payment">{intl.formatMessage({ id: 'delivery.ui.toTerms' })}</Link>
      </p>
    </article>
  );
}
