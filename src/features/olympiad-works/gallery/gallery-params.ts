import { CATEGORIES, type Category } from '../../../../shared/validation/olympiad-options';
import { WORK_SORTS, type WorkSort } from '../../../../shared/validation/olympiad-works-rules';
import { parseRouteId } from '../../../../shared/routes';
import type { GalleryFilters } from '../works-api';

export const DEFAULT_SORT: WorkSort = 'newest';

/**
 * The gallery's sort and filters read from the URL, so a link, a reload and "back" show the same
 * works in the same order; anything unknown in the address is ignored rather than sent.
 */
export function readGalleryParams(params: URLSearchParams, fixedContestId: number | null): GalleryFilters {
  const sort = params.get('sort');
  const category = params.get('category');
  const contest = fixedContestId ?? parseRouteId(params.get('contest') ?? undefined);
  return {
    sort: WORK_SORTS.includes(sort as WorkSort) ? (sort as WorkSort) : DEFAULT_SORT,
    ...(contest ? { contest_id: contest } : {}),
    ...(CATEGORIES.includes(category as Category) ? { category: category as Category } : {}),
  };
}

/** The URL's search for these choices: defaults are left out so the plain gallery has the plain address. */
export function withGalleryParam(params: URLSearchParams, name: 'sort' | 'category' | 'contest', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (!value || (name === 'sort' && value === DEFAULT_SORT)) next.delete(name);
  else next.set(name, value);
  return next;
}
