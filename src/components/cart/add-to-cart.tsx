import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ImageResource } from '../../../shared/api/catalog-common';
import { ApiErrorText } from '../api-error-text';
import { isBrowserOffline, isNoAnswer } from '../../services/offline-refusal';
import { useAppDispatch, useAppSelector } from '../../session/hooks';
import { selectIsSignedIn } from '../../session/session-slice';
import { quantityInCart, useAddCartItemMutation, useCartQuery } from './cart-api';
import { guestQuantity, maxQuantity } from './guest-cart';
import { selectGuestLines, setGuestQuantity } from './guest-cart-slice';
import { QuantityStepper } from './quantity-stepper';
import './cart.css';

/** What the control needs of a product; a catalogue list item and the product page both have it. */
export interface CartProduct {
  id: number;
  name: string;
  final_price: number;
  currency: string;
  stock: number | null;
  business: { id: number; name: string };
  image: ImageResource | null;
}

/**
 * "Add to cart" with a quantity stepper, on product pages and cards. A
 * signed-in buyer adds to the account's cart; a guest to this browser's cart,
 * which merges into the account's on sign-in (and works offline: it is this browser's).
 */
export function AddToCart({ product, compact = false }: { product: CartProduct; compact?: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const guestLines = useAppSelector(selectGuestLines);
  const { data: cart } = useCartQuery(undefined, { skip: !signedIn });
  const [add, adding] = useAddCartItemMutation();
  const [quantity, setQuantity] = useState(1);
  // Refused offline, not queued: price and stock may change before the network returns, and the cart must be the server's.
  const [offline, setOffline] = useState(false);

  const inCart = signedIn ? quantityInCart(cart, product.id) : guestQuantity(guestLines, product.id);
  // What may still be added: the cart's line never goes past the stock or the cart's limit.
  const room = maxQuantity(product.stock) - inCart;
  const wanted = Math.min(quantity, Math.max(1, room));

  const submit = async () => {
    if (room < 1) return;
    if (signedIn) {
      setOffline(isBrowserOffline());
      if (isBrowserOffline()) return;
      const result = await add({ product_id: product.id, quantity: wanted });
      if (!('error' in result)) setQuantity(1);
      else setOffline(isNoAnswer(result.error));
      return;
    }
    dispatch(
      setGuestQuantity(
        { product_id: product.id, name: product.name, unit_price: product.final_price, currency: product.currency, stock: product.stock, business: product.business, image: product.image },
        inCart + wanted,
      ),
    );
    setQuantity(1);
  };

  if (product.stock === 0) {
    return <p className="cat-muted" data-testid="add-to-cart-sold-out">{intl.formatMessage({ id: 'cart.ui.soldOut' })}</p>;
  }

  return (
    <div className={`add-to-cart${compact ? ' is-compact' : ''}`} data-testid="add-to-cart">
      {room > 0 ? (
        <>
          <QuantityStepper value={wanted} max={room} onChange={setQuantity} disabled={adding.isLoading} label={product.name} />
          <button type="button" className="button button-primary" onClick={submit} disabled={adding.isLoading} data-testid="add-to-cart-button">
            {intl.formatMessage({ id: 'cart.ui.add' })}
          </button>
        </>
      ) : (
        <span className="cat-muted">{intl.formatMessage({ id: 'cart.ui.limitReached' })}</span>
      )}
      {inCart > 0 ? (
        <Link to="/cart" className="add-to-cart-in" data-testid="add-to-cart-in-cart">
          {intl.formatMessage({ id: 'cart.ui.inCart' }, { count: inCart })}
        </Link>
      ) : null}
      {offline ? (
        <p className="form-error" role="alert" data-testid="add-to-cart-offline">
          {intl.formatMessage({ id: 'cart.ui.offline' })}
        </p>
      ) : (
        <ApiErrorText error={adding.error} />
      )}
    </div>
  );
}
