import { useIntl } from 'react-intl';
import { isValidationMessage } from '../../shared/validation/message';

/**
 * Shared rules yield catalogue keys (`{ key, values }`); the server's 422
 * arrives as text already translated. Both end up as one readable string.
 */
export function useFieldError(touched: boolean, error: unknown): string | null {
  const intl = useIntl();
  if (!touched || !error) return null;
  if (typeof error === 'string') return error;
  if (isValidationMessage(error)) return intl.formatMessage({ id: error.key }, error.values);
  return intl.formatMessage({ id: 'validation.invalid' });
}
