import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteEntry } from '../../shared/routes';
import { ensureArea } from '../services/catalogue-store';
import type { CatalogueArea } from '../services/i18n';

type Loaded = { default: ComponentType };
type LazyScreen = LazyExoticComponent<ComponentType> & { load: () => Promise<Loaded> };

/** React's lazy, keeping its loader: the screen a page opens on is loaded before the app first draws (loadFirstScreen). */
function lazy(load: () => Promise<Loaded>): LazyScreen {
  return Object.assign(reactLazy(load), { load });
}

/** A screen whose words are in an area (or areas) of the catalogue: its chunk and its messages arrive together. */
function lazyIn(area: CatalogueArea | CatalogueArea[], load: () => Promise<{ default: ComponentType }>) {
  const areas = Array.isArray(area) ? area : [area];
  return lazy(() => Promise.all([load(), ...areas.map((one) => ensureArea(one))]).then(([module]) => module));
}

/** One lazy chunk per screen; names match the route table in shared/routes.ts, which also says who may open each. */
export const SCREENS: Record<string, { component: LazyScreen | ComponentType }> = {
  index: { component: lazy(() => import(/* webpackChunkName: "home" */ '../features/catalog/pages/home-page')) },
  home: { component: lazy(() => import(/* webpackChunkName: "home" */ '../features/catalog/pages/home-page')) },
  'home-index_backup': { component: lazy(() => import(/* webpackChunkName: "home-backup" */ '../features/catalog/pages/home-backup-page')) },
  // Dev pages (SPEC §2): open to everyone, their words in the `dev` area of the catalogue.
  'pwa-test': { component: lazyIn('dev', () => import(/* webpackChunkName: "dev-pages" */ '../features/dev-pages/pwa-test-page')) },
  'test-routing': { component: lazyIn('dev', () => import(/* webpackChunkName: "dev-pages" */ '../features/dev-pages/test-routing-page')) },
  'elements-test': { component: lazyIn('dev', () => import(/* webpackChunkName: "dev-pages" */ '../features/dev-pages/elements-test-page')) },
  auth: { component: lazy(() => import(/* webpackChunkName: "auth" */ '../features/auth/auth-page')) },
  about: { component: lazyIn('about', () => import(/* webpackChunkName: "about" */ '../features/about/about-index-page')) },
  ...Object.fromEntries(
    ['offer', 'company', 'consent', 'payment', 'privacy', 'cookie-agreement'].map((doc) => [
      `about-${doc}`,
      { component: lazyIn('about', () => import(/* webpackChunkName: "about" */ '../features/about/about-document-page')) },
    ]),
  ),
  notifications: {
    component: lazy(() => import(/* webpackChunkName: "notifications" */ '../features/notifications/notifications-page')),
  },
  // The list alone: a chat's composer brings its validation, which the list does not need.
  chats: { component: lazy(() => import(/* webpackChunkName: "chats-list" */ '../features/chats/chats-page')) },
  chat: { component: lazy(() => import(/* webpackChunkName: "chats" */ '../features/chats/chat-page')) },
  support: { component: lazy(() => import(/* webpackChunkName: "support" */ '../features/chats/support-page')) },
  'support-chat': { component: lazy(() => import(/* webpackChunkName: "support" */ '../features/chats/support-chat-page')) },
  // Staff only: the screen itself sends everyone else away (the API refuses them too).
  'support-console': {
    component: lazyIn('admin', () => import(/* webpackChunkName: "support-console" */ '../features/support-console/support-console-page')),
  },
  'support-canned': {
    component: lazyIn('admin', () => import(/* webpackChunkName: "support-console" */ '../features/support-console/canned-replies-page')),
  },
  // The admin area (issue 17): its front page; each section's screen is in its own feature.
  'admin-home': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-home" */ '../features/admin-home/admin-home-page')) },
  'admin-categories': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-categories" */ '../features/admin-categories/admin-categories-page')) },
  'admin-users': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-users" */ '../features/admin-users/admin-users-page')) },
  'admin-user': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-users" */ '../features/admin-users/admin-user-page')) },
  'admin-audit': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-audit" */ '../features/admin-audit/admin-audit-page')) },
  'admin-notifications': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-broadcasts" */ '../features/admin-broadcasts/broadcasts-page')) },
  'admin-notification': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-broadcasts" */ '../features/admin-broadcasts/broadcast-page')) },
  // Moderation of businesses, ads and products: one queue screen for the three, and the setting per kind.
  'admin-businesses': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-moderation" */ '../features/admin-moderation/moderation-queue-page')) },
  'admin-ads': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-moderation" */ '../features/admin-moderation/moderation-queue-page')) },
  'admin-products': { component: lazyIn('admin', () => import(/* webpackChunkName: "admin-moderation" */ '../features/admin-moderation/moderation-queue-page')) },
  'admin-moderation-settings': {
    component: lazyIn('admin', () => import(/* webpackChunkName: "admin-moderation" */ '../features/admin-moderation/moderation-settings-page')),
  },
  'admin-synonyms': { component: lazyIn('admin', () => import(/* webpackChunkName: "search-synonyms" */ '../features/search-synonyms/synonyms-page')) },
  // Sellers' banners (issue 16): the seller's form and list, and the staff's moderation queue.
  'seller-promotion-create-banner': {
    component: lazyIn('seller', () => import(/* webpackChunkName: "seller-banners" */ '../features/seller-banners/create-banner-page')),
  },
  // Inside the admin shell, whose words are in the `admin` area.
  'admin-banners': {
    component: lazyIn(['admin', 'seller'], () => import(/* webpackChunkName: "banner-moderation" */ '../features/seller-banners/moderation/banner-moderation-page')),
  },
  profile: { component: lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/profile-page')) },
  settings: { component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/settings-page')) },
  'settings-profile': {
    component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/profile-settings-page')),
  },
  // Saved addresses and cards: one chunk each, the list and its forms together.
  addresses: { component: lazy(() => import(/* webpackChunkName: "addresses" */ '../features/addresses/addresses-page')) },
  'addresses-add': { component: lazy(() => import(/* webpackChunkName: "addresses" */ '../features/addresses/address-form-page')) },
  'addresses-edit': { component: lazy(() => import(/* webpackChunkName: "addresses" */ '../features/addresses/address-form-page')) },
  cards: { component: lazy(() => import(/* webpackChunkName: "cards" */ '../features/cards/cards-page')) },
  'cards-add': { component: lazy(() => import(/* webpackChunkName: "cards" */ '../features/cards/card-add-page')) },
  'settings-security': {
    component: lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/security-page')),
  },
  // Marketplace catalogue (issue 4).
  search: { component: lazy(() => import(/* webpackChunkName: "catalog-search" */ '../features/catalog/pages/search-page')) },
  stores: { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/stores-page')) },
  'stores-category': { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/stores-page')) },
  store: { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/store-page')) },
  'page-stores': { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/landing-page')) },
  'page-services': { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/landing-page')) },
  'page-restaurants': { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/landing-page')) },
  'page-what-to-buy': { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/landing-page')) },
  product: { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/product-page')) },
  ad: { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/ad-page')) },
  user: { component: lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/pages/user-page')) },
  favorites: { component: lazy(() => import(/* webpackChunkName: "catalog-account" */ '../features/catalog/pages/favorites-page')) },
  subscriptions: { component: lazy(() => import(/* webpackChunkName: "catalog-account" */ '../features/catalog/pages/subscriptions-page')) },
  'create-ad': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/ad-form-page')) },
  'create-product': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/product-form-page')) },
  'create-service': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/product-form-page')) },
  'create-business': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/business-form-page')) },
  'create-product-category': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/category-form-page')) },
  'edit-product-category': { component: lazy(() => import(/* webpackChunkName: "catalog-forms" */ '../features/catalog/pages/category-form-page')) },
  // Buying (issue 13): the cart (with its checkout step) is open to guests, whose cart stays in the browser.
  cart: { component: lazy(() => import(/* webpackChunkName: "cart" */ '../features/cart/cart-page')) },
  delivery: { component: lazy(() => import(/* webpackChunkName: "cart" */ '../features/cart/delivery-page')) },
  'order-history': { component: lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/order-history-page')) },
  order: { component: lazy(() => import(/* webpackChunkName: "orders" */ '../features/orders/order-page')) },
  'orders-business': { component: lazy(() => import(/* webpackChunkName: "orders-business" */ '../features/orders/business-orders-page')) },
  'order-business': { component: lazy(() => import(/* webpackChunkName: "orders-business" */ '../features/orders/business-order-page')) },
  // The seller's promotion (issue 16): plans, purchase, my subscriptions.
  'seller-promotion': { component: lazy(() => import(/* webpackChunkName: "seller-promotion" */ '../features/seller-promotion/promotions-page')) },
  'seller-promotion-all': { component: lazy(() => import(/* webpackChunkName: "seller-promotion" */ '../features/seller-promotion/all-promotions-page')) },
  'seller-promotion-plan': { component: lazy(() => import(/* webpackChunkName: "seller-promotion" */ '../features/seller-promotion/plan-page')) },
  'seller-promotion-plan-status': { component: lazy(() => import(/* webpackChunkName: "seller-promotion" */ '../features/seller-promotion/plan-status-page')) },
  // The seller's workspace (issue 16): its words are an area of their own.
  seller: { component: lazyIn('seller', () => import(/* webpackChunkName: "seller-dashboard" */ '../features/seller-dashboard/seller-dashboard-page')) },
  'seller-statistics': { component: lazy(() => import(/* webpackChunkName: "seller-statistics" */ '../features/seller-statistics/statistics-page')) },
  // Olympiad: the account sections guard themselves (guests go to /olympiad/login, not /auth).
  olympiad: { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/olympiad-home-page')) },
  'olympiad-faq': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/faq-page')) },
  'olympiad-rules': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/rules-page')) },
  'olympiad-about': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/content/about-page')) },
  'olympiad-stages': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad" */ '../features/olympiad/stages/stages-page')) },
  'olympiad-rating': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-rating" */ '../features/olympiad-rating/rating-page')) },
  'olympiad-register': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/register-page')) },
  'olympiad-login': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/login-page')) },
  'olympiad-recover': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/recover-page')) },
  'olympiad-verify': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-accounts" */ '../features/olympiad/accounts/verify-page')) },
  'olympiad-account': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-overview-page')) },
  'olympiad-account-personal': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-personal-page')) },
  'olympiad-account-profile': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-profile-page')) },
  'olympiad-account-olympiad': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-olympiad-page')) },
  'olympiad-account-security': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-security-page')) },
  'olympiad-account-statistics': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-statistics-page')) },
  'olympiad-account-ranking': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-ranking-page')) },
  'olympiad-account-delete': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-account" */ '../features/olympiad/account/account-delete-page')) },
  // Olympiad tests: the screens guard themselves (guests go to /olympiad/login and come back).
  'olympiad-tests': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/tests/tests-page')) },
  'olympiad-test': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/tests/test-intro-page')) },
  'olympiad-attempt': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-test-session" */ '../features/olympiad-tests/session/attempt-page')) },
  'olympiad-attempt-essay': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-test-session" */ '../features/olympiad-tests/session/essay-page')) },
  'olympiad-attempt-results': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests" */ '../features/olympiad-tests/results/results-page')) },
  'olympiad-staff-tests': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-tests-page')) },
  'olympiad-staff-test': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-test-page')) },
  'olympiad-staff-import': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-import-page')) },
  'olympiad-staff-grading': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-grading-page')) },
  'olympiad-staff-final-results': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-tests-staff" */ '../features/olympiad-tests/staff/staff-final-results-page')) },
  // Creative works: the gallery, contests and a work are open to all; my works and moderation guard themselves.
  'olympiad-works': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works" */ '../features/olympiad-works/gallery/gallery-page')) },
  'olympiad-work': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works" */ '../features/olympiad-works/work/work-page')) },
  'olympiad-contests': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works" */ '../features/olympiad-works/contests/contests-page')) },
  'olympiad-contest': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works" */ '../features/olympiad-works/contests/contest-page')) },
  'olympiad-account-works': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works-mine" */ '../features/olympiad-works/my-works/my-works-page')) },
  'olympiad-staff-works': { component: lazyIn('olympiad', () => import(/* webpackChunkName: "olympiad-works-staff" */ '../features/olympiad-works/moderation/moderation-page')) },
  // The same queue in the admin shell: the queue's words are the olympiad's, the shell's the admin's.
  'admin-works': { component: lazyIn(['admin', 'olympiad'], () => import(/* webpackChunkName: "olympiad-works-staff" */ '../features/olympiad-works/moderation/admin-works-page')) },
};

/**
 * Loads `route`'s screen (its chunk and its words) and puts the loaded component in its
 * place, so the first drawing shows the screen itself instead of the loading fallback and then the
 * screen in a second drawing (on a slow phone, the largest paint waited for that second one).
 * Call it before the router is made; a screen that fails to load stays lazy and shows its error then.
 */
export async function loadFirstScreen(route: RouteEntry | null): Promise<void> {
  const entry = SCREENS[route?.name ?? ''];
  if (!entry || !('load' in entry.component)) return;
  try {
    entry.component = (await entry.component.load()).default;
  } catch {
    // The lazy component asks again when drawn, and the route's error page says what failed.
  }
}
