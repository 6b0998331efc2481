import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SellerBanner } from '../../shared/api/seller-banners';
import CreateBannerPage from '../../src/features/seller-banners/create-banner-page';
import { fakeApi, fileOf, pngFile, settle, worksStore, type Call } from './olympiad-works-kit';
import { renderRoute } from './support/render-route';

const PAGE = '/profile/seller/promotion/create-banner';
const NOT_OWN = 'A banner may lead only to a page of your own: your store, your product, your ad or your profile.';

const banner = (overrides: Partial<SellerBanner> = {}): SellerBanner => ({
  id: 1,
  placement: 'home',
  title: 'Spring sale',
  title_en: null,
  subtitle: '',
  image: null,
  link: '/user/7',
  background: '#2f6fde',
  starts_at: '2026-05-01T00:00:00.000Z',
  ends_at: '2026-05-31T00:00:00.000Z',
  status: 'moderation',
  rejection_reason: null,
  live: false,
  created_at: '2026-04-30T10:00:00.000Z',
  moderated_at: null,
  ...overrides,
});

function server(mine: SellerBanner[], canCreate: boolean, create: (call: Call) => { status: number; body?: unknown } = () => ({ status: 201, body: { data: banner() } })) {
  return fakeApi((call) => {
    if (call.method === 'GET' && call.path === '/ads/my-banners') return { status: 200, body: { data: mine, meta: { can_create: canCreate } } };
    if (call.method === 'GET' && call.path === '/ads/banner-links')
      return {
        status: 200,
        body: {
          data: [
            { kind: 'user', link: '/user/7', label: 'My page' },
            { kind: 'business', link: '/stores/3', label: 'Farm shop' },
          ],
        },
      };
    if (call.method === 'POST' && call.path === '/ads/create-banner') return create(call);
    return undefined;
  });
}

const show = () => renderRoute(worksStore().store, PAGE, <CreateBannerPage />, PAGE, 'en');

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [file] } });
    await settle();
  });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByTestId('banner-submit'));
    await settle();
  });
}

test('the picture is judged by its bytes, the link is picked from the seller’s own pages, and a refusal keeps every value', async () => {
  const calls = server([], true, () => ({ status: 422, body: { message: 'The data is not valid.', errors: { link: [NOT_OWN] } } }));
  show();
  await screen.findByTestId('banner-form');
  await act(settle);

  await choose(fileOf('banner.png', '<!doctype html><script>alert(1)</script>', 2048, 'image/png'));
  expect(await screen.findByText('The picture must be a PNG, JPEG or WebP image.')).toBeTruthy();
  await choose(pngFile('huge.png', 10 * 1024 * 1024 + 1));
  expect(await screen.findByText('The picture is larger than 10 MB.')).toBeTruthy();
  await choose(pngFile('banner.png'));

  const link = screen.getByLabelText('Leads to') as HTMLSelectElement;
  expect([...link.options].map((o) => o.textContent)).toEqual(['Choose one of your pages', 'My page', 'Store: Farm shop']);
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Honey week' } });
  fireEvent.change(link, { target: { value: '/stores/3' } });
  // The preview shows the banner as buyers will see it.
  expect(within(screen.getByTestId('banner-preview')).getByText('Honey week')).toBeTruthy();

  // A last day before the first: said under the field, nothing sent.
  fireEvent.change(screen.getByLabelText('Last day'), { target: { value: '2020-01-01' } });
  await submit();
  expect(await screen.findByText('The end must come after the start.')).toBeTruthy();
  expect(calls.some((c) => c.method === 'POST')).toBe(false);

  const firstDay = (screen.getByLabelText('First day') as HTMLInputElement).value;
  const [y, m, d] = firstDay.split('-').map(Number);
  const last = new Date(y, m - 1, d + 10);
  fireEvent.change(screen.getByLabelText('Last day'), { target: { value: `${last.getFullYear()}-${String(last.getMonth() + 1).padStart(2, '0')}-${String(last.getDate()).padStart(2, '0')}` } });
  await submit();
  expect(calls.filter((c) => c.method === 'POST' && c.path === '/ads/create-banner')).toHaveLength(1);
  // The server's word lands under the link; what the seller typed and chose stays.
  expect(await screen.findByText(NOT_OWN)).toBeTruthy();
  expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Honey week');
  expect(link.value).toBe('/stores/3');
  expect(screen.queryByTestId('banner-sent')).toBeNull();
});

test('my banners show their state and the moderator’s reason; a seller without a promotion is told to buy one', async () => {
  server([banner({ id: 2, title: 'Blurry', status: 'rejected', rejection_reason: 'The picture is blurry' }), banner({ id: 3, title: 'Live one', status: 'approved', live: true })], false);
  show();
  const items = await screen.findAllByTestId('my-banner');
  expect(items.map((item) => within(item).getByTestId('banner-status').textContent)).toEqual(['Rejected', 'Showing now']);
  expect(within(items[0]).getByTestId('banner-reason').textContent).toBe('Reason for rejection: The picture is blurry');
  expect((await screen.findByTestId('banner-not-paying')).textContent).toContain('Buy a promotion plan first.');
});
