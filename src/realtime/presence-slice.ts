import { createSlice } from '@reduxjs/toolkit';
import { presenceChanged, type PresenceMember } from './extra-channels';
import { realtimeReset } from './realtime-slice';

/** Members of the presence channels the socket is on, by channel name. */
export type PresenceState = Record<string, PresenceMember[]>;

const initialState: PresenceState = {};

const presenceSlice = createSlice({
  name: 'presence',
  initialState,
  reducers: {},
  extraReducers(builder) {
    builder
      .addCase(presenceChanged, (state, action) => {
        if (action.payload.members.length) state[action.payload.channel] = action.payload.members;
        else delete state[action.payload.channel];
      })
      .addCase(realtimeReset, () => initialState);
  },
});

export const presenceReducer = presenceSlice.reducer;

const NOBODY: PresenceMember[] = [];
export const selectPresence = (channel: string) => (state: { presence: PresenceState }) => state.presence[channel] ?? NOBODY;
