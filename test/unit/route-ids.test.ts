import { matchRoute, parseRouteId, routeEntityId, ROUTES } from '../../shared/routes';
import { samplePath } from '../../src/features/dev-pages/test-routing-page';

test('a deep link id is read strictly: digits, no sign, no leading zero, within the id range', () => {
  expect(parseRouteId('1')).toBe(1);
  expect(parseRouteId('2147483647')).toBe(2_147_483_647);
  for (const raw of [undefined, '', '0', '-1', '+1', '01', '1.5', '1e3', ' 1', '0x10', 'abc', '2147483648', '99999999999']) {
    expect(parseRouteId(raw)).toBeNull();
  }
});

test('the id of the thing a path names comes from its route', () => {
  expect(routeEntityId(matchRoute('/products/12')!, '/products/12')).toBe(12);
  expect(routeEntityId(matchRoute('/chats/7/')!, '/chats/7/')).toBe(7);
  expect(routeEntityId(matchRoute('/user/x')!, '/user/x')).toBeNull();
});

test('every screen that needs an account, or staff, says so in the table (the router asks guests to sign in)', () => {
  const guarded = (name: string) => ROUTES.find((route) => route.name === name)!.guard;
  expect(['chats', 'chat', 'settings', 'order', 'favorites', 'create-ad'].map(guarded)).toEqual(Array(6).fill('account'));
  expect(guarded('support-console')).toBe('staff');
  expect(guarded('auth')).toBe('guest');
  expect(['product', 'pwa-test', 'test-routing', 'elements-test', 'home-index_backup'].map(guarded)).toEqual(Array(5).fill('public'));
});

test('every route of /test-routing can be followed: parameters are filled in', () => {
  expect(samplePath('/admin/:typeBusiness/:id')).toBe('/admin/1/1');
  for (const route of ROUTES) expect(matchRoute(samplePath(route.path))?.name).toBe(route.name);
});
