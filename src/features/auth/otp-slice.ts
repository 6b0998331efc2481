import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The code step of /auth: where the code went and when another may be asked for. */
export interface OtpState {
  address: string | null;
  /** Seconds until "send again" unlocks; driven by the resend timer saga. */
  resendIn: number;
}

const initialState: OtpState = { address: null, resendIn: 0 };

const otpSlice = createSlice({
  name: 'otp',
  initialState,
  reducers: {
    codeSent(state, action: PayloadAction<{ address: string; resendIn: number }>) {
      state.address = action.payload.address;
      state.resendIn = action.payload.resendIn;
    },
    resendTick(state, action: PayloadAction<number>) {
      state.resendIn = action.payload;
    },
    addressReset() {
      return initialState;
    },
  },
});

export const { codeSent, resendTick, addressReset } = otpSlice.actions;
export const otpReducer = otpSlice.reducer;

type WithOtp = { otp: OtpState };
export const selectOtp = (state: WithOtp) => state.otp;
