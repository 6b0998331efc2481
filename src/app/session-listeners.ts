import { createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { loggedOut, signedIn, signedOut } from '../session/session-slice';
import { languageChanged } from '../session/language-slice';
import { isReplayed } from '../sagas/cross-tab.saga';
import { profileApi } from '../session/profile-api';
import { api } from '../services/api';
import { clearSession, writeLanguage, writeSession } from '../services/cookies';
import { postToWorker } from '../services/service-worker';

/** Plain "after X do Y" reactions: cookies, the page's lang attribute, the cache of the old user. */
export const sessionListeners = createListenerMiddleware();

sessionListeners.startListening({
  actionCreator: signedIn,
  effect: (action, listenerApi) => {
    writeSession(action.payload);
    // Signing in as someone else over a session (the olympiad's login form lets a marketplace
    // account switch to a participant's): nothing of the previous person may stay, their menu included.
    const before = (listenerApi.getOriginalState() as { auth: { userId: number | null } }).auth.userId;
    if (before !== null && before !== action.payload.userId) listenerApi.dispatch(api.util.resetApiState());
  },
});

sessionListeners.startListening({
  matcher: isAnyOf(signedOut, loggedOut),
  effect: (_action, listenerApi) => {
    clearSession();
    // Nothing of the previous user may stay on screen.
    listenerApi.dispatch(api.util.resetApiState());
  },
});

// The offline copy of API reads holds the asker's own marks (favorites, "can edit"): a new
// session on this device starts without the last one's.
sessionListeners.startListening({
  matcher: isAnyOf(signedIn, signedOut, loggedOut),
  effect: () => postToWorker({ type: 'CLEAR_API_CACHE' }),
});

sessionListeners.startListening({
  actionCreator: languageChanged,
  effect: (action, listenerApi) => {
    writeLanguage(action.payload);
    document.documentElement.lang = action.payload;
    // Server texts (errors, content) come in the request's language.
    listenerApi.dispatch(api.util.resetApiState());
    // What the server sends unasked (notifications, announcements) follows the person's last choice;
    // the tab where they chose tells the server once (other tabs replay the change without a call).
    const signedInNow = (listenerApi.getState() as { auth: { userId: number | null } }).auth.userId !== null;
    if (signedInNow && !isReplayed(action)) void listenerApi.dispatch(profileApi.endpoints.saveLocale.initiate(action.payload));
  },
});
