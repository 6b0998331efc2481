import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RealtimeEventMap, RealtimeEventName, UnreadCounts } from '../../shared/api/realtime-events';

/** `offline`: the server refused the socket (over its connection cap) and pusher-js will not retry on its own. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'offline';

export type RealtimeEvent = {
  [E in RealtimeEventName]: { name: E; payload: RealtimeEventMap[E] };
}[RealtimeEventName];

export interface RealtimeState {
  status: ConnectionStatus;
  counts: UnreadCounts;
  countsLoaded: boolean;
  /** The chat on screen: its messages neither toast nor count as unread (SPEC §8 suppress flag). */
  openChatId: number | null;
  /**
   * Messages per chat that arrived while it was on screen and so were never counted. The chat
   * marks them read, and the server's MessagesRead then counts them among the ones it read:
   * they are taken off that count instead of off the badge.
   */
  uncounted: Record<number, number>;
}

const zero: UnreadCounts = { unread_notifications: 0, unread_messages: 0, total_unread: 0 };
const initialState: RealtimeState = { status: 'idle', counts: zero, countsLoaded: false, openChatId: null, uncounted: {} };

/** Counters never go below 0, and the total is always the sum. */
function setCounts(state: RealtimeState, notifications: number, messages: number) {
  const n = Math.max(0, notifications);
  const m = Math.max(0, messages);
  state.counts = { unread_notifications: n, unread_messages: m, total_unread: n + m };
}

const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    connectionStatusChanged(state, action: PayloadAction<ConnectionStatus>) {
      state.status = action.payload;
    },
    countsLoaded(state, action: PayloadAction<UnreadCounts>) {
      setCounts(state, action.payload.unread_notifications, action.payload.unread_messages);
      state.countsLoaded = true;
      // The server's figure is the truth from here on, and it counts every message still unread.
      state.uncounted = {};
    },
    /** SPEC §8: a failed count fetch resets the counts to zero and treats them as loaded. */
    countsFailed(state) {
      state.counts = zero;
      state.countsLoaded = true;
    },
    realtimeEventReceived(state, action: PayloadAction<RealtimeEvent & { selfId?: number | null }>) {
      const { unread_notifications: n, unread_messages: m } = state.counts;
      const event = action.payload;
      switch (event.name) {
        case 'NotificationSent':
          setCounts(state, n + 1, m);
          break;
        case 'NotificationsRead':
          setCounts(state, n - (event.payload.count ?? 1), m);
          break;
        case 'MessagesRead': {
          const read = event.payload.count ?? 1;
          const neverCounted = Math.min(read, state.uncounted[event.payload.chat_id] ?? 0);
          if (neverCounted) state.uncounted[event.payload.chat_id] -= neverCounted;
          setCounts(state, n, m - (read - neverCounted));
          break;
        }
        case 'MessageSent': {
          const message = event.payload.message;
          const mine = event.selfId != null && message.sender?.id === event.selfId;
          if (mine) break;
          if (message.chat_id === state.openChatId) state.uncounted[message.chat_id] = (state.uncounted[message.chat_id] ?? 0) + 1;
          else setCounts(state, n, m + 1);
          break;
        }
        default:
          break;
      }
    },
    chatOpened(state, action: PayloadAction<number | null>) {
      state.openChatId = action.payload;
    },
    realtimeReset() {
      return initialState;
    },
  },
});

export const { connectionStatusChanged, countsLoaded, countsFailed, realtimeEventReceived, chatOpened, realtimeReset } =
  realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;

type WithRealtime = { realtime: RealtimeState };
export const selectCounts = (state: WithRealtime) => state.realtime.counts;
export const selectCountsLoaded = (state: WithRealtime) => state.realtime.countsLoaded;
export const selectConnectionStatus = (state: WithRealtime) => state.realtime.status;
export const selectOpenChatId = (state: WithRealtime) => state.realtime.openChatId;
