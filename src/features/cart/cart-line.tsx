import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CartItemResource } from '../../../shared/api/cart';
import { maxQuantity } from '../../components/cart/guest-cart';
import { QuantityStepper } from '../../components/cart/quantity-stepper';
import { useMoney } from '../../components/money';

export interface CartLineProps {
  item: CartItemResource;
  busy: boolean;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** What changed about a line since it was added, in the buyer's words. */
export function LineProblems({ item }: { item: CartItemResource }) {
  const intl = useIntl();
  const money = useMoney();
  if (item.problems.length === 0) return null;
  return (
    <ul className="cart-problems" data-testid="cart-line-problems">
      {item.problems.map((problem) => (
        <li key={problem}>
          {intl.formatMessage(
            { id: `cart.problem.${problem}` },
            { was: money(item.seen_price, item.currency), now: money(item.unit_price, item.currency), stock: item.stock ?? 0 },
          )}
        </li>
      ))}
    </ul>
  );
}

/** Too many for the stock left (or a new price) is fixed by changing the quantity; a product gone is only removed. */
const adjustable = (item: CartItemResource) => item.available || item.problems.every((problem) => problem === 'not_enough_stock' || problem === 'price_changed');

/** One product in the cart: its price (the old one struck through when it changed), quantity and total. */
export function CartLine({ item, busy, onQuantity, onRemove }: CartLineProps) {
  const intl = useIntl();
  const money = useMoney();
  const priceChanged = item.seen_price !== item.unit_price;
  const name = item.product_id ? <Link to={`/products/${item.product_id}`}>{item.name}</Link> : item.name;
  return (
    <li className={`cart-line${item.problems.length > 0 ? ' has-problems' : ''}`} data-testid="cart-line">
      {item.image ? <img className="cart-line-image" src={item.image.url} alt="" width={64} height={64} /> : <span className="cart-line-image" />}
      <div className="cart-line-main">
        <strong>{name}</strong>
        <span className="cart-line-price">
          {priceChanged ? <s aria-label={intl.formatMessage({ id: 'cart.ui.wasPrice' }, { price: money(item.seen_price, item.currency) })}>{money(item.seen_price, item.currency)}</s> : null}{' '}
          {money(item.unit_price, item.currency)}
        </span>
        <LineProblems item={item} />
      </div>
      {adjustable(item) ? (
        <QuantityStepper value={item.quantity} max={Math.max(item.quantity, maxQuantity(item.stock))} onChange={onQuantity} disabled={busy} label={item.name} />
      ) : (
        <span className="cat-muted">{intl.formatMessage({ id: 'cart.ui.unavailable' })}</span>
      )}
      <span className="cart-line-total" data-testid="cart-line-total">
        {money(item.line_total, item.currency)}
      </span>
      <button type="button" className="button" onClick={onRemove} disabled={busy} aria-label={intl.formatMessage({ id: 'cart.ui.removeItem' }, { name: item.name })}>
        {intl.formatMessage({ id: 'cart.ui.remove' })}
      </button>
    </li>
  );
}
