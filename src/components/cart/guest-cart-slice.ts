import { createSlice, type PayloadAction, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { readGuestCart, withQuantity, writeGuestCart, type GuestCartLine, type GuestProduct } from './guest-cart';

export interface GuestCartState {
  lines: GuestCartLine[];
  /** Names of the products the last sign-in merge could not add (deleted, unpublished, sold out). */
  skipped: string[];
}

const guestCartSlice = createSlice({
  name: 'guestCart',
  // Read lazily, so a test's or a tab's storage is read when its store is made.
  initialState: (): GuestCartState => ({ lines: readGuestCart(), skipped: [] }),
  reducers: {
    /** The whole cart, so replaying it in another tab (src/sagas/cross-tab.saga.ts) gives the same cart. */
    guestCartReplaced(state, action: PayloadAction<GuestCartLine[]>) {
      state.lines = action.payload;
    },
    guestCartMergeSkipped(state, action: PayloadAction<string[]>) {
      state.skipped = action.payload;
    },
  },
});

export const { guestCartReplaced, guestCartMergeSkipped } = guestCartSlice.actions;
export const guestCartReducer = guestCartSlice.reducer;

type WithGuestCart = { guestCart: GuestCartState };
export const selectGuestLines = (state: WithGuestCart) => state.guestCart.lines;
export const selectGuestSkipped = (state: WithGuestCart) => state.guestCart.skipped;

/** Sets a product's quantity in the guest cart (0 removes it) and keeps it in this browser. */
export const setGuestQuantity =
  (product: GuestProduct, quantity: number): ThunkAction<void, WithGuestCart, unknown, UnknownAction> =>
  (dispatch, getState) => {
    const lines = withQuantity(selectGuestLines(getState()), product, quantity);
    writeGuestCart(lines);
    dispatch(guestCartReplaced(lines));
  };

export const clearGuestCart = (): ThunkAction<void, unknown, unknown, UnknownAction> => (dispatch) => {
  writeGuestCart([]);
  dispatch(guestCartReplaced([]));
};
