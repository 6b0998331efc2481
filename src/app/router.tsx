import { Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '../../shared/routes';
import { PageLoading } from '../components/page-loading';
import { NotFoundPage } from './errors/not-found-page';
import { RouteErrorPage } from './errors/route-error-page';
import { AppLayout } from './layout/app-layout';
import { RequireSignIn } from './require-sign-in';
import { SCREENS } from './screens';

function screenRoute(name: string, path: string): RouteObject {
  const screen = SCREENS[name];
  if (!screen) return { path, element: <NotFoundPage /> };
  const Screen = screen.component;
  const page = (
    <Suspense fallback={<PageLoading />}>
      <Screen />
    </Suspense>
  );
  return { path, element: screen.signedIn ? <RequireSignIn>{page}</RequireSignIn> : page };
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [...ROUTES.map((route) => screenRoute(route.name, route.path)), { path: '*', element: <NotFoundPage /> }],
    },
  ]);
}
