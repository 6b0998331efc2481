import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredSession } from '../services/cookies';

export interface AuthState {
  token: string | null;
  userId: number | null;
  /** SPEC §8: set by any 401, cleared by a sign-in. */
  notSignedIn: boolean;
}

export const initialAuthState: AuthState = { token: null, userId: null, notSignedIn: false };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<StoredSession>) {
      state.token = action.payload.token;
      state.userId = action.payload.userId;
      state.notSignedIn = false;
    },
    /** The user asked to sign out (the server token is revoked first). */
    signedOut(state) {
      state.token = null;
      state.userId = null;
    },
    /** The API refused the token: the session is over without asking. */
    loggedOut(state) {
      state.token = null;
      state.userId = null;
      state.notSignedIn = true;
    },
    unauthorizedSeen(state) {
      state.notSignedIn = true;
    },
  },
});

export const { signedIn, signedOut, loggedOut, unauthorizedSeen } = authSlice.actions;
export const authReducer = authSlice.reducer;
/** Asked by a menu; the session saga revokes the token, then clears the session. */
export const signOutRequested = createAction('auth/signOutRequested', (to?: string) => ({ payload: { to } }));

type WithAuth = { auth: AuthState };
export const selectToken = (state: WithAuth) => state.auth.token;
export const selectUserId = (state: WithAuth) => state.auth.userId;
export const selectIsSignedIn = (state: WithAuth) => state.auth.token !== null && state.auth.userId !== null;
export const selectNotSignedIn = (state: WithAuth) => state.auth.notSignedIn;
