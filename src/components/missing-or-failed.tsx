import { useParams } from 'react-router';
import { parseRouteId } from '../../shared/routes';
import { ApiErrorText } from './api-error-text';
import { NotFoundPage } from './not-found-page';

/** The `:id` of the current deep link read by the server's own rule (shared/routes.ts), or null when it names nothing. */
export function useRouteId(): number | null {
  return parseRouteId(useParams().id);
}

/**
 * What a page of one thing shows when it has no thing: the 404 page when the id names nothing or
 * the API answered 404 (the same page, with the same way back, as the server's direct load),
 * otherwise the reason the call failed.
 */
export function MissingOrFailed({ error }: { error: unknown }) {
  return isMissing(error) ? <NotFoundPage /> : <ApiErrorText error={error} />;
}

/** No call made (the id names nothing) or the API answered 404. */
export function isMissing(error: unknown): boolean {
  return !error || (error as { status?: unknown }).status === 404;
}
