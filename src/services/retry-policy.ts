import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** SPEC §9: only these statuses are worth another try. */
export const RETRYABLE_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
export const MAX_RETRIES = 3;
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Repeating is safe for idempotent verbs and for calls that carry an idempotency key. */
export function isSafeToRepeat(args: string | FetchArgs): boolean {
  if (typeof args === 'string') return true;
  const method = (args.method ?? 'GET').toUpperCase();
  if (SAFE_METHODS.includes(method)) return true;
  const headers = args.headers;
  if (!headers) return false;
  if (headers instanceof Headers) return headers.has(IDEMPOTENCY_HEADER);
  if (Array.isArray(headers)) return headers.some(([name]) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
  return Object.keys(headers).some((name) => name.toLowerCase() === IDEMPOTENCY_HEADER.toLowerCase());
}

export function shouldRetry(error: FetchBaseQueryError, args: string | FetchArgs, attempt: number): boolean {
  if (attempt > MAX_RETRIES || !isSafeToRepeat(args)) return false;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return true;
  return typeof error.status === 'number' && RETRYABLE_STATUSES.includes(error.status);
}
