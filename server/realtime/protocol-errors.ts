/**
 * Pusher protocol error codes. pusher-js decides what to do after a close from
 * the range alone: 4000–4099 never reconnect, 4100–4199 reconnect after a
 * backoff, 4200–4299 reconnect at once. 4300–4399 are reported on an open
 * connection and never close it, so they are safe for per-message rejections.
 */
export const ErrorCode = {
  appNotFound: 4001,
  /** Pusher's "over connection quota": in the never-reconnect range, so a refused client does not retry in a loop. */
  overConnectionQuota: 4004,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  unauthorized: 4009,
  serverShutdown: 4200,
  pongNotReceived: 4201,
  rateLimited: 4301,
  messageTooLarge: 4302,
  invalidMessage: 4303,
  clientEventRejected: 4304,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A close frame's reason may hold at most 123 bytes; longer ones are a protocol error. */
export function closeReason(message: string): string {
  return Buffer.byteLength(message) <= 123 ? message : Buffer.from(message).subarray(0, 120).toString();
}
