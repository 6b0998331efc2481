import { fireEvent, screen, waitFor } from '@testing-library/react';
import ContestsPage from '../../src/features/olympiad-works/contests/contests-page';
import ContestPage from '../../src/features/olympiad-works/contests/contest-page';
import WorkPage from '../../src/features/olympiad-works/work/work-page';
import { contest, fakeApi, galleryWork, moderationItem, renderWorks, type Call } from './olympiad-works-kit';

const profile = (role: string) => ({ data: { id: 7, name: 'Анна Админова', email: 'admin@example.com', phone: null, role, image: null, created_at: '' } });

/** Contests on the server: staff get the texts in both languages; a new contest is checked as the API would. */
function contestsServer(role: string) {
  const stored = [contest(1, { title: 'Spring drawings' })];
  const calls = fakeApi((call: Call) => {
    if (call.path === '/profile' || call.path === '/user') return { status: 200, body: profile(role) };
    if (call.method === 'GET' && call.path === '/olympiad/contests') return { status: 200, body: { data: stored } };
    if (call.method === 'POST' && call.path === '/olympiad/contests') {
      const body = call.body as { title_en: string; ends_at: string; starts_at: string };
      if (Date.parse(body.ends_at) <= Date.parse(body.starts_at)) return { status: 422, body: { message: 'Invalid', errors: { ends_at: ['The end must be later than the start.'] } } };
      const made = contest(2, { title: body.title_en, ...(body as object) });
      stored.push(made);
      return { status: 201, body: { data: made } };
    }
    const one = call.path.match(/^\/olympiad\/contests\/(\d+)$/);
    if (one && call.method === 'GET') {
      const found = stored.find((c) => c.id === Number(one[1]));
      return found ? { status: 200, body: { data: role === 'admin' ? { ...found, title_ru: 'Весенние рисунки', title_en: found.title, description_ru: 'Правила', description_en: 'Rules' } : found } } : { status: 404, body: { message: 'Not found.' } };
    }
    if (one && call.method === 'PUT') return { status: 200, body: { data: { ...stored[0], ...(call.body as object) } } };
    return undefined;
  });
  return calls;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

test('staff create a contest in both languages; the form keeps everything and says what is wrong on a refusal', async () => {
  const calls = contestsServer('admin');
  renderWorks('/olympiad/contests', <ContestsPage />, '/olympiad/contests');
  fireEvent.click(await screen.findByTestId('contest-new'));
  type('Title in Russian', 'Осенние рисунки');
  type('Title in English', 'Autumn drawings');
  type('Rules and description in Russian', 'Рисунок гуашью.');
  type('Rules and description in English', 'A gouache drawing.');
  type('Works accepted from', '2026-12-01T10:00');
  type('Works accepted until', '2026-11-01T10:00');
  fireEvent.click(screen.getByLabelText('Junior: grades 4–6'));
  fireEvent.click(screen.getByTestId('contest-save'));
  // The shared rule catches the dates before anything is sent.
  expect(await screen.findByText('The end must be later than the start.')).toBeTruthy();
  expect(calls.some((call) => call.method === 'POST')).toBe(false);
  type('Works accepted until', '2027-01-15T18:00');
  fireEvent.click(screen.getByTestId('contest-save'));
  await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
  const sent = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
  expect(sent).toMatchObject({ title_ru: 'Осенние рисунки', title_en: 'Autumn drawings', categories: ['junior'], stage_kinds: [], works_per_participant: 3 });
  expect(new Date(sent.ends_at as string).getTime()).toBe(new Date('2027-01-15T18:00').getTime());
});

test('participants see no contest editor; staff edit a contest from its page', async () => {
  contestsServer('user');
  renderWorks('/olympiad/contests', <ContestsPage />, '/olympiad/contests');
  await screen.findByText('Spring drawings');
  expect(screen.queryByTestId('contest-new')).toBeNull();

  const calls = contestsServer('admin');
  renderWorks('/olympiad/contests/:id', <ContestPage />, '/olympiad/contests/1');
  fireEvent.click(await screen.findByTestId('contest-edit'));
  expect((screen.getByLabelText('Title in Russian') as HTMLInputElement).value).toBe('Весенние рисунки');
  type('Works per participant', '5');
  fireEvent.click(screen.getByTestId('contest-save'));
  await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ works_per_participant: 5, title_en: 'Spring drawings' }));
});

test('staff give a published work its points from its page; a participant sees no such form', async () => {
  const calls = fakeApi((call: Call) => {
    if (call.path === '/profile' || call.path === '/user') return { status: 200, body: profile('moderator') };
    if (call.path === '/olympiad/gallery/5') return { status: 200, body: { data: galleryWork(5, { title: 'Sea' }) } };
    if (call.path === '/olympiad/works/5/score') return { status: 200, body: { data: moderationItem(5, { score: (call.body as { score: number }).score }) } };
    return undefined;
  });
  renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/5');
  await screen.findByTestId('work-score');
  type('Points for the work (a scored contest, 0–1000)', '1001');
  fireEvent.click(screen.getByRole('button', { name: 'Save the points' }));
  expect(await screen.findByText('The value must be at most 1000.')).toBeTruthy();
  type('Points for the work (a scored contest, 0–1000)', '87,5');
  fireEvent.click(screen.getByRole('button', { name: 'Save the points' }));
  expect((await screen.findByTestId('work-score-saved')).textContent).toBe('Points saved: 87.5.');
  expect(calls.find((call) => call.path === '/olympiad/works/5/score')?.body).toEqual({ score: 87.5 });
});
