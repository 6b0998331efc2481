import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import MyWorksPage from '../../src/features/olympiad-works/my-works/my-works-page';
import type { MyWork } from '../../shared/api/olympiad-works';
import { contest, fakeApi, fakeUploads, fileOf, myWork, pdfFile, pngFile, renderWorks, settle, where, type Call } from './olympiad-works-kit';

const PAGE = '/olympiad/account/works';

/** The server's side: the contests and my works as they stand now. */
function server(works: MyWork[], extra: (call: Call) => { status: number; body?: unknown } | undefined = () => undefined) {
  return fakeApi((call) => {
    const special = extra(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/olympiad/contests') return { status: 200, body: { data: [contest(1), contest(2, { state: 'closed', may_enter: false })] } };
    if (call.method === 'GET' && call.path === '/olympiad/works/mine') return { status: 200, body: { data: works } };
    return undefined;
  });
}

const show = () => renderWorks(PAGE, <MyWorksPage />, PAGE);

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('File of the work'), { target: { files: [file] } });
    await settle();
  });
}

function fill(title: string, description: string) {
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: description } });
}

test('a file is judged by its bytes before anything is sent: a renamed page, an image over 10 MB and a PDF over 5 MB are refused with the SPEC words', async () => {
  server([]);
  const uploads = fakeUploads();
  show();
  await screen.findByTestId('work-form');
  // Only the open contest can be chosen, and it is chosen already as the only one.
  const contestSelect = screen.getByLabelText('Contest') as HTMLSelectElement;
  expect([...contestSelect.options].map((option) => option.textContent)).toEqual(['Choose a contest', 'Contest 1']);
  expect(contestSelect.value).toBe('1');
  fill('Sea', 'Waves at dawn');

  await choose(fileOf('drawing.png', '<!doctype html><html><script>alert(1)</script>', 4096, 'image/png'));
  expect(await screen.findByText('The file has an invalid format.')).toBeTruthy();

  await choose(pngFile('huge.png', 10 * 1024 * 1024 + 1));
  expect(await screen.findByText('The file size exceeded 10 MB.')).toBeTruthy();

  await choose(pdfFile('long.pdf', 5 * 1024 * 1024 + 1));
  expect(await screen.findByText('The file size exceeded 5 MB.')).toBeTruthy();

  // A PDF of 5 MB exactly is fine; an image of 10 MB exactly too.
  await choose(pdfFile('ok.pdf', 5 * 1024 * 1024));
  await waitFor(() => expect(screen.queryByText(/file size exceeded/)).toBeNull());
  expect(screen.getByTestId('work-file-chosen').textContent).toBe('Chosen: ok.pdf (5 MB)');

  await choose(fileOf('empty.png', [], 0));
  fireEvent.click(screen.getByTestId('work-submit'));
  expect(await screen.findByText('The file has an invalid format.')).toBeTruthy();
  expect(uploads).toHaveLength(0);
});

test('title and description are both required; nothing is sent without them', async () => {
  server([]);
  const uploads = fakeUploads();
  show();
  await screen.findByTestId('work-form');
  await choose(pngFile());
  fill('   ', '');
  fireEvent.click(screen.getByTestId('work-submit'));
  await waitFor(() => expect(screen.getAllByText('There are blank fields.')).toHaveLength(2));
  expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  expect(uploads).toHaveLength(0);
});

test('the upload shows its progress; a dropped connection keeps the form and "try again" sends the same upload key; the work then shows on moderation', async () => {
  const works: MyWork[] = [];
  const calls = server(works);
  const uploads = fakeUploads();
  show();
  await screen.findByTestId('work-form');
  expect(screen.getByTestId('no-works')).toBeTruthy();
  fill('Sea at dawn', 'Gouache, A3');
  const file = pngFile('sea.png', 4096);
  await choose(file);
  fireEvent.click(screen.getByTestId('work-submit'));

  await waitFor(() => expect(uploads).toHaveLength(1));
  const first = uploads[0];
  expect(first.method).toBe('POST');
  expect(first.url).toBe('/v1/olympiad/works');
  expect(first.headers.authorization).toBe('Bearer t');
  expect(first.fields).toMatchObject({ contest_id: '1', title: 'Sea at dawn', description: 'Gouache, A3' });
  expect(first.fields.upload_key).toMatch(/^[0-9a-f-]{36}$/);
  expect([first.file?.name, first.file?.size]).toEqual(['sea.png', 4096]);
  act(() => first.progress(1024, 4096));
  expect(screen.getByText('Sending the work: 25%')).toBeTruthy();
  expect((screen.getByTestId('work-upload-progress') as HTMLProgressElement).value).toBe(0.25);

  await act(async () => {
    first.fail();
    await settle();
  });
  expect(screen.getByTestId('work-upload-failed').textContent).toMatch(/^File upload error/);
  // Everything typed and chosen is still there.
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Sea at dawn');
  expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Gouache, A3');
  expect(screen.getByTestId('work-file-chosen').textContent).toMatch(/sea\.png/);

  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(uploads).toHaveLength(2));
  const second = uploads[1];
  expect(second.fields.upload_key).toBe(first.fields.upload_key);
  expect([second.file?.name, second.file?.size]).toEqual(['sea.png', file.size]);

  const stored = myWork(31, { title: 'Sea at dawn', description: 'Gouache, A3' });
  works.push(stored);
  await act(async () => {
    second.progress(4096, 4096);
    second.respond(201, { data: stored });
    await settle();
  });
  expect(screen.getByTestId('work-sent').textContent).toBe('The work «Sea at dawn» is sent for moderation: it takes up to 24 hours.');
  const item = await screen.findByTestId('my-work');
  expect(within(item).getByRole('heading').textContent).toBe('Sea at dawn');
  expect(within(item).getByTestId('work-status').textContent).toBe('On moderation');
  // The form is empty again, and a next work gets a key of its own.
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  expect(screen.queryByTestId('work-upload-progress')).toBeNull();
  expect(calls.filter((call) => call.path === '/olympiad/works/mine').length).toBeGreaterThanOrEqual(1);
});

test('a refusal of the server lands under its field and keeps the form', async () => {
  server([]);
  const uploads = fakeUploads();
  show();
  await screen.findByTestId('work-form');
  fill('Sea', 'Waves');
  await choose(pngFile());
  fireEvent.click(screen.getByTestId('work-submit'));
  await waitFor(() => expect(uploads).toHaveLength(1));
  await act(async () => {
    uploads[0].respond(422, { message: 'The given data was invalid.', errors: { file: ['The file has an invalid format.'], title: ['Swear words are prohibited.'] } });
    await settle();
  });
  expect(screen.getByText('Swear words are prohibited.')).toBeTruthy();
  expect(screen.getByText('The file has an invalid format.')).toBeTruthy();
  expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Waves');
  // A contest that closed meanwhile: the message of the server, the form kept.
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Sea 2' } });
  await choose(pngFile('other.png'));
  fireEvent.click(screen.getByTestId('work-submit'));
  await waitFor(() => expect(uploads).toHaveLength(2));
  await act(async () => {
    uploads[1].respond(409, { message: 'The contest does not accept works any more.' });
    await settle();
  });
  expect(screen.getByRole('alert').textContent).toBe('The contest does not accept works any more.');
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Sea 2');
});

test('a rejected work shows the reason, is fixed in the same form (prefilled) and sent again without a new file', async () => {
  const rejected = myWork(5, { title: 'Old sea', description: 'Pencil', status: 'rejected', rejection_reason: 'The file is hard to see: too small, blurred or dark.' });
  const works = [rejected, myWork(6, { status: 'approved', likes_count: 4, title: 'Mountains' })];
  server(works);
  const uploads = fakeUploads();
  show();
  const items = await screen.findAllByTestId('my-work');
  expect(within(items[0]).getByTestId('work-status').textContent).toBe('Not published');
  expect(within(items[0]).getByTestId('work-reason').textContent).toBe('Unfortunately, the work was not published. Reason: The file is hard to see: too small, blurred or dark.');
  expect(within(items[1]).getByTestId('work-status').textContent).toBe('Published');
  expect(within(items[1]).getByRole('link', { name: 'Mountains' }).getAttribute('href')).toBe('/olympiad/works/6');
  expect(within(items[1]).queryByTestId('work-edit')).toBeNull();

  fireEvent.click(within(items[0]).getByRole('button', { name: 'Fix and send again' }));
  // The form opens at the top of the page: the focus goes to it.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Fix the work «Old sea»' }));
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Old sea');
  expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Pencil');
  expect(screen.getByTestId('work-form-contest').textContent).toBe('Contest: Contest 1');
  fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Pencil, scanned again at 300 dpi' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send again' }));

  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0].url).toBe('/v1/olympiad/works/5');
  expect(uploads[0].fields).toEqual({ title: 'Old sea', description: 'Pencil, scanned again at 300 dpi' });
  expect(uploads[0].file).toBeNull();
  const resent = { ...rejected, description: 'Pencil, scanned again at 300 dpi', status: 'moderation' as const, rejection_reason: null };
  works[0] = resent;
  await act(async () => {
    uploads[0].respond(200, { data: resent });
    await settle();
  });
  expect(screen.queryByRole('heading', { name: 'Fix the work «Old sea»' })).toBeNull();
  const after = await screen.findAllByTestId('my-work');
  expect(within(after[0]).getByTestId('work-status').textContent).toBe('On moderation');
  expect(within(after[0]).queryByTestId('work-reason')).toBeNull();
});

test('deleting asks first; "keep it" keeps the work, "delete" removes it', async () => {
  const works = [myWork(8, { title: 'Boat' })];
  const calls = server(works, (call) => {
    if (call.method === 'DELETE' && call.path === '/olympiad/works/8') {
      works.splice(0, 1);
      return { status: 204 };
    }
    return undefined;
  });
  fakeUploads();
  show();
  const item = await screen.findByTestId('my-work');
  fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
  const dialog = screen.getByRole('alertdialog');
  expect(within(dialog).getByRole('heading').textContent).toBe('Delete the work «Boat»?');
  expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

  fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
  await screen.findByTestId('no-works');
  expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/olympiad/works/8']);
});

test('with no contest open, the page says so instead of a form', async () => {
  fakeApi((call) => {
    if (call.path === '/olympiad/contests') return { status: 200, body: { data: [contest(2, { state: 'closed', may_enter: false })] } };
    if (call.path === '/olympiad/works/mine') return { status: 200, body: { data: [] } };
    return undefined;
  });
  show();
  expect((await screen.findByTestId('no-open-contests')).textContent).toMatch(/^No creative contest accepts works right now/);
  expect(screen.queryByTestId('work-form')).toBeNull();
});

test('a guest is sent to the olympiad sign-in and back', async () => {
  fakeApi(() => undefined);
  renderWorks(PAGE, <MyWorksPage />, PAGE, { signedIn: false });
  await screen.findByText('elsewhere');
  expect(where.path).toBe(`/olympiad/login?next=${encodeURIComponent(PAGE)}`);
});
