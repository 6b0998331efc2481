import type { RealtimeApp } from './apps';
import { hmacSha256Hex, md5Hex, safeEqual } from './signature';

/** Pusher rejects requests signed more than ten minutes away from its clock; so do we, to bound replays. */
export const MAX_CLOCK_SKEW_SEC = 600;

export interface SignedRequest {
  method: string;
  /** Paths the client may have signed: the raw one and its decoded form, since HTTP clients differ in escaping. */
  paths: string[];
  query: URLSearchParams;
  body: string;
  nowSec: number;
}

/**
 * Checks a request signed the way Pusher's HTTP API requires (and the `pusher`
 * SDK does): HMAC-SHA256 over `METHOD\nPATH\nsorted query`. Returns why it
 * failed, or undefined when it is genuine.
 */
export function verifySignedRequest(app: RealtimeApp, request: SignedRequest): string | undefined {
  const { query } = request;
  if (query.get('auth_key') !== app.key) return 'Unknown auth_key';
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp)) return 'Missing auth_timestamp';
  if (Math.abs(request.nowSec - timestamp) > MAX_CLOCK_SKEW_SEC) return 'Timestamp expired';
  if (query.get('auth_version') !== '1.0') return 'auth_version must be 1.0';
  if (request.body.length > 0 && !safeEqual(md5Hex(request.body), query.get('body_md5') ?? '')) {
    return 'body_md5 does not match the body';
  }
  const signature = query.get('auth_signature') ?? '';
  const signedQuery = canonicalQuery(query);
  const method = request.method.toUpperCase();
  const valid = request.paths.some((path) =>
    safeEqual(hmacSha256Hex(app.secret, `${method}\n${path}\n${signedQuery}`), signature),
  );
  return valid ? undefined : 'Invalid signature';
}

/** Lower-cased keys in code-unit order, unescaped values, auth_signature left out. */
export function canonicalQuery(query: URLSearchParams): string {
  const pairs = new Map<string, string>();
  for (const [key, value] of query) {
    const name = key.toLowerCase();
    if (name !== 'auth_signature') pairs.set(name, value);
  }
  return [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}
