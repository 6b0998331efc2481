import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ModerationItem } from '../../shared/api/olympiad-works';
import ModerationPage from '../../src/features/olympiad-works/moderation/moderation-page';
import { fakeApi, moderationItem, renderWorks, type Call } from './olympiad-works-kit';

const PAGE = '/olympiad/staff/works';
const profile = (role: string) => ({ data: { id: 7, name: 'Мария Модерова', email: 'moderator@example.com', phone: null, role, image: null, created_at: '' } });

/** The queue on the server: overdue first, then oldest, as the API orders it; claims and decisions change it. */
function moderationServer(role = 'moderator', queue: ModerationItem[] = [], refuseClaim: false | { message?: string } = false) {
  return fakeApi((call: Call) => {
    if (call.path === '/profile' || call.path === '/user') return { status: 200, body: profile(role) };
    if (call.method === 'GET' && call.path === '/olympiad/moderation/works') {
      return { status: 200, body: { data: queue, meta: { current_page: 1, per_page: 20, total: queue.length, last_page: 1 } } };
    }
    const claim = call.path.match(/^\/olympiad\/moderation\/works\/(\d+)\/claim$/);
    if (claim) {
      if (refuseClaim) return { status: 409, body: refuseClaim.message ? { message: refuseClaim.message } : {} };
      const item = queue.find((work) => work.id === Number(claim[1]))!;
      Object.assign(item, { claimed_by: { id: 7, name: 'Мария Модерова' }, claimed_by_me: true });
      return { status: 200, body: { data: item } };
    }
    const decision = call.path.match(/^\/olympiad\/moderation\/works\/(\d+)\/decision$/);
    if (decision) {
      const at = queue.findIndex((work) => work.id === Number(decision[1]));
      const [item] = queue.splice(at, 1);
      const body = call.body as { decision: 'approved' | 'rejected' };
      return { status: 200, body: { data: { ...item, status: body.decision } } };
    }
    const release = call.path.match(/^\/olympiad\/moderation\/works\/(\d+)\/release$/);
    if (release) {
      Object.assign(queue.find((work) => work.id === Number(release[1]))!, { claimed_by: null, claimed_by_me: false });
      return { status: 204 };
    }
    return undefined;
  });
}

test('the queue shows each work\'s age with the overdue and nearly due ones marked, in the order the server gives', async () => {
  moderationServer('moderator', [
    moderationItem(1, { title: 'Late one', age_hours: 26.2, due: 'overdue' }),
    moderationItem(2, { title: 'Close one', age_hours: 21.5, due: 'soon', claimed_by: { id: 8, name: 'Олег' } }),
    moderationItem(3, { title: 'Fresh one', age_hours: 0.3, due: 'ok' }),
  ]);
  renderWorks(PAGE, <ModerationPage />, PAGE);
  const rows = await screen.findAllByTestId('queue-row');
  expect(rows.map((row) => row.getAttribute('data-due'))).toEqual(['overdue', 'soon', 'ok']);
  expect(within(rows[0]).getByTestId('queue-age').textContent).toBe('waiting 26 hours');
  expect(within(rows[0]).getByTestId('queue-due').textContent).toBe('Overdue');
  expect(within(rows[1]).getByTestId('queue-due').textContent).toBe('24 hours soon');
  expect(rows[1].textContent).toContain('Олег is deciding');
  expect(within(rows[2]).getByTestId('queue-age').textContent).toBe('waiting under an hour');
  expect(within(rows[2]).queryByTestId('queue-due')).toBeNull();
  expect(screen.getByText('3 works are waiting; each must be decided within 24 hours.')).toBeTruthy();
});

test('a moderator opens a work as a visitor sees it, claims it and publishes it; the queue is read again', async () => {
  const queue = [moderationItem(1, { title: 'Sea', description: 'Gouache' }), moderationItem(2, { title: 'Hills' })];
  const calls = moderationServer('moderator', queue);
  renderWorks(PAGE, <ModerationPage />, PAGE);
  await screen.findAllByTestId('queue-row');
  fireEvent.click(screen.getByRole('button', { name: 'Open: Sea' }));
  const panel = screen.getByTestId('moderation-item');
  expect(within(panel).getByTestId('work-title').textContent).toBe('Sea');
  expect(within(panel).getByText('Gouache')).toBeTruthy();
  expect(within(panel).getByText(/Author: Author 1/)).toBeTruthy();
  expect(within(panel).queryByTestId('moderation-approve')).toBeNull();

  fireEvent.click(within(panel).getByRole('button', { name: 'Take for decision' }));
  fireEvent.click(await within(panel).findByRole('button', { name: 'Publish' }));
  expect((await screen.findByTestId('moderation-done')).textContent).toBe('«Sea» is published.');
  expect(calls.find((call) => call.path === '/olympiad/moderation/works/1/decision')?.body).toEqual({ decision: 'approved' });
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  expect(screen.getByTestId('queue-row').textContent).toContain('Hills');
});

test('rejecting needs a reason from the list, or a written one for "another reason"', async () => {
  const calls = moderationServer('admin', [moderationItem(4, { title: 'Copy' }), moderationItem(5, { title: 'Blank' })]);
  renderWorks(PAGE, <ModerationPage />, PAGE);
  await screen.findAllByTestId('queue-row');
  fireEvent.click(screen.getByRole('button', { name: 'Open: Copy' }));
  fireEvent.click(screen.getByRole('button', { name: 'Take for decision' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  const form = screen.getByTestId('reject-form');
  expect(within(form).getAllByRole('radio').map((radio) => radio.parentElement?.textContent?.trim())).toEqual([
    'The work does not seem to be your own.',
    'The work does not match the contest\'s topic.',
    'The work contains content that is not allowed.',
    'The file is hard to see: too small, blurred or dark.',
    'The file is not the work itself (a wrong or empty file).',
    'Another reason',
  ]);
  fireEvent.click(within(form).getByRole('button', { name: 'Reject' }));
  expect(within(form).getByRole('alert').textContent).toBe('Choose why the work is rejected.');
  fireEvent.click(within(form).getByLabelText('Another reason'));
  fireEvent.click(within(form).getByRole('button', { name: 'Reject' }));
  expect(within(form).getByRole('alert').textContent).toBe('Write the reason for rejecting the work.');
  expect(calls.some((call) => call.path.endsWith('/decision'))).toBe(false);
  fireEvent.change(within(form).getByLabelText('The reason, in your words'), { target: { value: 'The same drawing is on a stock site.' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Reject' }));
  expect((await screen.findByTestId('moderation-done')).textContent).toBe('«Copy» is rejected; the participant will see the reason.');
  expect(calls.find((call) => call.path === '/olympiad/moderation/works/4/decision')?.body).toEqual({ decision: 'rejected', reason_code: 'other', reason: 'The same drawing is on a stock site.' });

  fireEvent.click(await screen.findByRole('button', { name: 'Open: Blank' }));
  fireEvent.click(screen.getByRole('button', { name: 'Take for decision' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  fireEvent.click(screen.getByLabelText('The file is not the work itself (a wrong or empty file).'));
  fireEvent.click(within(screen.getByTestId('reject-form')).getByRole('button', { name: 'Reject' }));
  await screen.findByTestId('queue-empty');
  expect(calls.find((call) => call.path === '/olympiad/moderation/works/5/decision')?.body).toEqual({ decision: 'rejected', reason_code: 'wrong_file' });
});

test('a work another moderator holds: the claim is refused and said plainly; "leave to others" gives a claimed work back', async () => {
  for (const [refusal, said] of [
    [{ message: 'Another moderator (Олег) is deciding this work; it will be free in at most 15 min.' }, 'Another moderator (Олег) is deciding this work; it will be free in at most 15 min.'],
    [{}, 'Another moderator is deciding this work.'],
  ] as const) {
    moderationServer('moderator', [moderationItem(6, { title: 'Held' })], refusal);
    const view = renderWorks(PAGE, <ModerationPage />, PAGE);
    await screen.findAllByTestId('queue-row');
    fireEvent.click(screen.getByRole('button', { name: 'Open: Held' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take for decision' }));
    expect((await screen.findByTestId('moderation-conflict')).textContent).toBe(said);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    view.unmount();
  }

  const queue = [moderationItem(7, { title: 'Mine', claimed_by: { id: 7, name: 'Мария Модерова' }, claimed_by_me: true })];
  const calls = moderationServer('moderator', queue);
  renderWorks(PAGE, <ModerationPage />, PAGE);
  expect((await screen.findByTestId('queue-row')).textContent).toContain('You are deciding');
  fireEvent.click(screen.getByRole('button', { name: 'Open: Mine' }));
  fireEvent.click(screen.getByRole('button', { name: 'Leave to others' }));
  await waitFor(() => expect(calls.some((call) => call.path === '/olympiad/moderation/works/7/release')).toBe(true));
  await waitFor(() => expect(screen.getByTestId('queue-row').textContent).not.toContain('You are deciding'));
});

test('anyone but a moderator or an admin is sent away', async () => {
  moderationServer('user', []);
  renderWorks(PAGE, <ModerationPage />, PAGE);
  await screen.findByText('elsewhere');
});
