import type { UnknownAction } from '@reduxjs/toolkit';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, cancelled, fork, put, take, takeEvery } from 'redux-saga/effects';
import { loggedOut, signedIn, signedOut } from '../session/session-slice';
import { catalogToggleArrived, catalogToggleSynced } from '../features/catalog/catalog-api';
import { languageChanged } from '../session/language-slice';
import { cartSynced } from '../components/cart/cart-api';
import { guestCartReplaced } from '../components/cart/guest-cart-slice';
import { connectionStatusChanged, countsFailed, countsLoaded, realtimeEventReceived } from '../realtime/realtime-slice';
import {
  channelEventReceived,
  channelsWanted,
  channelSubscribed,
  channelWantsRequested,
  presenceChanged,
  whisperRequested,
} from '../realtime/extra-channels';
import { openCrossTabChannel, type CrossTabMessage } from '../services/cross-tab';

/** Actions that must happen in every tab of the browser at once. */
export const SHARED_ACTIONS: string[] = [
  signedIn.type,
  signedOut.type,
  loggedOut.type,
  languageChanged.type,
  // The leading tab's socket feeds every tab: events, counts and the connection state.
  realtimeEventReceived.type,
  countsLoaded.type,
  countsFailed.type,
  connectionStatusChanged.type,
  // A favorite or subscription changed here: the other tabs patch their copies and refetch the lists.
  catalogToggleSynced.type,
  // The cart changed here: the other tabs store the same cart (their badges move at once).
  cartSynced.type,
  guestCartReplaced.type,
  // Staff channels: tabs tell the leader what to join; the leader relays what it hears and who is there.
  channelsWanted.type,
  channelWantsRequested.type,
  channelSubscribed.type,
  channelEventReceived.type,
  presenceChanged.type,
  whisperRequested.type,
];

const FROM_OTHER_TAB = 'fromOtherTab';
/** Whether an action came from another tab of this browser (that tab already did its side effects). */
export const isReplayed = (action: UnknownAction) => (action.meta as Record<string, unknown> | undefined)?.[FROM_OTHER_TAB] === true;

function messages(channel: BroadcastChannel): EventChannel<CrossTabMessage> {
  return eventChannel((emit) => {
    const listener = (event: MessageEvent<CrossTabMessage>) => emit(event.data);
    channel.addEventListener('message', listener);
    return () => channel.removeEventListener('message', listener);
  });
}

function* receive(channel: BroadcastChannel) {
  const incoming: EventChannel<CrossTabMessage> = yield call(messages, channel);
  try {
    while (true) {
      const message: CrossTabMessage = yield take(incoming);
      if (SHARED_ACTIONS.includes(message.type)) {
        yield put({ type: message.type, payload: message.payload, meta: { [FROM_OTHER_TAB]: true } });
        if (message.type === catalogToggleSynced.type) yield put(catalogToggleArrived(message.payload as never) as never);
      }
    }
  } finally {
    if ((yield cancelled()) as boolean) incoming.close();
  }
}

export function* crossTabSaga() {
  const channel = openCrossTabChannel();
  if (!channel) return;
  yield fork(receive, channel);
  yield takeEvery(
    (action: unknown) => SHARED_ACTIONS.includes((action as UnknownAction).type) && !isReplayed(action as UnknownAction),
    function* relay(action: UnknownAction) {
      yield call([channel, channel.postMessage], { type: action.type, payload: action.payload } satisfies CrossTabMessage);
    },
  );
}
