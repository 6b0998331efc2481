import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { useCartQuery } from '../../components/cart/cart-api';
import { guestCartMergeSkipped, selectGuestSkipped } from '../../components/cart/guest-cart-slice';
import { useMoney } from '../../components/money';
import { PageLoading } from '../../components/page-loading';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { CartChanges } from './cart-changes';
import { CartGroup, cartTotals } from './cart-group';
import { useUpdateCartItemMutation } from './cart-write-api';

/** The signed-in buyer's cart: groups per business, the changes to accept, the totals and the way to checkout. */
export function AccountCart() {
  const intl = useIntl();
  const money = useMoney();
  const dispatch = useAppDispatch();
  const skipped = useAppSelector(selectGuestSkipped);
  const { data: cart, error, isLoading } = useCartQuery();
  const [update, updating] = useUpdateCartItemMutation();
  if (isLoading) return <PageLoading />;
  if (!cart) return <ApiErrorText error={error} />;
  const buyable = cart.groups.some((group) => group.items.some((item) => item.available));
  return (
    <>
      {skipped.length > 0 ? (
        <div className="cart-changes" role="status" data-testid="cart-merge-skipped">
          <p>{intl.formatMessage({ id: 'cart.ui.mergeSkipped' }, { names: skipped.join(', ') })}</p>
          <button type="button" className="button" onClick={() => dispatch(guestCartMergeSkipped([]))}>
            {intl.formatMessage({ id: 'cart.ui.dismiss' })}
          </button>
        </div>
      ) : null}
      {cart.groups.length === 0 ? <p data-testid="cart-empty">{intl.formatMessage({ id: 'cart.ui.empty' })}</p> : null}
      {cart.has_problems ? <CartChanges /> : null}
      {cart.groups.map((group) => (
        <CartGroup key={group.business.id} group={group} busy={updating.isLoading} onQuantity={(id, quantity) => update({ id, quantity })} />
      ))}
      <ApiErrorText error={updating.error} />
      {cart.groups.length > 0 ? (
        <div className="cart-summary" data-testid="cart-summary">
          {cartTotals(cart.groups).map((sum) => (
            <p key={sum.currency}>
              {intl.formatMessage({ id: 'cart.ui.grandTotal' }, { pickup: money(sum.pickup, sum.currency), courier: money(sum.courier, sum.currency) })}
            </p>
          ))}
          <p className="cat-muted">
            <Link to="/delivery">{intl.formatMessage({ id: 'cart.ui.aboutDelivery' })}</Link>
          </p>
          {cart.has_problems || !buyable ? (
            <button type="button" className="button button-primary" disabled data-testid="to-checkout">
              {intl.formatMessage({ id: 'cart.ui.checkout' })}
            </button>
          ) : (
            <Link to="/cart?step=checkout" className="button button-primary" data-testid="to-checkout">
              {intl.formatMessage({ id: 'cart.ui.checkout' })}
            </Link>
          )}
        </div>
      ) : null}
    </>
  );
}
