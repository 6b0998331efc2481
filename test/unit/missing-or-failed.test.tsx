import { screen } from '@testing-library/react';
import { MissingOrFailed } from '../../src/components/missing-or-failed';
import { renderScreen } from './support/render';

test('no thing because of a bad id or a 404 answer: the 404 page with its way home', () => {
  for (const error of [undefined, { status: 404, data: { message: 'Not found.' } }]) {
    const { unmount } = renderScreen(<MissingOrFailed error={error} />, { path: '/products/1' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
    unmount();
  }
});

test('any other failure says why instead of claiming the thing is missing', () => {
  renderScreen(<MissingOrFailed error={{ status: 'FETCH_ERROR', error: 'offline' }} />, { path: '/products/1' });
  expect(screen.getByRole('alert').textContent).toBe('No connection to the server. Check your network and try again.');
  expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
});
