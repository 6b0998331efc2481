import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CATEGORIES } from '../../../../shared/validation/olympiad-options';
import { WORK_SORTS } from '../../../../shared/validation/olympiad-works-rules';
import type { GalleryFilters as Filters } from '../works-api';
import { useContestsQuery } from '../works-api';
import { withGalleryParam } from './gallery-params';

/** Sort, contest and category: each choice is written to the URL (replacing the entry, so "back" leaves the gallery). */
export function GalleryFilters({ filters, contestFixed }: { filters: Filters; contestFixed: boolean }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const contests = useContestsQuery(undefined, { skip: contestFixed });
  const ids = { sort: useId(), contest: useId(), category: useId() };
  const set = (name: 'sort' | 'category' | 'contest', value: string) => setParams(withGalleryParam(params, name, value), { replace: true });
  return (
    <form className="gallery-filters" role="search" aria-label={intl.formatMessage({ id: 'olympiadWorks.gallery.filters' })} onSubmit={(event) => event.preventDefault()}>
      <div className="form-field">
        <label htmlFor={ids.sort}>{intl.formatMessage({ id: 'olympiadWorks.gallery.sort' })}</label>
        <select id={ids.sort} value={filters.sort} onChange={(event) => set('sort', event.target.value)} data-testid="gallery-sort">
          {WORK_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: `olympiadWorks.sort.${sort}` })}
            </option>
          ))}
        </select>
      </div>
      {contestFixed ? null : (
        <div className="form-field">
          <label htmlFor={ids.contest}>{intl.formatMessage({ id: 'olympiadWorks.gallery.contest' })}</label>
          <select id={ids.contest} value={filters.contest_id ? String(filters.contest_id) : ''} onChange={(event) => set('contest', event.target.value)} data-testid="gallery-contest">
            <option value="">{intl.formatMessage({ id: 'olympiadWorks.gallery.allContests' })}</option>
            {(contests.data?.data ?? []).map((contest) => (
              <option key={contest.id} value={String(contest.id)}>
                {contest.title}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="form-field">
        <label htmlFor={ids.category}>{intl.formatMessage({ id: 'olympiadWorks.gallery.category' })}</label>
        <select id={ids.category} value={filters.category ?? ''} onChange={(event) => set('category', event.target.value)} data-testid="gallery-category">
          <option value="">{intl.formatMessage({ id: 'olympiadWorks.gallery.allCategories' })}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {intl.formatMessage({ id: `olympiad.category.${category}` })}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
