import { createAction } from '@reduxjs/toolkit';

/*
 * Channels beyond the user's own (staff: `private-support`, `presence-support.{id}`).
 * The browser keeps one socket, owned by the leading tab, so a tab that needs
 * a channel asks for it with `channelsWanted` and the leader joins the union of
 * what the tabs want. Everything here crosses tabs (see cross-tab.saga).
 */

/** A tab asks again at this pace while it needs its channels... */
export const WANTS_REFRESH_MS = 15_000;
/** ...and the leader forgets the wishes of a tab it has not heard from for this long (a closed tab). */
export const WANTS_TTL_MS = 45_000;

/** Someone on a presence channel, as the server vouched for them. */
export interface PresenceMember {
  id: number;
  name: string;
  role: string | null;
}

/** What one tab needs now (an empty list withdraws its wishes). */
export const channelsWanted = createAction<{ tabId: string; channels: string[] }>('realtime/channelsWanted');
/** A new leader asks every tab to say again what it needs. */
export const channelWantsRequested = createAction('realtime/channelWantsRequested');
/** The socket (re)joined the channel: whatever was published meanwhile was missed. */
export const channelSubscribed = createAction<{ channel: string }>('realtime/channelSubscribed');
/** An event on an extra channel, server events and other members' whispers (`client-*`) alike. */
export const channelEventReceived = createAction<{ channel: string; event: string; payload: unknown }>('realtime/channelEventReceived');
/** Who is on a presence channel now (empty once the socket left it). */
export const presenceChanged = createAction<{ channel: string; members: PresenceMember[] }>('realtime/presenceChanged');
/** Send a client event to the other members of a channel (the leader's socket sends it). */
export const whisperRequested = createAction<{ channel: string; event: string; payload: unknown }>('realtime/whisperRequested');

/**
 * A screen of this tab shows something with a public channel (a work's live likes) and wants it
 * joined while it is on screen; stays in this tab (the watched-channels saga announces the union).
 */
export const channelWatched = createAction<{ channel: string }>('realtime/channelWatched');
export const channelUnwatched = createAction<{ channel: string }>('realtime/channelUnwatched');
