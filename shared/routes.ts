/**
 * The marketplace route table of SPEC §2, shared by the SPA router and the
 * server (which answers 404 for any path that is not a screen here).
 * `screen: false` marks paths whose screens later work delivers; until
 * then they render the 404 page.
 */
export interface RouteEntry {
  name: string;
  path: string;
  screen: boolean;
}

const r = (name: string, path: string, screen = false): RouteEntry => ({ name, path, screen });

export const ROUTES: RouteEntry[] = [
  r('index', '/', true),
  r('home', '/home', true),
  r('home-index_backup', '/home/index_backup'),
  r('pwa-test', '/pwa-test'),
  r('test-routing', '/test-routing'),
  r('elements-test', '/elements-test'),
  r('auth', '/auth', true),
  r('search', '/search', true),
  r('cart', '/cart', true),
  r('about', '/about', true),
  r('about-offer', '/about/offer', true),
  r('about-company', '/about/company', true),
  r('about-consent', '/about/consent', true),
  r('about-payment', '/about/payment', true),
  r('about-privacy', '/about/privacy', true),
  r('about-cookie-agreement', '/about/cookie-agreement', true),
  r('chats', '/chats', true),
  r('chat', '/chats/:id', true),
  r('support', '/support', true),
  r('support-chat', '/support/chats/:id', true),
  // The support console (issue 5): staff only; listed before the generic admin path.
  r('support-console', '/admin/support', true),
  // Staff manage the console's canned replies here.
  r('support-canned', '/admin/support/canned', true),
  r('admin', '/admin/:type'),
  r('admin-business', '/admin/:typeBusiness/:id'),
  r('stores', '/stores', true),
  r('store', '/stores/:id', true),
  r('stores-category', '/stores/category/:id', true),
  r('page-stores', '/page/stores', true),
  r('page-services', '/page/services', true),
  r('page-restaurants', '/page/restaurants', true),
  r('page-what-to-buy', '/page/WhatToBuy', true),
  // Catalogue detail pages and favorites (issue 4).
  r('product', '/products/:id', true),
  r('ad', '/ads/:id', true),
  r('favorites', '/favorites', true),
  r('profile', '/profile', true),
  r('user', '/user/:id', true),
  r('create-ad', '/create/ad', true),
  r('create-product', '/create/product', true),
  r('create-service', '/create/service', true),
  r('create-business', '/create/business', true),
  r('create-product-category', '/create/category/product', true),
  r('edit-product-category', '/create/category/product/:id', true),
  r('delivery', '/delivery', true),
  r('settings', '/settings', true),
  r('settings-profile', '/settings/profile', true),
  r('settings-security', '/settings/security', true),
  r('settings-security-item', '/settings/security/:name'),
  r('cards', '/settings/cards', true),
  r('cards-add', '/settings/cards/add', true),
  r('addresses', '/settings/address', true),
  r('addresses-add', '/settings/address/add', true),
  r('addresses-edit', '/settings/address/edit/:id', true),
  r('order', '/order/:id', true),
  r('order-history', '/order/history', true),
  r('orders-business', '/order/business', true),
  r('order-business', '/order/business/:id', true),
  r('notifications', '/notifications', true),
  r('subscriptions', '/subscriptions', true),
  r('seller-statistics', '/profile/seller/statistics'),
  r('seller-promotion', '/profile/seller/promotion'),
  r('seller-promotion-all', '/profile/seller/promotion/all'),
  r('seller-promotion-plan', '/profile/seller/promotion/plan'),
  r('seller-promotion-plan-status', '/profile/seller/promotion/plan/status'),
  r('seller-promotion-create-banner', '/profile/seller/promotion/create-banner'),
  // Olympiad (issue 6): pages, accounts and the personal account.
  r('olympiad', '/olympiad', true),
  r('olympiad-faq', '/olympiad/faq', true),
  r('olympiad-rules', '/olympiad/rules', true),
  r('olympiad-about', '/olympiad/about', true),
  r('olympiad-stages', '/olympiad/stages', true),
  r('olympiad-register', '/olympiad/register', true),
  r('olympiad-login', '/olympiad/login', true),
  r('olympiad-recover', '/olympiad/recover', true),
  r('olympiad-verify', '/olympiad/verify', true),
  r('olympiad-account', '/olympiad/account', true),
  r('olympiad-account-personal', '/olympiad/account/personal', true),
  r('olympiad-account-profile', '/olympiad/account/profile', true),
  r('olympiad-account-olympiad', '/olympiad/account/olympiad', true),
  r('olympiad-account-security', '/olympiad/account/security', true),
  r('olympiad-account-statistics', '/olympiad/account/statistics', true),
  r('olympiad-account-ranking', '/olympiad/account/ranking', true),
  r('olympiad-account-delete', '/olympiad/account/delete', true),
  // Olympiad tests (issue 7): taking tests and essays, results, and the staff side.
  r('olympiad-tests', '/olympiad/tests', true),
  r('olympiad-test', '/olympiad/tests/:id', true),
  r('olympiad-attempt', '/olympiad/attempts/:id', true),
  r('olympiad-attempt-essay', '/olympiad/attempts/:id/essay', true),
  r('olympiad-attempt-results', '/olympiad/attempts/:id/results', true),
  r('olympiad-staff-tests', '/olympiad/staff/tests', true),
  r('olympiad-staff-test', '/olympiad/staff/tests/:id', true),
  r('olympiad-staff-import', '/olympiad/staff/import', true),
  r('olympiad-staff-grading', '/olympiad/staff/grading', true),
  r('olympiad-staff-final-results', '/olympiad/staff/final-results', true),
];

/** SPEC §2: paths the route guard never touches. */
export const GUARD_EXEMPT_PREFIXES = ['/pwa-test', '/sw.js', '/dev-sw.js', '/manifest.webmanifest', '/_nuxt/', '/workbox-', '/legal'];

export const GUEST_ONLY_PATHS = ['/auth'];
export const SIGNED_IN_HOME = '/home';

function toRegExp(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

const compiled = ROUTES.map((route) => ({ route, re: toRegExp(route.path) }));

/** The most specific route for a path: static segments win over parameters, as in react-router. */
export function matchRoute(pathname: string): RouteEntry | null {
  const matches = compiled.filter(({ re }) => re.test(pathname)).map(({ route }) => route);
  if (matches.length === 0) return null;
  const score = (route: RouteEntry) => route.path.split('/').filter((p) => p && !p.startsWith(':')).length;
  return matches.sort((a, b) => score(b) - score(a))[0];
}
