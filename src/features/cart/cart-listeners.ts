import { createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { CART_TAG, cartApi, cartSynced, storeCart } from '../../components/cart/cart-api';
import { clearGuestCart, guestCartMergeSkipped, selectGuestLines, type GuestCartState } from '../../components/cart/guest-cart-slice';
import { signedIn } from '../../session/session-slice';
import { cartWriteApi } from './cart-write-api';

/** Set on actions replayed from another tab (src/sagas/cross-tab.saga.ts). */
const fromOtherTab = (action: UnknownAction) => (action.meta as { fromOtherTab?: boolean } | undefined)?.fromOtherTab === true;

/** "After X do Y" reactions of the cart: no flow here outlives one request, so no saga. */
export const cartListeners = createListenerMiddleware();

/**
 * A guest who signs in brings their local cart into the account's. Only the
 * tab that signed in merges (the others hear the sign-in replayed); the local
 * cart is cleared in every tab once the server has it.
 */
cartListeners.startListening({
  actionCreator: signedIn,
  effect: async (action, listenerApi) => {
    if (fromOtherTab(action)) return;
    const lines = selectGuestLines(listenerApi.getState() as { guestCart: GuestCartState });
    if (lines.length === 0) return;
    const result = await listenerApi.dispatch(
      cartWriteApi.endpoints.mergeCart.initiate({ items: lines.map((line) => ({ product_id: line.product_id, quantity: line.quantity })) }),
    );
    if (!('data' in result) || !result.data) return;
    // A read of the cart still in flight (the header badge's, sent as the page signed in) left before the
    // merge and would land after it with the cart as it was: read once more when it settles.
    if (listenerApi.dispatch(cartApi.util.getRunningQueryThunk('cart', undefined))) listenerApi.dispatch(cartApi.util.invalidateTags([CART_TAG]));
    const skipped = new Set(result.data.skipped);
    listenerApi.dispatch(guestCartMergeSkipped(lines.filter((line) => skipped.has(line.product_id)).map((line) => line.name)));
    listenerApi.dispatch(clearGuestCart());
  },
});

/** Another tab changed the cart: store its answer here too, without telling the tabs again. */
cartListeners.startListening({
  actionCreator: cartSynced,
  effect: (action, listenerApi) => {
    if (fromOtherTab(action)) storeCart(listenerApi.dispatch, action.payload, { broadcast: false });
  },
});
