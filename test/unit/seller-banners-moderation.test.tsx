import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModerationBanner } from '../../shared/api/seller-banners';
import BannerModerationPage from '../../src/features/seller-banners/moderation/banner-moderation-page';
import { fakeApi, renderWorks, settle, where, type Call } from './olympiad-works-kit';

const PAGE = '/admin/banners';
const profile = (role: string) => ({ data: { id: 7, name: 'Maria Moderova', email: 'moderator@example.com', phone: null, role, image: null, created_at: '' } });

const waiting = (id: number, title: string): ModerationBanner => ({
  id,
  placement: 'home',
  title,
  title_en: null,
  subtitle: 'Fresh from the apiary',
  image: null,
  link: '/stores/3',
  background: '#2f6fde',
  starts_at: '2026-05-01T00:00:00.000Z',
  ends_at: '2026-05-31T00:00:00.000Z',
  status: 'moderation',
  rejection_reason: null,
  live: false,
  created_at: '2026-04-30T10:00:00.000Z',
  moderated_at: null,
  owner: { id: 12, name: 'Oleg Prodavtsov' },
  claimed_by: null,
  claimed_by_me: false,
});

function server(role: string, queue: ModerationBanner[], claimedByOther = false) {
  return fakeApi((call: Call) => {
    if (call.path === '/profile') return { status: 200, body: profile(role) };
    if (call.method === 'GET' && call.path === '/moderation/banners') return { status: 200, body: { data: queue, meta: { current_page: 1, per_page: 20, total: queue.length, last_page: 1 } } };
    const action = call.path.match(/^\/moderation\/banners\/(\d+)\/(claim|approve|reject)$/);
    if (!action) return undefined;
    const item = queue.find((b) => b.id === Number(action[1]))!;
    if (action[2] === 'claim') {
      if (claimedByOther) return { status: 409, body: { message: 'Ivan is deciding this banner now.' } };
      return { status: 200, body: { data: { ...item, claimed_by: { id: 7, name: 'Maria Moderova' }, claimed_by_me: true } } };
    }
    const reason = (call.body as { reason?: string } | undefined)?.reason ?? null;
    return { status: 200, body: { data: { ...item, status: action[2] === 'approve' ? 'approved' : 'rejected', rejection_reason: reason } } };
  });
}

async function open(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Open: ${title}` }));
  return screen.getByTestId('banner-review');
}

test('a moderator sees the banner as buyers would, claims it and rejects it with a reason, which is required', async () => {
  const calls = server('moderator', [waiting(1, 'Honey week'), waiting(2, 'Spring sale')]);
  renderWorks(PAGE, <BannerModerationPage />, PAGE);
  expect((await screen.findAllByTestId('banner-queue-row')).map((row) => row.textContent)).toEqual([expect.stringContaining('Honey week'), expect.stringContaining('Spring sale')]);
  const review = await open('Honey week');
  expect(within(within(review).getByTestId('banner-preview')).getByText('Honey week')).toBeTruthy();
  expect(within(review).getByTestId('banner-review-link').getAttribute('href')).toBe('/stores/3');
  fireEvent.click(within(review).getByTestId('banner-claim'));
  fireEvent.click(await within(review).findByTestId('banner-reject'));
  fireEvent.click(within(review).getByTestId('banner-confirm-reject'));
  expect(await within(review).findByText('Write the reason for rejecting: the seller will see it.')).toBeTruthy();
  expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
  fireEvent.change(within(review).getByLabelText('Reason for rejecting (the seller will see it)'), { target: { value: 'The picture is blurry' } });
  await act(async () => {
    fireEvent.click(within(review).getByTestId('banner-confirm-reject'));
    await settle();
  });
  expect(calls.find((c) => c.path === '/moderation/banners/1/reject')?.body).toEqual({ reason: 'The picture is blurry' });
  expect((await screen.findByTestId('banner-decided')).textContent).toBe('The banner “Honey week” is rejected.');
});

test('a banner another moderator holds: the server’s words are shown and no decision is offered', async () => {
  server('admin', [waiting(3, 'Taken')], true);
  renderWorks(PAGE, <BannerModerationPage />, PAGE);
  const review = await open('Taken');
  fireEvent.click(within(review).getByTestId('banner-claim'));
  expect((await within(review).findByTestId('banner-conflict')).textContent).toBe('Ivan is deciding this banner now.');
  expect(within(review).queryByTestId('banner-approve')).toBeNull();
});

test('people without a moderator’s role are sent home', async () => {
  server('support', []);
  renderWorks(PAGE, <BannerModerationPage />, PAGE);
  await waitFor(() => expect(where.path).toBe('/home'));
});
