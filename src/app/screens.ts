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
  // Olympiad: the account sections guard themselves (guests go to /olympiad/login, not /auth).
  olympiad: { component: lazy(() => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/olympiad-home-page')) },
  'olympiad-faq': { component: lazy(() => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/faq-page')) },
  'olympiad-rules': { component: lazy(() => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/rules-page')) },
  'olympiad-about': { component: lazy(() => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/about-page')) },
  'olympiad-stages': { component: lazy(() => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/stages/stages-page')) },
  'olympiad-register': { component: lazy(() => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/register-page')) },
  'olympiad-login': { component: lazy(() => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/login-page')) },
  'olympiad-recover': { component: lazy(() => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/recover-page')) },
  'olympiad-verify': { component: lazy(() => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/verify-page')) },
  'olympiad-account': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-overview-page')) },
  'olympiad-account-personal': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-personal-page')) },
  'olympiad-account-profile': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-profile-page')) },
  'olympiad-account-olympiad': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-olympiad-page')) },
  'olympiad-account-security': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-security-page')) },
  'olympiad-account-statistics': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-statistics-page')) },
  'olympiad-account-ranking': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-ranking-page')) },
  'olympiad-account-delete': { component: lazy(() => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-delete-page')) },
  // Olympiad tests: the screens guard themselves (guests go to /olympiad/login and come back).
  'olympiad-tests': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/tests/tests-page')) },
  'olympiad-test': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/tests/test-intro-page')) },
  'olympiad-attempt': { component: lazy(() => import(/* webpackChunkName: "olympiad-test-session" */ '../features/olympiad-tests/session/attempt-page')) },
  'olympiad-attempt-essay': { component: lazy(() => import(/* webpackChunkName: "olympiad-test-session" */ '../features/olympiad-tests/session/essay-page')) },
  'olympiad-attempt-results': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/results/results-page')) },
  'olympiad-staff-tests': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-tests-page')) },
  'olympiad-staff-test': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-test-page')) },
  'olympiad-staff-import': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-import-page')) },
  'olympiad-staff-grading': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-grading-page')) },
  'olympiad-staff-final-results': { component: lazy(() => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-final-results-page')) },
};
