import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useCartQuery } from '../../components/cart/cart-api';
import { guestItemsCount } from '../../components/cart/guest-cart';
import { selectGuestLines } from '../../components/cart/guest-cart-slice';
import { useAppSelector } from '../../session/hooks';
import { selectIsSignedIn } from '../../session/session-slice';

/**
 * The cart link with the number of units in it: the account's cart when signed
 * in, this browser's guest cart otherwise. Other tabs' changes arrive over the
 * cross-tab channel (cartSynced / guestCartReplaced), so every tab moves at once.
 */
export function CartBadge() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const guestLines = useAppSelector(selectGuestLines);
  const { data: cart } = useCartQuery(undefined, { skip: !signedIn });
  const count = signedIn ? (cart?.items_count ?? 0) : guestItemsCount(guestLines);
  const label = intl.formatMessage({ id: 'cart.ui.headerLink' }, { count });
  return (
    <Link to="/cart" className="icon-button header-cart" aria-label={label} title={label} data-testid="cart-link">
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="9" cy="21" r="1" />
        <circle cx="20" cy="21" r="1" />
        <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
      </svg>
      {count > 0 ? (
        <span className="count-badge" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
