import type { FieldErrors } from '../../shared/validation/run-schema';
import type { MessageValues } from '../../shared/i18n/translate';

/**
 * The one error type modules throw. It carries a catalogue key, not text,
 * so the error handler can answer in the caller's language.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: string,
    readonly values?: MessageValues,
    readonly fieldErrors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(messageKey);
    this.name = 'HttpError';
  }
}

export const unauthenticated = () => new HttpError(401, 'errors.unauthenticated');
export const forbidden = () => new HttpError(403, 'errors.forbidden');
export const notFound = () => new HttpError(404, 'errors.notFound');
export const conflict = (key = 'errors.conflict', values?: MessageValues) => new HttpError(409, key, values);

export function tooManyRequests(retryAfterSeconds: number, key = 'errors.tooManyRequests'): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, key, { seconds }, undefined, { 'retry-after': String(seconds) });
}

export function validationFailed(fieldErrors: FieldErrors): HttpError {
  return new HttpError(422, 'errors.validation', undefined, fieldErrors);
}
