import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page';
import { ServerErrorPage } from './server-error-page';

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error('route failed', error);
  return <ServerErrorPage />;
}
