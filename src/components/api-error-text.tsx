import { useIntl } from 'react-intl';
import { apiErrorBody } from '../services/api';

/** No answer at all while the browser says it has no network: offline, and nothing saved for this. */
export const isOfflineFailure = (error: unknown) =>
  (error as { status?: unknown } | null)?.status === 'FETCH_ERROR' && typeof navigator !== 'undefined' && !navigator.onLine;

/** The translated message of a failed call, or a plain network (or offline) message. */
export function ApiErrorText({ error }: { error: unknown }) {
  const intl = useIntl();
  if (!error) return null;
  const body = apiErrorBody(error);
  const text = body?.message ?? intl.formatMessage({ id: isOfflineFailure(error) ? 'common.offlineError' : 'common.networkError' });
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}
