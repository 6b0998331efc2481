import { useState } from 'react';
import { useIntl } from 'react-intl';
import { apiErrorBody } from '../services/api';

const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

/**
 * Runs a moderator's claim or decision: a 409 (someone else holds or decided it) becomes the
 * server's words, or `alreadyDecidedId` when it gave none; any other failure is kept for ApiErrorText.
 */
export function useDecisionCall(alreadyDecidedId: string) {
  const intl = useIntl();
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setError(null);
    setConflict(null);
    try {
      await action();
    } catch (failure) {
      if (isConflict(failure)) setConflict(apiErrorBody(failure)?.message ?? intl.formatMessage({ id: alreadyDecidedId }));
      else setError(failure);
    }
  };
  return { run, error, conflict };
}
