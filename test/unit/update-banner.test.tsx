import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router';
import { appInstalled, appUpdateReducer, updateReady } from '../../src/features/app-update/app-update-slice';
import { UpdateBanner } from '../../src/features/app-update/update-banner';
import { renderRoute } from './support/render-route';

const storeWith = (...actions: Array<ReturnType<typeof appInstalled> | ReturnType<typeof updateReady>>) => {
  const store = configureStore({ reducer: { appUpdate: appUpdateReducer } });
  actions.forEach((action) => store.dispatch(action));
  return store;
};

const screenAt = () => (
  <>
    <UpdateBanner />
    <Link to="/home">Home</Link>
  </>
);

test('the install news shows on an ordinary screen', () => {
  renderRoute(storeWith(appInstalled()), '*', screenAt(), '/products/7', 'en');
  expect(screen.getByTestId('installed-notice').textContent).toContain('Bazaar is installed');
});

test.each(['/chats', '/chats/5', '/support', '/admin/support', '/olympiad/attempts/3', '/olympiad/attempts/3/essay'])(
  'on %s, where the work is at the bottom, the install news waits for the next screen',
  async (path) => {
    renderRoute(storeWith(appInstalled()), '*', screenAt(), path, 'en');
    expect(screen.queryByTestId('installed-notice')).toBeNull();
    await act(async () => fireEvent.click(screen.getByText('Home')));
    expect(screen.getByTestId('installed-notice')).toBeTruthy();
  },
);

test('a ready update is offered on every screen, a test included: reloading is the person\'s choice', () => {
  renderRoute(storeWith(updateReady()), '*', screenAt(), '/olympiad/attempts/3', 'en');
  expect(screen.getByTestId('update-banner')).toBeTruthy();
});
