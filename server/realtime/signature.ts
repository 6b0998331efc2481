import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function md5Hex(payload: string | Buffer): string {
  return createHash('md5').update(payload).digest('hex');
}

/**
 * The hex signature a client must present to join `channel`: pusher-js sends it
 * as `key:signature`. Presence channels sign the exact `channel_data` string
 * too, so a client cannot swap in another user's identity after authorization.
 */
export function signChannel(secret: string, socketId: string, channel: string, channelData?: string): string {
  const payload = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return hmacSha256Hex(secret, payload);
}

export interface ChannelAuthorization {
  auth: string;
  channel_data?: string;
}

/** The body `/broadcasting/auth` answers with, in the shape pusher-js expects. */
export function authorizeChannel(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  channelData?: string,
): ChannelAuthorization {
  const auth = `${app.key}:${signChannel(app.secret, socketId, channel, channelData)}`;
  return channelData === undefined ? { auth } : { auth, channel_data: channelData };
}

/** Constant-time comparison so response timing does not leak how much of a guess was right. */
export function safeEqual(expected: string, actual: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function verifyChannelAuth(
  app: { key: string; secret: string },
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  const separator = auth.indexOf(':');
  if (separator < 0) return false;
  const key = auth.slice(0, separator);
  const signature = auth.slice(separator + 1);
  const expected = signChannel(app.secret, socketId, channel, channelData);
  // Both comparisons always run so a wrong key and a wrong signature take the same time.
  const keyMatches = safeEqual(app.key, key);
  const signatureMatches = safeEqual(expected, signature);
  return keyMatches && signatureMatches;
}
