import { ROUTES } from '../../../shared/routes';

/** Who looks at a screen: a guest, or a signed-in person of a role the screen is for. */
export type Role = 'guest' | 'buyer' | 'seller' | 'participant' | 'staff';

/** Real ids from the demo data and from the sweep's own people, for the screens with parameters. */
export interface SweepIds {
  product: number;
  store: number;
  storeCategory: number;
  ad: number;
  adOwner: number;
  buyer: number;
  buyerAd: number;
  order: number;
  chat: number;
  supportChat: number;
  address: number;
  sellerStore: number;
  sellerProduct: number;
  sellerCategory: number;
  trainingTest: number;
  attempt: number;
  essayAttempt: number;
  results: number;
  /** A creative contest open now, and a published work of the sweep's participant in it (one more waits for moderation). */
  contest: number;
  work: number;
}

export interface Visit {
  screen: string;
  role: Role;
  path: string;
}

type Planned = Array<[Role, string]>;

/**
 * Screens with parameters, and screens seen by someone other than a guest (or by several kinds of
 * people). Any other screen of the route table is visited by a guest at its own path, so a new screen
 * is swept as soon as it is in the table; a new screen with parameters fails the sweep until it is here.
 */
const PLAN: Record<string, (ids: SweepIds) => Planned> = {
  store: (ids) => [['guest', `/stores/${ids.store}`], ['seller', `/stores/${ids.sellerStore}`]],
  'stores-category': (ids) => [['guest', `/stores/category/${ids.storeCategory}`]],
  product: (ids) => [['guest', `/products/${ids.product}`], ['seller', `/products/${ids.sellerProduct}`]],
  ad: (ids) => [['guest', `/ads/${ids.ad}`], ['buyer', `/ads/${ids.buyerAd}`]],
  // The second person has no name yet: their page and the "posted by" link must still say something.
  user: (ids) => [['guest', `/user/${ids.adOwner}`], ['guest', `/user/${ids.buyer}`]],
  cart: () => [['guest', '/cart'], ['buyer', '/cart']],
  chats: () => [['buyer', '/chats']],
  chat: (ids) => [['buyer', `/chats/${ids.chat}`]],
  support: () => [['buyer', '/support']],
  'support-chat': (ids) => [['buyer', `/support/chats/${ids.supportChat}`]],
  'support-console': () => [['staff', '/admin/support']],
  'support-canned': () => [['staff', '/admin/support/canned']],
  'admin-synonyms': () => [['staff', '/admin/synonyms']],
  'admin-banners': () => [['staff', '/admin/banners']],
  // Moderation of businesses, ads and products, and its settings (issue 17): staff screens.
  'admin-businesses': () => [['staff', '/admin/businesses']],
  'admin-ads': () => [['staff', '/admin/ads']],
  'admin-products': () => [['staff', '/admin/products']],
  'admin-moderation-settings': () => [['staff', '/admin/moderation-settings']],
  'seller-promotion-create-banner': () => [['seller', '/profile/seller/promotion/create-banner']],
  ...Object.fromEntries(
    ['favorites', 'subscriptions', 'profile', 'settings', 'settings-profile', 'settings-security', 'cards', 'cards-add', 'addresses', 'addresses-add', 'notifications', 'order-history', 'create-ad', 'create-business'].map(
      (name) => [name, () => [['buyer', pathOf(name)]] as Planned],
    ),
  ),
  'addresses-edit': (ids) => [['buyer', `/settings/address/edit/${ids.address}`]],
  order: (ids) => [['buyer', `/order/${ids.order}`]],
  'orders-business': () => [['seller', '/order/business']],
  // The seller workspace filled, and as a buyer with nothing to sell sees it (the next steps).
  seller: () => [['seller', '/profile/seller'], ['buyer', '/profile/seller']],
  'order-business': (ids) => [['seller', `/order/business/${ids.order}`]],
  'seller-statistics': () => [['seller', '/profile/seller/statistics']],
  'create-product': () => [['seller', '/create/product']],
  ...Object.fromEntries(['seller-promotion', 'seller-promotion-all', 'seller-promotion-plan', 'seller-promotion-plan-status'].map((name) => [name, () => [['seller', pathOf(name)]] as Planned])),
  'create-service': () => [['seller', '/create/service']],
  'create-product-category': () => [['seller', '/create/category/product']],
  'edit-product-category': (ids) => [['seller', `/create/category/product/${ids.sellerCategory}`]],
  // Staff edit the olympiad's pages in place: they see them with their editing controls.
  ...Object.fromEntries(['olympiad', 'olympiad-faq', 'olympiad-rules', 'olympiad-about', 'olympiad-stages'].map((name) => [name, () => [['guest', pathOf(name)], ['staff', pathOf(name)]] as Planned])),
  'olympiad-rating': () => [['guest', '/olympiad/rating'], ['participant', '/olympiad/rating']],
  'olympiad-verify': () => [['guest', '/olympiad/verify?token=not-a-real-token']],
  ...Object.fromEntries(
    ROUTES.filter((route) => route.screen && route.path.startsWith('/olympiad/account')).map((route) => [route.name, () => [['participant', route.path]] as Planned]),
  ),
  'olympiad-tests': () => [['guest', '/olympiad/tests'], ['participant', '/olympiad/tests']],
  'olympiad-test': (ids) => [['guest', `/olympiad/tests/${ids.trainingTest}`], ['participant', `/olympiad/tests/${ids.trainingTest}`]],
  'olympiad-attempt': (ids) => [['participant', `/olympiad/attempts/${ids.attempt}`]],
  'olympiad-attempt-essay': (ids) => [['participant', `/olympiad/attempts/${ids.essayAttempt}/essay`]],
  'olympiad-attempt-results': (ids) => [['participant', `/olympiad/attempts/${ids.results}/results`]],
  'olympiad-staff-test': (ids) => [['staff', `/olympiad/staff/tests/${ids.trainingTest}`]],
  // Creative works: the gallery and contests as a guest and as a participant (whose like button differs), moderation as staff.
  'olympiad-works': () => [['guest', '/olympiad/works'], ['participant', '/olympiad/works?sort=likes_desc']],
  'olympiad-work': (ids) => [['guest', `/olympiad/works/${ids.work}`], ['participant', `/olympiad/works/${ids.work}`]],
  'olympiad-contests': () => [['guest', '/olympiad/contests'], ['participant', '/olympiad/contests']],
  'olympiad-contest': (ids) => [['guest', `/olympiad/contests/${ids.contest}`]],
  'olympiad-staff-works': () => [['staff', '/olympiad/staff/works']],
  ...Object.fromEntries(
    ['olympiad-staff-tests', 'olympiad-staff-import', 'olympiad-staff-grading', 'olympiad-staff-final-results'].map((name) => [name, () => [['staff', pathOf(name)]] as Planned]),
  ),
};

function pathOf(name: string): string {
  const route = ROUTES.find((entry) => entry.name === name);
  if (!route) throw new Error(`no route named ${name} in shared/routes.ts`);
  return route.path;
}

/** Every screen of the route table (and the 404 page), as the people who see it, with real ids. */
export function sweepVisits(ids: SweepIds): { visits: Visit[]; unplanned: string[] } {
  const visits: Visit[] = [];
  const unplanned: string[] = [];
  for (const route of ROUTES.filter((entry) => entry.screen)) {
    const planned = PLAN[route.name]?.(ids) ?? (route.path.includes(':') ? null : ([['guest', route.path]] as Planned));
    if (!planned) unplanned.push(`${route.name} (${route.path})`);
    else visits.push(...planned.map(([role, path]) => ({ screen: route.name, role, path })));
  }
  visits.push({ screen: 'not-found', role: 'guest', path: '/no-such-screen' });
  return { visits, unplanned };
}
