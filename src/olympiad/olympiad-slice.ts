import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CountdownTarget, StageTimes } from '../../shared/validation/olympiad-stage-clock';

/**
 * The olympiad's clocks: the stage countdown (a deadline and the measured
 * offset of this device's clock from the server's) and the wait before
 * another verification letter. Sagas tick them; components only read.
 */
export interface OlympiadState {
  /** Server time minus device time, measured on the last stages fetch. */
  clockOffsetMs: number;
  /** Server time at the last tick (null while no countdown runs). */
  now: number | null;
  target: CountdownTarget | null;
  /** Seconds until the verification letter may be asked for again. */
  resendIn: number;
}

export const initialOlympiadState: OlympiadState = { clockOffsetMs: 0, now: null, target: null, resendIn: 0 };

const olympiadSlice = createSlice({
  name: 'olympiad',
  initialState: initialOlympiadState,
  reducers: {
    clockSynced(state, action: PayloadAction<{ serverTime: number; sentAt: number; receivedAt: number }>) {
      const { serverTime, sentAt, receivedAt } = action.payload;
      state.clockOffsetMs = Math.round(serverTime - (sentAt + receivedAt) / 2);
    },
    countdownTicked(state, action: PayloadAction<{ now: number; target: CountdownTarget | null }>) {
      state.now = action.payload.now;
      state.target = action.payload.target;
    },
    verificationResendTick(state, action: PayloadAction<number>) {
      state.resendIn = action.payload;
    },
  },
});

export const { clockSynced, countdownTicked, verificationResendTick } = olympiadSlice.actions;
export const olympiadReducer = olympiadSlice.reducer;

/** A page with stages on it starts the countdown and stops it when it goes. */
export const countdownStarted = createAction<StageTimes[]>('olympiad/countdownStarted');
export const countdownStopped = createAction('olympiad/countdownStopped');
/** A letter went out (or the server said how long to wait): count down to the next allowed request. */
export const verificationLetterSent = createAction<{ resendIn: number }>('olympiad/verificationLetterSent');

type WithOlympiad = { olympiad: OlympiadState };
export const selectClockOffset = (state: WithOlympiad) => state.olympiad.clockOffsetMs;
export const selectCountdown = (state: WithOlympiad) => state.olympiad;
export const selectResendIn = (state: WithOlympiad) => state.olympiad.resendIn;
