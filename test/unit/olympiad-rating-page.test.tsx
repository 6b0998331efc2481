import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MyRatingResponse, RatingQuery, RatingResponse, RatingRow } from '../../shared/api/olympiad-rating';
import AccountRankingPage from '../../src/features/olympiad/account/account-ranking-page';
import RatingPage from '../../src/features/olympiad-rating/rating-page';
import { renderScreen } from './support/render';

// The olympiad's navigation and the account's frame have tests of their own; here only the rating's content counts.
jest.mock('../../src/olympiad/olympiad-nav', () => ({ OlympiadNav: () => null }));
jest.mock('../../src/features/olympiad/account/account-layout', () => ({
  AccountLayout: ({ children }: { children: () => ReactNode }) => children(),
}));

const mockRating: { response: RatingResponse | undefined; asked: Array<Partial<RatingQuery>>; options: unknown[] } = { response: undefined, asked: [], options: [] };
const mockMine: { response: MyRatingResponse | undefined } = { response: undefined };
jest.mock('../../src/olympiad/rating-api', () => ({
  FRESH: { refetchOnMountOrArgChange: true, refetchOnFocus: true },
  useOlympiadRatingQuery: (args: Partial<RatingQuery>, options: unknown) => {
    mockRating.asked.push(args);
    mockRating.options.push(options);
    return { data: mockRating.response, isLoading: false, isFetching: false };
  },
  useMyOlympiadRatingQuery: () => ({ data: mockMine.response, isLoading: false }),
}));

const TIE_RULE = 'Places go by total points, then by speed points, then by less time spent, then by the earlier finish.';

const row = (id: number, name: string, place: number, total: number, category: RatingRow['participant']['category'] = 'middle'): RatingRow => ({
  place,
  participant: { id, public_name: name, category },
  total_points: total,
  test_points: total - 1.5,
  speed_points: 1.5,
  essay_points: 0,
  final_points: 0,
  creative_points: 0,
  time_spent_seconds: 125,
  finished_at: '2026-10-01T10:00:00Z',
});

const page = (rows: RatingRow[], me: RatingRow | null, current = 1, total = rows.length): RatingResponse => ({
  data: rows,
  meta: { current_page: current, per_page: 50, total, last_page: Math.max(1, Math.ceil(total / 50)) },
  me,
  tie_rule: TIE_RULE,
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const at = (path: string, lang: 'en' | 'ru' = 'en') =>
  renderScreen(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <RatingPage />
              <Location />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
    { lang },
  );

beforeEach(() => {
  mockRating.asked = [];
  mockRating.options = [];
  mockRating.response = page([row(1, 'ann', 1, 12.5), row(2, 'bob', 2, 10), row(3, 'cat', 2, 10)], null);
});

describe('the public rating page', () => {
  test('reads category, stage and page from the URL and always asks the server again (open and focus)', () => {
    at('/olympiad/rating?category=senior&stage=first&page=2');
    expect(mockRating.asked.at(-1)).toEqual({ category: 'senior', stage: 'first', page: 2, per_page: 50 });
    expect(mockRating.options.at(-1)).toEqual({ refetchOnMountOrArgChange: true, refetchOnFocus: true });
    expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe('senior');
    expect((screen.getByLabelText('Stage') as HTMLSelectElement).value).toBe('first');
  });

  test('nonsense in the URL reads as all categories, all stages, page 1', () => {
    at('/olympiad/rating?category=adults&stage=5&page=-3');
    expect(mockRating.asked.at(-1)).toEqual({ category: undefined, stage: undefined, page: 1, per_page: 50 });
  });

  test('choosing a filter puts it in the URL and starts from the first page; "all" takes it out', () => {
    at('/olympiad/rating?stage=training&page=3');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'junior' } });
    expect(screen.getByTestId('location')?.textContent).toContain('/olympiad/rating?stage=training&category=junior');
    expect(mockRating.asked.at(-1)).toEqual({ category: 'junior', stage: 'training', page: 1, per_page: 50 });
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: '' } });
    expect(screen.getByTestId('location')?.textContent).toMatch(/^\/olympiad\/rating\?category=junior$/);
  });

  test('a table with header cells: places (shared ones too), public names, points, and the tie rule under it', () => {
    at('/olympiad/rating');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Place',
      'Participant',
      'Category',
      'Total',
      'Tests',
      'Speed',
      'Essays',
      'Final',
      'Creative works',
      'Time',
    ]);
    expect(within(table).getAllByRole('rowheader').map((th) => th.textContent)).toEqual(['ann', 'bob', 'cat']);
    const bob = within(table).getByRole('row', { name: /bob/ });
    expect(within(bob).getAllByRole('cell').map((td) => td.textContent)).toEqual(['2', 'Middle', '10', '8.5', '1.5', '0', '0', '0', '2 min 5 s']);
    expect(screen.getByTestId('rating-tie-rule')?.textContent).toContain(TIE_RULE);
  });

  test('my own row is marked where it is', () => {
    mockRating.response = page([row(1, 'ann', 1, 12.5), row(2, 'bob', 2, 10)], row(2, 'bob', 2, 10));
    at('/olympiad/rating');
    const mine = screen.getByTestId('rating-my-row');
    expect(mine.getAttribute('aria-current')).toBe('true');
    expect(mine?.textContent).toContain('bob (you)');
    expect(screen.queryByTestId('rating-pinned')).toBeNull();
  });

  test('when my row is on another page it is pinned under this one, saying so', () => {
    mockRating.response = page([row(1, 'ann', 1, 12.5), row(2, 'bob', 2, 10)], row(77, 'me', 120, 1), 1, 300);
    at('/olympiad/rating?category=middle');
    const pinned = screen.getByTestId('rating-pinned');
    expect(within(pinned).getByRole('rowheader', { name: 'Your place (on another page)' })).toBeTruthy();
    expect(within(pinned).getByTestId('rating-my-row')?.textContent).toMatch(/^120me \(you\)/);
    // Paging keeps the filters: the next page's link.
    expect(screen.getByRole('link', { name: /Next/ }).getAttribute('href')).toBe('/olympiad/rating?category=middle&page=2');
  });

  test('no results yet: a clear empty state, in Russian too', () => {
    mockRating.response = page([], null);
    at('/olympiad/rating', 'ru');
    expect(screen.getByTestId('rating-empty')?.textContent).toContain('Здесь пока нет результатов');
    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain('Рейтинг олимпиады');
  });
});

describe('the account\'s place in ranking', () => {
  test('shows my place overall and in my category', () => {
    mockMine.response = { data: { ...row(5, 'me', 14, 23.75, 'junior'), category_place: 3 }, tie_rule: TIE_RULE };
    renderScreen(<AccountRankingPage />, { path: '/olympiad/account/ranking' });
    expect(screen.getByText('Place overall').nextSibling?.textContent).toContain('14');
    expect(screen.getByText('Place in your category (Junior)').nextSibling?.textContent).toContain('3');
    expect(screen.getByTestId('ranking-points')?.textContent).toContain('23.75');
    expect(screen.getByRole('link', { name: 'Open the rating' }).getAttribute('href')).toBe('/olympiad/rating?category=junior');
  });

  test('says clearly when there is no result yet', () => {
    mockMine.response = { data: null, tie_rule: TIE_RULE };
    renderScreen(<AccountRankingPage />, { path: '/olympiad/account/ranking' });
    expect(screen.getByText(/You do not have a place in the rating yet/)).toBeTruthy();
    expect(screen.getByText(TIE_RULE)).toBeTruthy();
  });
});
