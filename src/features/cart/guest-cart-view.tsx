import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { COURIER_DELIVERY_COST } from '../../../shared/api/order-values';
import { maxQuantity, type GuestCartLine } from '../../components/cart/guest-cart';
import { selectGuestLines, setGuestQuantity } from '../../components/cart/guest-cart-slice';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import { useMoney } from '../../components/money';
import { useAppDispatch, useAppSelector } from '../../session/hooks';

/** Lines grouped by business in the order they were added. */
function byBusiness(lines: GuestCartLine[]) {
  const groups = new Map<number, { business: GuestCartLine['business']; lines: GuestCartLine[] }>();
  for (const line of lines) {
    const group = groups.get(line.business.id) ?? { business: line.business, lines: [] };
    group.lines.push(line);
    groups.set(line.business.id, group);
  }
  return [...groups.values()];
}

/**
 * A guest's cart, from this browser. Prices are the ones seen when adding;
 * the account's cart checks them on sign-in and shows any change before paying.
 */
export function GuestCartView() {
  const intl = useIntl();
  const money = useMoney();
  const dispatch = useAppDispatch();
  const lines = useAppSelector(selectGuestLines);
  if (lines.length === 0) return <p data-testid="cart-empty">{intl.formatMessage({ id: 'cart.ui.empty' })}</p>;
  const setQuantity = (line: GuestCartLine, quantity: number) => {
    const { quantity: _old, ...product } = line;
    dispatch(setGuestQuantity(product, quantity));
  };
  return (
    <>
      {byBusiness(lines).map((group) => {
        const subtotal = group.lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
        const currency = group.lines[0].currency;
        return (
          <section key={group.business.id} className="cart-group" data-testid="cart-group">
            <h2 className="cart-group-title">
              <Link to={`/stores/${group.business.id}`}>{group.business.name}</Link>
            </h2>
            <ul className="cart-lines">
              {group.lines.map((line) => (
                <li key={line.product_id} className="cart-line" data-testid="cart-line">
                  {line.image ? <img className="cart-line-image" src={line.image.url} alt="" width={64} height={64} /> : <span className="cart-line-image" />}
                  <div className="cart-line-main">
                    <strong>
                      <Link to={`/products/${line.product_id}`}>{line.name}</Link>
                    </strong>
                    <span className="cart-line-price">{money(line.unit_price, line.currency)}</span>
                  </div>
                  <QuantityStepper value={line.quantity} max={maxQuantity(line.stock)} onChange={(quantity) => setQuantity(line, quantity)} label={line.name} />
                  <span className="cart-line-total" data-testid="cart-line-total">
                    {money(line.unit_price * line.quantity, line.currency)}
                  </span>
                  <button type="button" className="button" onClick={() => setQuantity(line, 0)} aria-label={intl.formatMessage({ id: 'cart.ui.removeItem' }, { name: line.name })}>
                    {intl.formatMessage({ id: 'cart.ui.remove' })}
                  </button>
                </li>
              ))}
            </ul>
            <dl className="cart-sums">
              <dt>{intl.formatMessage({ id: 'cart.ui.subtotal' })}</dt>
              <dd data-testid="group-subtotal">{money(subtotal, currency)}</dd>
              <dt>{intl.formatMessage({ id: 'cart.ui.courierDelivery' })}</dt>
              <dd>{intl.formatMessage({ id: 'cart.ui.guestDelivery' }, { cost: money(COURIER_DELIVERY_COST, currency) })}</dd>
            </dl>
          </section>
        );
      })}
      <p className="cart-actions">
        <Link to={`/auth?next=${encodeURIComponent('/cart')}`} className="button button-primary" data-testid="cart-sign-in">
          {intl.formatMessage({ id: 'cart.ui.signInToBuy' })}
        </Link>
      </p>
    </>
  );
}
