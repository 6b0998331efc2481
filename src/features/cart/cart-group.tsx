import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { CartGroupResource } from '../../../shared/api/cart';
import { useMoney } from '../../components/money';
import { CartLine } from './cart-line';

export interface CartGroupProps {
  group: CartGroupResource;
  busy: boolean;
  onQuantity: (itemId: number, quantity: number) => void;
}

/** One business's lines: they become one order, so each group has its own subtotal, delivery and total. */
export function CartGroup({ group, busy, onQuantity }: CartGroupProps) {
  const intl = useIntl();
  const money = useMoney();
  const m = (minor: number) => money(minor, group.currency);
  return (
    <section className="cart-group" data-testid="cart-group" aria-labelledby={`cart-group-${group.business.id}`}>
      <h2 id={`cart-group-${group.business.id}`} className="cart-group-title">
        <Link to={`/stores/${group.business.id}`}>{group.business.name}</Link>
      </h2>
      <ul className="cart-lines">
        {group.items.map((item) => (
          <CartLine key={item.id} item={item} busy={busy} onQuantity={(quantity) => onQuantity(item.id, quantity)} onRemove={() => onQuantity(item.id, 0)} />
        ))}
      </ul>
      <dl className="cart-sums">
        <dt>{intl.formatMessage({ id: 'cart.ui.subtotal' })}</dt>
        <dd data-testid="group-subtotal">{m(group.subtotal)}</dd>
        <dt>{intl.formatMessage({ id: 'cart.ui.courierDelivery' })}</dt>
        <dd data-testid="group-delivery">{m(group.delivery_cost)}</dd>
        {group.delivery_discount > 0 ? (
          <>
            <dt>{intl.formatMessage({ id: 'cart.ui.deliveryDiscount' }, { percent: group.business.delivery_discount_percent })}</dt>
            <dd data-testid="group-discount">−{m(group.delivery_discount)}</dd>
          </>
        ) : null}
        <dt>{intl.formatMessage({ id: 'cart.ui.totalCourier' })}</dt>
        <dd data-testid="group-total-courier">
          <strong>{m(group.total_courier)}</strong>
        </dd>
        <dt>{intl.formatMessage({ id: 'cart.ui.totalPickup' })}</dt>
        <dd data-testid="group-total-pickup">{m(group.total_pickup)}</dd>
      </dl>
    </section>
  );
}

/** Sums per currency: a cart may hold businesses that sell in different currencies. */
export function cartTotals(groups: CartGroupResource[]): Array<{ currency: string; courier: number; pickup: number }> {
  const byCurrency = new Map<string, { currency: string; courier: number; pickup: number }>();
  for (const group of groups) {
    const sum = byCurrency.get(group.currency) ?? { currency: group.currency, courier: 0, pickup: 0 };
    sum.courier += group.total_courier;
    sum.pickup += group.total_pickup;
    byCurrency.set(group.currency, sum);
  }
  return [...byCurrency.values()];
}
