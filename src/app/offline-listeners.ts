import { createListenerMiddleware } from '@reduxjs/toolkit';
import { toastShown } from '../features/toasts/toasts-slice';
import { formatMessage } from '../services/intl-bridge';
import { actionRefusedOffline } from '../services/offline-refusal';

/** An action refused for want of a network is said in an error toast, in the page's language. */
export const offlineListeners = createListenerMiddleware();

offlineListeners.startListening({
  actionCreator: actionRefusedOffline,
  effect: (action, listenerApi) => {
    listenerApi.dispatch(toastShown({ kind: 'error', title: formatMessage('offline.title'), body: formatMessage(action.payload.messageId) }));
  },
});
