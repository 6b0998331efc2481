import { createAction, createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

/** Realtime marketplace toasts (SPEC §8) and in-app notifications of the SPA's own actions. */
export type ToastKind = 'message' | 'notification' | 'order' | 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  kind: ToastKind;
  title: string;
  body: string;
  /** Milliseconds on screen, not counting the time it is hovered or focused. */
  duration: number;
  /** A same-site path the toast leads to. */
  link?: string;
  createdAt: number;
}

/**
 * What a caller gives; an `id` may be passed (a realtime event id) so that the
 * same event relayed twice, by a reconnect or another tab, shows once.
 */
export type ToastInput = Omit<Toast, 'id' | 'duration' | 'createdAt'> & { id?: string; duration?: number };

/** SPEC §9: marketplace toast duration 5000 ms; in-app notification default 3000 ms. */
export const MARKETPLACE_TOAST_MS = 5000;
export const IN_APP_TOAST_MS = 3000;
/** More would cover the page on a phone; the oldest gives way. */
export const MAX_TOASTS = 5;

const MARKETPLACE_KINDS: ReadonlySet<ToastKind> = new Set(['message', 'notification', 'order']);

export const defaultDuration = (kind: ToastKind) => (MARKETPLACE_KINDS.has(kind) ? MARKETPLACE_TOAST_MS : IN_APP_TOAST_MS);

export interface ToastsState {
  items: Toast[];
}

const initialState: ToastsState = { items: [] };

const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        if (state.items.some((toast) => toast.id === action.payload.id)) return;
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare(input: ToastInput) {
        const { id, duration, ...rest } = input;
        return { payload: { ...rest, id: id ?? nanoid(), duration: duration ?? defaultDuration(input.kind), createdAt: Date.now() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const toastsReducer = toastsSlice.reducer;

/** The pointer is over the toast, it holds focus, or a finger is on it: its clock stops. */
export const toastPaused = createAction<string>('toasts/paused');
export const toastResumed = createAction<string>('toasts/resumed');

type WithToasts = { toasts: ToastsState };
export const selectToasts = (state: WithToasts) => state.toasts.items;
export const selectToastById = (state: WithToasts, id: string) => state.toasts.items.find((toast) => toast.id === id);
