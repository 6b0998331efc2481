import { serverFieldErrors } from '../components/forms/server-errors';

/**
 * The message a 422 gives the whole form rather than a field (`errors._`,
 * e.g. "You can keep at most 20 addresses"): no field would show it, and the
 * envelope's own message only says "the data was invalid".
 */
export function wholeFormError(failure: unknown): string | null {
  const message = serverFieldErrors(failure)?._;
  return typeof message === 'string' ? message : null;
}
