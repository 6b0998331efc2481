import {
  authReducer,
  initialAuthState,
  loggedOut,
  selectIsSignedIn,
  signedIn,
  signedOut,
  unauthorizedSeen,
} from '../../src/session/session-slice';

const signedInState = authReducer(initialAuthState, signedIn({ token: 't', userId: 7 }));

test('a sign-in stores the token and user id and clears the not-signed-in flag', () => {
  const flagged = authReducer(initialAuthState, unauthorizedSeen());
  const state = authReducer(flagged, signedIn({ token: 't', userId: 7 }));
  expect(state).toEqual({ token: 't', userId: 7, notSignedIn: false });
  expect(selectIsSignedIn({ auth: state })).toBe(true);
});

test('signing out forgets the session; a forced logout also raises the flag', () => {
  expect(authReducer(signedInState, signedOut())).toEqual({ token: null, userId: null, notSignedIn: false });
  expect(authReducer(signedInState, loggedOut())).toEqual({ token: null, userId: null, notSignedIn: true });
  expect(selectIsSignedIn({ auth: authReducer(signedInState, loggedOut()) })).toBe(false);
});
