import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { NotificationPage, NotificationResource } from '../../shared/api/notifications';
import NotificationsPage from '../../src/features/notifications/notifications-page';
import { renderScreen } from './support/render';

// The page is tested against the hooks' contract; the cache updates are tested in notifications-api.test.ts.
const mockPages: Record<number, NotificationPage> = {};
const mockMarkRead = jest.fn();
const mockMarkAll = jest.fn();
jest.mock('../../src/features/notifications/notifications-api', () => ({
  useNotificationsQuery: (page: number) => ({ data: mockPages[page], isLoading: false, error: undefined }),
  useMarkNotificationReadMutation: () => [mockMarkRead, { isLoading: false }],
  useMarkAllNotificationsReadMutation: () => [mockMarkAll, { isLoading: false }],
}));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const item = (id: number, extra: Partial<NotificationResource> = {}): NotificationResource => ({
  id,
  type: 'announcement',
  title: `Notice ${id}`,
  body: `Body ${id}`,
  data: {},
  read_at: null,
  created_at: minutesAgo(id),
  ...extra,
});

function setPages(...pages: NotificationResource[][]) {
  for (const key of Object.keys(mockPages)) delete mockPages[Number(key)];
  const total = pages.flat().length;
  pages.forEach((data, index) => {
    mockPages[index + 1] = { data, meta: { current_page: index + 1, per_page: 2, total, last_page: Math.max(1, pages.length) } };
  });
}

let location = '';
function Where() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

function renderAt(url: string) {
  return renderScreen(
    <MemoryRouter initialEntries={[url]}>
      <Where />
      <Routes>
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  mockMarkRead.mockReset();
  mockMarkAll.mockReset();
});

test('the pages named in the URL are shown, unread ones marked for eyes and screen readers', () => {
  setPages([item(1), item(2, { read_at: minutesAgo(1) })], [item(3)], [item(4)]);
  renderAt('/notifications?page=2');
  expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
  const items = screen.getAllByTestId('notification-item');
  expect(items.map((li) => li.textContent)).toEqual([
    expect.stringContaining('Notice 1'),
    expect.stringContaining('Notice 2'),
    expect.stringContaining('Notice 3'),
  ]);
  expect(items.map((li) => li.classList.contains('is-unread'))).toEqual([true, false, true]);
  expect(screen.getAllByRole('img', { name: 'Unread' })).toHaveLength(2);
  expect(items[0].querySelector('time')?.textContent).toBe('1 minute ago');
});

test('load more puts the next page in the URL, so a reload shows the same list', () => {
  setPages([item(1)], [item(2)], [item(3)]);
  renderAt('/notifications');
  expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
  expect(location).toBe('/notifications?page=2');
  expect(screen.getAllByTestId('notification-item')).toHaveLength(2);
  act(() => fireEvent.click(screen.getByRole('button', { name: 'Load more' })));
  expect(screen.getAllByTestId('notification-item')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
});

test('opening a notification marks it read and follows only a same-site link', () => {
  setPages([item(1, { data: { link: 'https://evil.example/' } }), item(2, { data: { link: '/order/9' } })]);
  renderAt('/notifications');
  const [external, internal] = screen.getAllByTestId('notification-item');
  expect(external.querySelector('a')).toBeNull();
  fireEvent.click(external.querySelector('button')!);
  expect(mockMarkRead).toHaveBeenLastCalledWith(1);
  expect(location).toBe('/notifications');
  fireEvent.click(internal.querySelector('a')!);
  expect(mockMarkRead).toHaveBeenLastCalledWith(2);
  expect(location).toBe('/order/9');
});

test('mark all as read, and the empty state', () => {
  setPages([item(1)]);
  const { unmount } = renderAt('/notifications');
  fireEvent.click(screen.getByTestId('mark-all-read'));
  expect(mockMarkAll).toHaveBeenCalledTimes(1);
  unmount();
  setPages([]);
  renderAt('/notifications');
  expect(screen.getByText('No notifications yet')).toBeTruthy();
  expect(screen.queryByTestId('mark-all-read')).toBeNull();
});
