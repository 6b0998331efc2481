import type { Channel, EventChannel } from 'redux-saga';
import { call, cancelled, delay, put, race, select, spawn, take, type Effect } from 'redux-saga/effects';
import { SUPPORT_CHANNEL } from '../../shared/api/realtime-events';
import { supportPresenceChannel } from '../../shared/api/support-values';
import { channelsWanted, channelWantsRequested, WANTS_REFRESH_MS } from '../realtime/extra-channels';
import { supportConsoleApi } from '../features/support-console/support-console-api';
import { conversationOpened, selectOpenConversationId } from '../features/support-console/support-console-slice';
import { callEndpoint } from './endpoint-call';
import { supportConsoleDeps, type BrowserSignal } from './support-console-deps';
import type { ConsoleContext } from './support-console-events';

/** The console in this browser tab: the channels it needs, what the open conversation has read, and the browser's wake-ups. */

/** Tells the leading tab which channels this tab needs: the console's, and the presence of the open conversation. */
export function* announceWants(nudges: Channel<true>): Generator<Effect, void, unknown> {
  try {
    while (true) {
      const open = (yield select(selectOpenConversationId)) as number | null;
      yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: open ? [SUPPORT_CHANNEL, supportPresenceChannel(open)] : [SUPPORT_CHANNEL] }));
      yield race({ opened: take(conversationOpened.type), asked: take(channelWantsRequested.type), nudged: take(nudges), refresh: delay(WANTS_REFRESH_MS) });
    }
  } finally {
    yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: [] }));
  }
}

/** The open conversation, on screen, is read. */
export function* readOpenConversation(): Generator<Effect, void, unknown> {
  const open = (yield select(selectOpenConversationId)) as number | null;
  // Spawned: the browser's signals and the console's events go on while the read is on its way, and its failure changes nothing here.
  if (open !== null && supportConsoleDeps.isVisible()) yield spawn(callEndpoint, supportConsoleApi.endpoints.markSupportRead, open, { settle: true });
}

export function* watchBrowser(ctx: ConsoleContext, nudges: Channel<true>): Generator<Effect, void, unknown> {
  const signals = (yield call(supportConsoleDeps.browserSignals)) as EventChannel<BrowserSignal>;
  try {
    while (true) {
      const signal = (yield take(signals)) as BrowserSignal;
      if (signal === 'pagehide') {
        // Leaving: stop showing as a viewer now rather than when the leader's memory of this tab runs out.
        yield put(channelsWanted({ tabId: supportConsoleDeps.tabId, channels: [] }));
        continue;
      }
      // Back from sleep, a hidden tab or a lost network: fetch what changed meanwhile.
      ctx.catchUps.put(signal);
      if (signal === 'visible') {
        nudges.put(true);
        yield call(readOpenConversation);
      }
    }
  } finally {
    if ((yield cancelled()) as boolean) signals.close();
  }
}
