import { createAction } from '@reduxjs/toolkit';

/**
 * An action that cannot wait for the network was not done: the app tells the person so
 * (src/app/offline-listeners.ts shows it), instead of the change flipping back unexplained.
 */
export const actionRefusedOffline = createAction<{ messageId: string }>('offline/actionRefused');

/** The browser says it has no network (it is only trusted when it says so). */
export const isBrowserOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/** A call that got no answer at all: the network, not the server, said no. */
export const isNoAnswer = (error: unknown) => (error as { status?: unknown } | null)?.status === 'FETCH_ERROR';
