/** Pusher's own limits, kept so clients that work against Pusher work here and vice versa. */
export const MAX_CHANNEL_NAME_LENGTH = 164;
export const MAX_EVENT_NAME_LENGTH = 200;
export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_BATCH_EVENTS = 10;

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
const SOCKET_ID = /^\d+\.\d+$/;

export type ChannelKind = 'public' | 'private' | 'private-encrypted' | 'presence';

export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith('private-encrypted-')) return 'private-encrypted';
  if (channel.startsWith('private-')) return 'private';
  return 'public';
}

export function isValidChannelName(channel: unknown): channel is string {
  return typeof channel === 'string' && channel.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME.test(channel);
}

export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= MAX_EVENT_NAME_LENGTH;
}

export function isValidSocketId(socketId: unknown): socketId is string {
  return typeof socketId === 'string' && SOCKET_ID.test(socketId);
}

export function requiresAuth(kind: ChannelKind): boolean {
  return kind !== 'public';
}

/** Encrypted channels are excluded because the server could not vouch for a client's ciphertext. */
export function allowsClientEvents(kind: ChannelKind): boolean {
  return kind === 'private' || kind === 'presence';
}
