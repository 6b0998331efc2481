import { MAX_ID } from './api/number-values';

/**
 * The marketplace route table of SPEC §2, shared by the SPA router and the
 * server (which answers 404 for any path that is not a screen here, and for
 * an entity route whose thing does not exist).
 * `screen: false` marks paths whose screens later work delivers; until
 * then they render the 404 page.
 */
export interface RouteEntry {
  name: string;
  path: string;
  screen: boolean;
  /** Who may open it; the router sends guests of `account` and `staff` screens to sign in. */
  guard: RouteGuard;
  /** The thing `:id` names: the server checks it exists before answering 200. */
  entity?: EntityKind;
}

/**
 * `public`: anyone; `guest`: guests only (SPEC §2: a signed-in visitor goes to /home);
 * `account`: a marketplace account; `staff`: an account with a staff role (the screen checks the role);
 * `participant`: an olympiad account (the screen sends guests to /olympiad/login);
 * `olympiad-staff`: olympiad staff (the screen checks).
 */
export type RouteGuard = 'public' | 'guest' | 'account' | 'staff' | 'participant' | 'olympiad-staff';

/** Things a deep link names by id; chats, orders, addresses, categories and attempts are private: they exist only for their parties. */
export type EntityKind =
  | 'product'
  | 'ad'
  | 'business'
  | 'user'
  | 'chat'
  | 'support-chat'
  | 'order'
  | 'address'
  | 'product-category'
  | 'olympiad-test'
  | 'olympiad-attempt'
  | 'olympiad-work'
  | 'olympiad-contest'
  | 'broadcast';

const r = (name: string, path: string, screen = false, guard: RouteGuard = 'public', entity?: EntityKind): RouteEntry => ({
  name,
  path,
  screen,
  guard,
  ...(entity ? { entity } : {}),
});

export const ROUTES: RouteEntry[] = [
  r('index', '/', true),
  r('home', '/home', true),
  r('home-index_backup', '/home/index_backup', true),
  r('pwa-test', '/pwa-test', true),
  r('test-routing', '/test-routing', true),
  r('elements-test', '/elements-test', true),
  r('auth', '/auth', true, 'guest'),
  r('search', '/search', true),
  r('cart', '/cart', true),
  r('about', '/about', true),
  r('about-offer', '/about/offer', true),
  r('about-company', '/about/company', true),
  r('about-consent', '/about/consent', true),
  r('about-payment', '/about/payment', true),
  r('about-privacy', '/about/privacy', true),
  r('about-cookie-agreement', '/about/cookie-agreement', true),
  r('chats', '/chats', true, 'account'),
  r('chat', '/chats/:id', true, 'account', 'chat'),
  r('support', '/support', true, 'account'),
  r('support-chat', '/support/chats/:id', true, 'account', 'support-chat'),
  // The support console (issue 5): staff only; listed before the generic admin path.
  r('support-console', '/admin/support', true, 'staff'),
  // Staff manage the console's canned replies here.
  r('support-canned', '/admin/support/canned', true, 'staff'),
  // The search synonym list (issue 14): admins and moderators.
  r('admin-synonyms', '/admin/synonyms', true, 'staff'),
  // Sellers' banners waiting for a decision (issue 16): moderators and admins; the screen checks the role.
  r('admin-banners', '/admin/banners', true, 'staff'),
  // The admin area (issue 17): one shell, a section per `/admin/<key>` (shared/admin/sections.ts),
  // an item of a section at `/admin/<key>/<id>`; each screen checks the section's roles.
  r('admin-home', '/admin', true, 'staff'),
  r('admin-users', '/admin/users', true, 'staff'),
  r('admin-user', '/admin/users/:id', true, 'staff', 'user'),
  r('admin-audit', '/admin/audit', true, 'staff'),
  r('admin-businesses', '/admin/businesses', true, 'staff'),
  r('admin-ads', '/admin/ads', true, 'staff'),
  r('admin-products', '/admin/products', true, 'staff'),
  r('admin-works', '/admin/works', true, 'staff'),
  r('admin-moderation-settings', '/admin/moderation-settings', true, 'staff'),
  r('admin-categories', '/admin/categories', true, 'staff'),
  r('admin-notifications', '/admin/notifications', true, 'staff'),
  r('admin-notification', '/admin/notifications/:id', true, 'staff', 'broadcast'),
  r('admin', '/admin/:type'),
  r('admin-business', '/admin/:typeBusiness/:id'),
  r('stores', '/stores', true),
  r('store', '/stores/:id', true, 'public', 'business'),
  r('stores-category', '/stores/category/:id', true),
  r('page-stores', '/page/stores', true),
  r('page-services', '/page/services', true),
  r('page-restaurants', '/page/restaurants', true),
  r('page-what-to-buy', '/page/WhatToBuy', true),
  // Catalogue detail pages and favorites (issue 4).
  r('product', '/products/:id', true, 'public', 'product'),
  r('ad', '/ads/:id', true, 'public', 'ad'),
  r('favorites', '/favorites', true, 'account'),
  r('profile', '/profile', true, 'account'),
  r('user', '/user/:id', true, 'public', 'user'),
  r('create-ad', '/create/ad', true, 'account'),
  r('create-product', '/create/product', true, 'account'),
  r('create-service', '/create/service', true, 'account'),
  r('create-business', '/create/business', true, 'account'),
  r('create-product-category', '/create/category/product', true, 'account'),
  r('edit-product-category', '/create/category/product/:id', true, 'account', 'product-category'),
  r('delivery', '/delivery', true),
  r('settings', '/settings', true, 'account'),
  r('settings-profile', '/settings/profile', true, 'account'),
  r('settings-security', '/settings/security', true, 'account'),
  r('settings-security-item', '/settings/security/:name'),
  r('cards', '/settings/cards', true, 'account'),
  r('cards-add', '/settings/cards/add', true, 'account'),
  r('addresses', '/settings/address', true, 'account'),
  r('addresses-add', '/settings/address/add', true, 'account'),
  r('addresses-edit', '/settings/address/edit/:id', true, 'account', 'address'),
  r('order', '/order/:id', true, 'account', 'order'),
  r('order-history', '/order/history', true, 'account'),
  r('orders-business', '/order/business', true, 'account'),
  r('order-business', '/order/business/:id', true, 'account', 'order'),
  r('notifications', '/notifications', true, 'account'),
  r('subscriptions', '/subscriptions', true, 'account'),
  // The seller's workspace (issue 16): the dashboard, reached from the user menu.
  r('seller', '/profile/seller', true, 'account'),
  r('seller-statistics', '/profile/seller/statistics', true, 'account'),
  r('seller-promotion', '/profile/seller/promotion', true, 'account'),
  r('seller-promotion-all', '/profile/seller/promotion/all', true, 'account'),
  r('seller-promotion-plan', '/profile/seller/promotion/plan', true, 'account'),
  r('seller-promotion-plan-status', '/profile/seller/promotion/plan/status', true, 'account'),
  r('seller-promotion-create-banner', '/profile/seller/promotion/create-banner', true, 'account'),
  // Olympiad (issue 6): pages, accounts and the personal account.
  r('olympiad', '/olympiad', true),
  r('olympiad-faq', '/olympiad/faq', true),
  r('olympiad-rules', '/olympiad/rules', true),
  r('olympiad-about', '/olympiad/about', true),
  r('olympiad-stages', '/olympiad/stages', true),
  r('olympiad-rating', '/olympiad/rating', true),
  r('olympiad-register', '/olympiad/register', true),
  r('olympiad-login', '/olympiad/login', true),
  r('olympiad-recover', '/olympiad/recover', true),
  r('olympiad-verify', '/olympiad/verify', true),
  r('olympiad-account', '/olympiad/account', true, 'participant'),
  r('olympiad-account-personal', '/olympiad/account/personal', true, 'participant'),
  r('olympiad-account-profile', '/olympiad/account/profile', true, 'participant'),
  r('olympiad-account-olympiad', '/olympiad/account/olympiad', true, 'participant'),
  r('olympiad-account-security', '/olympiad/account/security', true, 'participant'),
  r('olympiad-account-statistics', '/olympiad/account/statistics', true, 'participant'),
  r('olympiad-account-ranking', '/olympiad/account/ranking', true, 'participant'),
  r('olympiad-account-delete', '/olympiad/account/delete', true, 'participant'),
  // Olympiad tests (issue 7): taking tests and essays, results, and the staff side.
  r('olympiad-tests', '/olympiad/tests', true, 'participant'),
  r('olympiad-test', '/olympiad/tests/:id', true, 'participant', 'olympiad-test'),
  r('olympiad-attempt', '/olympiad/attempts/:id', true, 'participant', 'olympiad-attempt'),
  r('olympiad-attempt-essay', '/olympiad/attempts/:id/essay', true, 'participant', 'olympiad-attempt'),
  r('olympiad-attempt-results', '/olympiad/attempts/:id/results', true, 'participant', 'olympiad-attempt'),
  r('olympiad-staff-tests', '/olympiad/staff/tests', true, 'olympiad-staff'),
  r('olympiad-staff-test', '/olympiad/staff/tests/:id', true, 'olympiad-staff'),
  r('olympiad-staff-import', '/olympiad/staff/import', true, 'olympiad-staff'),
  r('olympiad-staff-grading', '/olympiad/staff/grading', true, 'olympiad-staff'),
  r('olympiad-staff-final-results', '/olympiad/staff/final-results', true, 'olympiad-staff'),
  // Creative works (issue 15): the gallery and contests for anyone, my works, moderation for staff.
  r('olympiad-works', '/olympiad/works', true),
  r('olympiad-work', '/olympiad/works/:id', true, 'public', 'olympiad-work'),
  r('olympiad-contests', '/olympiad/contests', true),
  r('olympiad-contest', '/olympiad/contests/:id', true, 'public', 'olympiad-contest'),
  r('olympiad-account-works', '/olympiad/account/works', true, 'participant'),
  r('olympiad-staff-works', '/olympiad/staff/works', true, 'olympiad-staff'),
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

/**
 * An id in a deep link, read strictly: digits only, no sign, no leading zero, within the
 * database's id range. Anything else names nothing, so the page is a 404 (never a 500).
 */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/** The id of the entity a path names, when its route has one (`/products/12` → product 12). */
export function routeEntityId(route: RouteEntry, pathname: string): number | null {
  const parts = route.path.split('/');
  const at = parts.indexOf(':id');
  return parseRouteId(pathname.replace(/\/$/, '').split('/')[at]);
}
