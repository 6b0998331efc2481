import { delay, put, race, take, type Effect } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { channelsWanted, channelUnwatched, channelWantsRequested, channelWatched, WANTS_REFRESH_MS } from '../realtime/extra-channels';
import { tabId } from '../services/tab-leader';

/** Injectable for tests: the name this tab's screens announce their channels under (apart from the support console's). */
export const watchedChannelsDeps = { wantsId: `${tabId}:screens` };

/**
 * The channels this tab's screens watch (`useWatchedChannel`), counted so two screens of the same
 * channel keep it until both leave, announced to the leading tab like the console's wishes: at
 * once on a change, again when a new leader asks and at the refresh pace while any is watched.
 */
export function* watchedChannelsSaga(): Generator<Effect, void, unknown> {
  const counts = new Map<string, number>();
  const announce = () => put(channelsWanted({ tabId: watchedChannelsDeps.wantsId, channels: [...counts.keys()] }));
  while (true) {
    const { action } = (yield race({
      action: take([channelWatched.type, channelUnwatched.type, channelWantsRequested.type]),
      refresh: delay(WANTS_REFRESH_MS),
    })) as { action?: PayloadAction<{ channel: string } | undefined> };
    if (!action) {
      if (counts.size) yield announce();
      continue;
    }
    if (channelWantsRequested.match(action)) {
      if (counts.size) yield announce();
      continue;
    }
    const name = (action.payload as { channel: string }).channel;
    const before = counts.size;
    const count = (counts.get(name) ?? 0) + (channelWatched.match(action) ? 1 : -1);
    if (count > 0) counts.set(name, count);
    else counts.delete(name);
    if (counts.size !== before || channelWatched.match(action)) yield announce();
  }
}
