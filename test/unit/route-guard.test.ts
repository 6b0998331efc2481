import { guardRedirect, signInRedirect } from '../../src/app/route-guard';
import { safeNextPath } from '../../src/services/same-site-path';
import { matchRoute, ROUTES } from '../../shared/routes';

test('a signed-in visitor on /auth goes to /home; guests stay', () => {
  expect(guardRedirect('/auth', true)).toBe('/home');
  expect(guardRedirect('/auth/', true)).toBe('/home');
  expect(guardRedirect('/auth', false)).toBeNull();
  expect(guardRedirect('/profile', true)).toBeNull();
});

test('a visitor who just signed in on /auth?next= goes back there, whichever of the guard and the form moves first', () => {
  expect(guardRedirect('/auth', true, '?next=%2Fcreate%2Fad')).toBe('/create/ad');
  expect(guardRedirect('/auth', true, '?next=%2F%2Fevil.example.com')).toBe('/home');
  expect(guardRedirect('/auth', true, '?next=%2Fauth')).toBe('/home');
});

test('the exempt paths of SPEC §2 are never redirected', () => {
  for (const path of ['/pwa-test', '/sw.js', '/dev-sw.js', '/manifest.webmanifest', '/_nuxt/x.js', '/workbox-123.js', '/legal/terms']) {
    expect(guardRedirect(path, true)).toBeNull();
  }
});

test('guests are sent to sign in and brought back only to same-site paths', () => {
  expect(signInRedirect('/settings/profile', '?tab=1')).toBe('/auth?next=%2Fsettings%2Fprofile%3Ftab%3D1');
  expect(safeNextPath('/settings/profile')).toBe('/settings/profile');
  expect(safeNextPath('//evil.example.com')).toBe('/home');
  expect(safeNextPath('https://evil.example.com')).toBe('/home');
  expect(safeNextPath(null)).toBe('/home');
});

test('every marketplace path of SPEC §2 is in the route table, static segments winning over parameters', () => {
  const paths = ROUTES.map((r) => r.path);
  for (const path of ['/', '/home', '/auth', '/cart', '/chats/:id', '/admin/:typeBusiness/:id', '/order/history', '/profile/seller/promotion/create-banner', '/settings/address/edit/:id']) {
    expect(paths).toContain(path);
  }
  expect(matchRoute('/order/history')?.name).toBe('order-history');
  expect(matchRoute('/order/42')?.name).toBe('order');
  expect(matchRoute('/stores/category/5')?.name).toBe('stores-category');
  expect(matchRoute('/nope/nope/nope/nope')).toBeNull();
});
