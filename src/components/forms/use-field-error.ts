import { useIntl } from 'react-intl';
import { isValidationMessage } from '../../../shared/validation/message';

/** A list's element errors (`image_ids[1]`) land as an array under the list; its first message speaks for it. */
function firstOf(error: unknown): unknown {
  return Array.isArray(error) ? error.find((item) => typeof item === 'string' || isValidationMessage(item)) : error;
}

/**
 * Shared rules yield catalogue keys (`{ key, values }`); the server's 422
 * arrives as text already translated. Both end up as one readable string.
 */
export function useFieldError(shown: boolean, error: unknown): string | null {
  const intl = useIntl();
  const message = firstOf(error);
  if (!shown || !message) return null;
  if (typeof message === 'string') return message;
  if (isValidationMessage(message)) return intl.formatMessage({ id: message.key }, message.values);
  return intl.formatMessage({ id: 'validation.invalid' });
}
