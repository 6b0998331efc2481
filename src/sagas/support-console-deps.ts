import { eventChannel, type EventChannel } from 'redux-saga';
import type { Effect } from 'redux-saga/effects';
import type { EventsPage } from '../../shared/api/support';
import { supportConsoleApi } from '../features/support-console/support-console-api';
import { tabId } from '../services/tab-leader';
import { callEndpoint } from './endpoint-call';

/** What the support console's pieces call out to: the event log, the browser, this tab. */

export type BrowserSignal = 'visible' | 'online' | 'pagehide';

function browserSignals(): EventChannel<BrowserSignal> {
  return eventChannel((emit) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') emit('visible');
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) emit('visible');
    };
    const onOnline = () => emit('online');
    const onHide = () => emit('pagehide');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pageshow', onShow);
    window.addEventListener('online', onOnline);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pageshow', onShow);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('pagehide', onHide);
    };
  });
}

/** `GET /v1/support/events?after=` through RTK Query, never from its cache. */
const fetchEventsViaApi = (after: number): Generator<Effect, EventsPage, unknown> =>
  callEndpoint(supportConsoleApi.endpoints.supportEvents, after, { initiate: { subscribe: false }, fresh: true });

/** Injectable so saga tests run without a browser or the network. */
export const supportConsoleDeps = {
  fetchEvents: fetchEventsViaApi,
  browserSignals: browserSignals as () => EventChannel<BrowserSignal>,
  isVisible: (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  tabId,
};
