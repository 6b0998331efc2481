import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { COURIER_DELIVERY_COST } from '../../../shared/api/order-values';
import { deliveryPrice } from '../../../shared/orders/order-totals';
import { useMoney } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { useDeliveryDiscountsQuery } from './delivery-discounts-api';
import './cart.css';

/** `/delivery`: the ways an order reaches the buyer and what each costs (the figures are the checkout's own). */
export default function DeliveryPage() {
  const intl = useIntl();
  const money = useMoney();
  const cost = money(COURIER_DELIVERY_COST, 'RUB');
  const { data: discounts } = useDeliveryDiscountsQuery();
  return (
    <article className="delivery-page">
      <PageTitle id="delivery.ui.title" />
      <p>{intl.formatMessage({ id: 'delivery.ui.intro' })}</p>
      <h2>{intl.formatMessage({ id: 'checkout.delivery.pickup' })}</h2>
      <p>{intl.formatMessage({ id: 'delivery.ui.pickup' })}</p>
      <h2>{intl.formatMessage({ id: 'checkout.delivery.courier' })}</h2>
      <p data-testid="delivery-courier-cost">{intl.formatMessage({ id: 'delivery.ui.courier' }, { cost })}</p>
      <p>{intl.formatMessage({ id: 'delivery.ui.discount' })}</p>
      {discounts && discounts.data.length > 0 ? (
        <ul data-testid="delivery-discounts">
          {discounts.data.map((business) => {
            // The checkout's own rule, so the figure here is the one the buyer will pay.
            const price = deliveryPrice('courier', business.delivery_discount_percent);
            return (
              <li key={business.id}>
                <Link to={`/stores/${business.id}`}>{business.name}</Link>{' '}
                {intl.formatMessage(
                  { id: 'delivery.ui.discountLine' },
                  { percent: business.delivery_discount_percent, cost: money(price.cost - price.discount, 'RUB') },
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <h2>{intl.formatMessage({ id: 'delivery.ui.paymentTitle' })}</h2>
      <p>{intl.formatMessage({ id: 'delivery.ui.payment' })}</p>
      <p>
        <Link to="/cart">{intl.formatMessage({ id: 'delivery.ui.toCart' })}</Link> · <Link to="/about/payment">{intl.formatMessage({ id: 'delivery.ui.toTerms' })}</Link>
      </p>
    </article>
  );
}
