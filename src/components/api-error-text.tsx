import { useIntl } from 'react-intl';
import { apiErrorBody } from '../services/api';

/** The translated message of a failed call, or a plain network message. */
export function ApiErrorText({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  const body = apiErrorBody(error);
  const text = body?.message ?? intl.formatMessage({ id: 'common.networkError' });
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}
