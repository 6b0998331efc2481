/**
 * One channel between the tabs of this browser. Actions posted here are
 * replayed in the other tabs (sign-in, sign-out, language) so every tab stays in step.
 */
export interface CrossTabMessage {
  type: string;
  payload?: unknown;
}

const CHANNEL = 'bazaar-tabs';

export function openCrossTabChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}
