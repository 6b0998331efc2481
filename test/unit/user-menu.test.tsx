import { configureStore } from '@reduxjs/toolkit';
import { fireEvent, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { UserResource } from '../../shared/api/users';
import type { WorkspaceResource } from '../../shared/api/workspace';
import type { Role } from '../../shared/roles';
import { GUEST_SELL_PATH, menuGroups } from '../../src/app/layout/menu-items';
import { UserMenu } from '../../src/app/layout/user-menu';
import { authReducer } from '../../src/session/session-slice';
import { renderScreen } from './support/render';

const mockProfile: { data?: Pick<UserResource, 'id' | 'role' | 'name' | 'email' | 'phone'> } = {};
const mockWorkspace: { data?: WorkspaceResource } = {};
jest.mock('../../src/session/profile-api', () => ({ useProfileQuery: () => mockProfile }));
jest.mock('../../src/session/workspace-api', () => ({ useWorkspaceQuery: () => mockWorkspace }));

const ids = (role: Role, workspace: WorkspaceResource | undefined) =>
  menuGroups({ userId: 7, role, workspace }).flatMap((group) => group.items.map((item) => item.testId));

const SELLER_ONLY = ['menu-my-businesses', 'menu-business-orders', 'menu-create-product', 'menu-create-service'];

describe('what the menu offers to whom', () => {
  test('a plain user: buying, posting an ad, creating a business, an invitation to the olympiad; no seller or staff items', () => {
    const items = ids('user', { businesses: 0, ads: 0, olympiad_participant: false });
    expect(items).toEqual(expect.arrayContaining(['menu-favorites', 'menu-subscriptions', 'menu-my-ads', 'orders-link', 'menu-create-ad', 'menu-create-business', 'menu-olympiad-join']));
    for (const id of [...SELLER_ONLY, 'menu-olympiad-account', 'support-console-link']) expect(items).not.toContain(id);
  });

  test('an owner of a business also gets the seller items: businesses, their orders, products and services', () => {
    const items = ids('user', { businesses: 2, ads: 0, olympiad_participant: false });
    expect(items).toEqual(expect.arrayContaining(SELLER_ONLY));
    const links = Object.fromEntries(menuGroups({ userId: 7, role: 'user', workspace: { businesses: 2, ads: 0, olympiad_participant: false } }).flatMap((g) => g.items).map((i) => [i.testId, i.to]));
    expect(links['menu-business-orders']).toBe('/order/business');
    expect(links['menu-my-businesses']).toBe('/user/7#businesses');
    expect(links['menu-my-ads']).toBe('/user/7');
  });

  test('the seller workspace is offered to owners of a business and to authors of published ads, and to no one else', () => {
    expect(ids('user', { businesses: 1, ads: 0, olympiad_participant: false })).toContain('menu-seller-workspace');
    const adAuthor = ids('user', { businesses: 0, ads: 3, olympiad_participant: false });
    expect(adAuthor).toContain('menu-seller-workspace');
    // A private seller promotes ads, but has no store pages to manage.
    for (const id of SELLER_ONLY) expect(adAuthor).not.toContain(id);
    expect(ids('user', { businesses: 0, ads: 0, olympiad_participant: true })).not.toContain('menu-seller-workspace');
    expect(ids('admin', { businesses: 0, ads: 0, olympiad_participant: false })).not.toContain('menu-seller-workspace');
    expect(ids('user', undefined)).not.toContain('menu-seller-workspace');
    const links = Object.fromEntries(menuGroups({ userId: 7, role: 'user', workspace: { businesses: 0, ads: 1, olympiad_participant: false } }).flatMap((g) => g.items).map((i) => [i.testId, i.to]));
    expect(links['menu-seller-workspace']).toBe('/profile/seller');
  });

  test('a participant gets the olympiad account instead of the invitation', () => {
    const items = ids('user', { businesses: 0, ads: 0, olympiad_participant: true });
    expect(items).toContain('menu-olympiad-account');
    expect(items).not.toContain('menu-olympiad-join');
  });

  test('staff get the support console', () => {
    for (const role of ['support', 'moderator', 'admin'] as const) expect(ids(role, { businesses: 0, ads: 0, olympiad_participant: false })).toContain('support-console-link');
    expect(ids('user', { businesses: 0, ads: 0, olympiad_participant: false })).not.toContain('support-console-link');
  });

  test('moderators and admins also get the search synonyms; support and users do not', () => {
    for (const role of ['moderator', 'admin'] as const) expect(ids(role, { businesses: 0, ads: 0, olympiad_participant: false })).toContain('menu-search-synonyms');
    for (const role of ['support', 'user'] as const) expect(ids(role, { businesses: 0, ads: 0, olympiad_participant: false })).not.toContain('menu-search-synonyms');
  });

  test('the moderation queues are reached through the administration, not one menu item each', () => {
    for (const role of ['moderator', 'admin'] as const) {
      const items = ids(role, { businesses: 0, ads: 0, olympiad_participant: false });
      expect(items).toContain('menu-admin');
      expect(items).not.toContain('menu-work-moderation');
      expect(items).not.toContain('menu-banner-moderation');
    }
  });

  test('until the workspace is known, nothing that depends on it is guessed', () => {
    const items = ids('user', undefined);
    for (const id of [...SELLER_ONLY, 'menu-olympiad-account', 'menu-olympiad-join']) expect(items).not.toContain(id);
    expect(items).toContain('menu-create-ad');
  });

  test('a guest is sent to sign in and then to the ad form', () => {
    expect(GUEST_SELL_PATH).toBe('/auth?next=%2Fcreate%2Fad');
  });
});

function renderMenu(signedIn: boolean) {
  const auth = { ...authReducer(undefined, { type: 'init' }), token: signedIn ? 'token' : null, userId: signedIn ? 7 : null };
  const store = configureStore({ reducer: { auth: authReducer }, preloadedState: { auth } });
  return renderScreen(
    <Provider store={store}>
      <UserMenu />
    </Provider>,
    { path: '/home' },
  );
}

describe('the menu on screen', () => {
  beforeEach(() => {
    mockProfile.data = { id: 7, role: 'user', name: 'Anna', email: 'anna@example.com', phone: null };
    mockWorkspace.data = { businesses: 1, ads: 0, olympiad_participant: false };
  });

  test('a guest sees "Sell" (to sign in, then the ad form) and "Sign in", no account menu', () => {
    renderMenu(false);
    expect(screen.getByRole('link', { name: 'Sell' }).getAttribute('href')).toBe('/auth?next=%2Fcreate%2Fad');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  test('the button is named by its visible text, opens the grouped items, and Escape closes it back to the button', () => {
    renderMenu(true);
    const button = screen.getByRole('button', { name: /^Anna/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'Sell' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Seller workspace' }).getAttribute('href')).toBe('/profile/seller');
    expect(screen.getByRole('link', { name: 'Orders to my stores' }).getAttribute('href')).toBe('/order/business');
    expect(screen.getByRole('link', { name: 'Add a product' }).getAttribute('href')).toBe('/create/product');
    expect(screen.getByRole('link', { name: 'Join the olympiad' }).getAttribute('href')).toBe('/olympiad/register');
    expect(screen.queryByRole('link', { name: 'Olympiad account' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('user-menu-panel')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  test('a person without a business sees no seller items', () => {
    mockWorkspace.data = { businesses: 0, ads: 0, olympiad_participant: true };
    renderMenu(true);
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(screen.queryByRole('link', { name: 'Seller workspace' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Orders to my stores' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add a product' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Olympiad account' }).getAttribute('href')).toBe('/olympiad/account');
  });
});
