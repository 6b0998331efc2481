import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteEntry } from '../../shared/routes';
import { PageLoading } from '../components/page-loading';
import { NotFoundPage } from '../components/not-found-page';
import { RouteErrorPage } from './errors/route-error-page';
import { AppLayout } from './layout/app-layout';
import { RequireSignIn } from './require-sign-in';
import { SCREENS } from './screens';

/** Guests of these screens are asked to sign in; the others guard themselves or are open. */
const SIGN_IN_GUARDS = new Set<RouteEntry['guard']>(['account', 'staff']);

function screenRoute({ name, path, guard }: RouteEntry): RouteObject {
  const screen = SCREENS[name];
  if (!screen) return { path, element: <NotFoundPage /> };
  const Screen = screen.component;
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  return { path, element: SIGN_IN_GUARDS.has(guard) ? <RequireSignIn>{page}</RequireSignIn> : page };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [...ROUTES.map(screenRoute), { path: '*', element: <NotFoundPage /> }],
    },
  ]);
}
