import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import GalleryPage from '../../src/features/olympiad-works/gallery/gallery-page';
import ContestPage from '../../src/features/olympiad-works/contests/contest-page';
import WorkPage from '../../src/features/olympiad-works/work/work-page';
import { channelEventReceived, channelUnwatched, channelWatched } from '../../src/realtime/extra-channels';
import { contest, fakeApi, galleryWork, renderWorks, settle, where, type Call } from './olympiad-works-kit';

beforeEach(() => {
  sessionStorage.clear();
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
});

/** 30 published works; the fake pages them by an opaque cursor (the offset, base64) as the real one pages by keys. */
function galleryServer(total = 30) {
  const all = Array.from({ length: total }, (_, i) => galleryWork(i + 1));
  return fakeApi((call: Call) => {
    if (call.path === '/olympiad/contests') return { status: 200, body: { data: [contest(1), contest(2, { title: 'Poems' })] } };
    if (call.path === '/olympiad/contests/2') return { status: 200, body: { data: contest(2, { title: 'Poems', description: 'Write a poem.\n\nUp to 20 lines.' }) } };
    if (call.path !== '/olympiad/gallery') return undefined;
    const per = Number(call.query.per_page);
    const from = call.query.cursor ? Number(atob(call.query.cursor)) : 0;
    const list = call.query.contest_id === '2' ? all.slice(0, 3) : all;
    const page = list.slice(from, from + per);
    const next = from + per < list.length ? btoa(String(from + per)) : null;
    return { status: 200, body: { data: page, meta: { next_cursor: next, total: list.length } } };
  });
}

const galleryCalls = (calls: Call[]) => calls.filter((call) => call.path === '/olympiad/gallery').map((call) => call.query);

test('the gallery reads its sort and filters from the URL, writes a change back, and pages by cursor with "show more"', async () => {
  const calls = galleryServer();
  renderWorks('/olympiad/works', <GalleryPage />, '/olympiad/works?sort=likes_desc&category=senior&bogus=1');
  await screen.findAllByTestId('work-card');
  expect(galleryCalls(calls)[0]).toEqual({ per_page: '24', sort: 'likes_desc', category: 'senior' });
  expect((screen.getByLabelText('Sort') as HTMLSelectElement).value).toBe('likes_desc');
  expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('senior');
  expect([...(screen.getByLabelText('Sort') as HTMLSelectElement).options].map((option) => option.textContent)).toEqual([
    'Newest first',
    'Oldest first',
    'Most liked',
    'Least liked',
    'Name A–Z',
    'Name Z–A',
  ]);
  expect(screen.getAllByTestId('work-card')).toHaveLength(24);
  expect(screen.getByTestId('gallery-shown').textContent).toBe('Shown 24 of 30');

  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(30));
  expect(galleryCalls(calls)[1]).toEqual({ per_page: '24', sort: 'likes_desc', category: 'senior', cursor: btoa('24') });
  expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

  fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'title_asc' } });
  await waitFor(() => expect(where.path).toBe('/olympiad/works?sort=title_asc&category=senior&bogus=1'));
  await waitFor(() => expect(galleryCalls(calls).at(-1)).toEqual({ per_page: '24', sort: 'title_asc', category: 'senior' }));
  fireEvent.change(screen.getByLabelText('Contest'), { target: { value: '2' } });
  await waitFor(() => expect(galleryCalls(calls).at(-1)).toEqual({ per_page: '24', sort: 'title_asc', category: 'senior', contest_id: '2' }));
  expect(where.path).toContain('contest=2');
  // Back to the defaults: the plain address.
  fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'newest' } });
  await waitFor(() => expect(where.path).not.toContain('sort='));
});

test('each card reserves its picture box from the API\'s width and height, and names the author, never more', async () => {
  galleryServer(2);
  renderWorks('/olympiad/works', <GalleryPage />, '/olympiad/works');
  const [card] = await screen.findAllByTestId('work-card');
  const img = card.querySelector('img') as HTMLImageElement;
  expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['600', '900']);
  expect(img.getAttribute('srcset')).toBe('/media/g1-400.jpg 400w, /media/g1-800.jpg 800w');
  expect((card.querySelector('.work-image') as HTMLElement).style.aspectRatio).not.toBe('');
  expect(within(card).getByRole('link').getAttribute('href')).toBe('/olympiad/works/1');
  expect(card.textContent).toContain('Author 1');
  expect(within(card).getByTestId('work-card-likes').textContent).toBe('3 likes');
});

test('coming back to the gallery restores the pages that were shown and the scroll', async () => {
  const calls = galleryServer();
  const scrolled: number[] = [];
  window.scrollTo = ((_x: number, y: number) => {
    scrolled.push(y);
  }) as typeof window.scrollTo;
  const first = renderWorks('/olympiad/works', <GalleryPage />, '/olympiad/works');
  await screen.findAllByTestId('work-card');
  fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
  await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(30));
  Object.defineProperty(window, 'scrollY', { value: 1800, configurable: true });
  fireEvent.click(within(screen.getAllByTestId('work-card')[27]).getByRole('link'));
  first.unmount();

  // A fresh store (the cache is gone, as after a reload): the same history entry loads both pages again.
  const before = galleryCalls(calls).length;
  renderWorks('/olympiad/works', <GalleryPage />, '/olympiad/works');
  await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(30));
  expect(galleryCalls(calls).length - before).toBe(2);
  await waitFor(() => expect(scrolled).toContain(1800));
});

test('a contest page shows its rules and dates and a gallery of its own works only', async () => {
  const calls = galleryServer();
  renderWorks('/olympiad/contests/:id', <ContestPage />, '/olympiad/contests/2');
  expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Contest «Poems»');
  expect(screen.getByText('Up to 20 lines.')).toBeTruthy();
  expect(screen.getByTestId('contest-state').textContent).toBe('Accepting works');
  expect(screen.getByText('up to 3 (you have sent 0)')).toBeTruthy();
  await waitFor(() => expect(screen.getAllByTestId('work-card')).toHaveLength(3));
  expect(galleryCalls(calls)[0]).toEqual({ per_page: '24', sort: 'newest', contest_id: '2' });
  expect(screen.queryByLabelText('Contest')).toBeNull();
});

/** One work on the server; a like waits until the test answers it (with the count the server would then have), or is refused. */
function workServer(work = galleryWork(9), refuse = false) {
  const likes: string[] = [];
  let release: ((count: number) => void) | null = null;
  const calls = fakeApi((call) => {
    if (call.path === `/olympiad/gallery/${work.id}`) return { status: 200, body: { data: work } };
    return undefined;
  });
  const plain = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input as unknown as { url: string; method: string };
    if (!request.url.includes('/like')) return plain(input, init);
    likes.push(request.method);
    const count = await new Promise<number>((resolve) => {
      release = resolve;
    });
    const liked = request.method === 'PUT';
    const body = refuse ? { message: 'Too many likes; try again in a minute.' } : { data: { work_id: work.id, liked, likes_count: count } };
    const response = { ok: !refuse, status: refuse ? 429 : 200, headers: new Headers({ 'content-type': 'application/json' }), clone: () => response, text: async () => JSON.stringify(body) };
    return response as unknown as Response;
  }) as typeof fetch;
  return { calls, likes, answer: (count = work.likes_count) => release?.(count) };
}

test('a like shows at once and the server settles it; a refusal puts the count back and says why', async () => {
  const server = workServer(galleryWork(9, { likes_count: 3 }), true);
  renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/9');
  const button = await screen.findByRole('button', { name: /Like/ });
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Work 9');
  expect(screen.getByText('Author: Author 9 · Middle: grades 7–9')).toBeTruthy();
  fireEvent.click(button);
  await waitFor(() => expect(screen.getByTestId('likes-count').textContent).toBe('4 likes'));
  expect(button.getAttribute('aria-pressed')).toBe('true');
  expect(server.likes).toEqual(['PUT']);
  await act(async () => {
    server.answer();
    await settle();
  });
  expect(screen.getByTestId('likes-count').textContent).toBe('3 likes');
  expect(button.getAttribute('aria-pressed')).toBe('false');
  expect(screen.getByRole('alert').textContent).toBe('Too many likes; try again in a minute.');
});

test('the count follows the work\'s public channel live while the page is open', async () => {
  const server = workServer(galleryWork(9, { likes_count: 3 }));
  const { store, actions, unmount } = renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/9');
  await screen.findByTestId('likes-count');
  expect(actions.some((action) => channelWatched.match(action) && action.payload.channel === 'olympiad-work.9')).toBe(true);
  act(() => {
    store.dispatch(channelEventReceived({ channel: 'olympiad-work.9', event: 'WorkLikesChanged', payload: { work_id: 9, likes_count: 7 } }));
  });
  await waitFor(() => expect(screen.getByTestId('likes-count').textContent).toBe('7 likes'));
  // Another work's channel changes nothing here.
  await act(async () => {
    store.dispatch(channelEventReceived({ channel: 'olympiad-work.10', event: 'WorkLikesChanged', payload: { work_id: 10, likes_count: 50 } }));
    await settle();
  });
  expect(screen.getByTestId('likes-count').textContent).toBe('7 likes');
  // Liking then lands on the live count, and the server's answer settles it.
  fireEvent.click(screen.getByRole('button', { name: /Like/ }));
  await waitFor(() => expect(screen.getByTestId('likes-count').textContent).toBe('8 likes'));
  await act(async () => {
    server.answer(8);
    await settle();
  });
  expect(screen.getByTestId('likes-count').textContent).toBe('8 likes');
  expect(screen.getByRole('button', { name: /You like it/ }).getAttribute('aria-pressed')).toBe('true');
  unmount();
  expect(actions.some((action) => channelUnwatched.match(action) && action.payload.channel === 'olympiad-work.9')).toBe(true);
});

test('one\'s own work and a guest get the button disabled with the reason', async () => {
  workServer(galleryWork(9, { mine: true, liked: false }));
  const own = renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/9');
  const button = await screen.findByRole('button', { name: /Like/ });
  expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByTestId('like-reason').textContent).toBe('You cannot like your own work.');
  expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('like-reason').id);
  own.unmount();

  workServer(galleryWork(9, { liked: null }));
  renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/9', { signedIn: false });
  expect(((await screen.findByRole('button', { name: /Like/ })) as HTMLButtonElement).disabled).toBe(true);
  expect(screen.getByRole('link', { name: 'Sign in to like' }).getAttribute('href')).toBe(`/olympiad/login?next=${encodeURIComponent('/olympiad/works/9')}`);
});

test('a PDF work shows its first page and a link to open the PDF', async () => {
  workServer(galleryWork(4, { file_kind: 'pdf', file_bytes: 2.5 * 1024 * 1024 }));
  renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/4');
  const link = await screen.findByRole('link', { name: 'Open the PDF (2.5 MB)' });
  expect(link.getAttribute('href')).toBe('/v1/olympiad/works/4/file');
  expect(screen.getByRole('img').getAttribute('alt')).toBe('First page of the work «Work 4»');
});

test('a work that does not exist is the 404 page', async () => {
  fakeApi(() => undefined);
  renderWorks('/olympiad/works/:id', <WorkPage />, '/olympiad/works/404');
  expect(await screen.findByTestId('not-found')).toBeTruthy();
});
