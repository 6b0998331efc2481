import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** One lazy chunk per screen; names match the route table in shared/routes.ts. */
export const SCREENS: Record<string, { component: LazyExoticComponent<ComponentType>; signedIn?: boolean }> = {
  index: { component: lazy(() => import(/* webpackChunkName: "home" */ '../features/home/home-page')) },
  home: { component: lazy(() => import(/* webpackChunkName: "home" */ '../features/home/home-page')) },
  auth: { component: lazy(() => import(/* webpackChunkName: "auth" */ '../features/auth/auth-page')) },
  about: { component: lazy(() => import(/* webpackChunkName: "about" */ '../features/about/about-index-page')) },
  ...Object.fromEntries(
    ['offer', 'company', 'consent', 'payment', 'privacy', 'cookie-agreement'].map((doc) => [
      `about-${doc}`,
      { component: lazy(() => import(/* webpackChunkName: "about" */ '../features/about/about-document-page')) },
    ]),
  ),
  notifications: {
    component: lazy(() => import(/* webpackChunkName: "notifications" */ '../features/notifications/notifications-page')),
    signedIn: true,
  },
  profile: { component: lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/profile-page')), signedIn: true },
  settings: { component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/settings-page')), signedIn: true },
  'settings-profile': {
    component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/profile-settings-page')),
    signedIn: true,
  },
  'settings-security': {
    component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/security-page')),
    signedIn: true,
  },
};
