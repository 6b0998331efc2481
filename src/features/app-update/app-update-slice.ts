import { createAction, createSlice } from '@reduxjs/toolkit';

/** The installed app's life: first install (works offline now, until the person closes the notice) and a waiting update. */
export interface AppUpdateState {
  installed: boolean;
  updateReady: boolean;
}

const initialState: AppUpdateState = { installed: false, updateReady: false };

const appUpdateSlice = createSlice({
  name: 'appUpdate',
  initialState,
  reducers: {
    appInstalled(state) {
      state.installed = true;
    },
    installNoticeDismissed(state) {
      state.installed = false;
    },
    updateReady(state) {
      state.updateReady = true;
    },
    updateDismissed(state) {
      state.updateReady = false;
    },
  },
});

export const { appInstalled, installNoticeDismissed, updateReady, updateDismissed } = appUpdateSlice.actions;
export const appUpdateReducer = appUpdateSlice.reducer;
/** The person accepted the update; the service-worker saga activates it. */
export const updateAccepted = createAction('appUpdate/accepted');

export const selectUpdateReady = (state: { appUpdate: AppUpdateState }) => state.appUpdate.updateReady;
export const selectInstalledNotice = (state: { appUpdate: AppUpdateState }) => state.appUpdate.installed;
