import { CART_TAG } from '../../components/cart/cart-api';
import { api } from '../../services/api';

/** Every list of orders (one buyer's, one store's) carries this tag. */
export const ORDER_LIST_TAG = { type: 'Order', id: 'LIST' } as const;

/**
 * An order changed (its own page after a refused action, or a realtime status event in any tab): it and
 * every list of it are read again. Kept apart from the orders API so the realtime listeners, which are
 * in every page's first bundle, do not bring the whole of it.
 */
export const orderChanged = (orderId: number, status?: string) =>
  api.util.invalidateTags([
    { type: 'Order', id: orderId },
    ORDER_LIST_TAG,
    // A failed payment puts the order's lines back into the buyer's cart.
    ...(status === 'payment_failed' ? [CART_TAG] : []),
  ]);
