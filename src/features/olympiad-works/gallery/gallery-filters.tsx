import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CATEGORIES } from '../../../../shared/validation/olympiad-options';
import { WORK_SORTS } from '../../../../shared/validation/olympiad-works-rules';
import type { GalleryFilters as Filters } from '../works-api';
import { useContestsQuery } from '../works-api';
import { ChoiceFilter } from '../../../olympiad/choice-filter';
import { withGalleryParam } from './gallery-params';

/** Sort, contest and category: each choice is written to the URL (replacing the entry, so "back" leaves the gallery). */
export function GalleryFilters({ filters, contestFixed }: { filters: Filters; contestFixed: boolean }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const contests = useContestsQuery(undefined, { skip: contestFixed });
  const set = (name: 'sort' | 'category' | 'contest', value: string) => setParams(withGalleryParam(params, name, value), { replace: true });
  return (
    <form className="gallery-filters" role="search" aria-label={intl.formatMessage({ id: 'olympiadWorks.gallery.filters' })} onSubmit={(event) => event.preventDefault()}>
      <ChoiceFilter
        label={intl.formatMessage({ id: 'olympiadWorks.gallery.sort' })}
        value={filters.sort ?? WORK_SORTS[0]}
        choices={WORK_SORTS.map((sort) => ({ value: sort, label: intl.formatMessage({ id: `olympiadWorks.sort.${sort}` }) }))}
        onChange={(value) => set('sort', value)}
        testId="gallery-sort"
      />
      {contestFixed ? null : (
        <ChoiceFilter
          label={intl.formatMessage({ id: 'olympiadWorks.gallery.contest' })}
          anyLabel={intl.formatMessage({ id: 'olympiadWorks.gallery.allContests' })}
          value={filters.contest_id ? String(filters.contest_id) : ''}
          choices={(contests.data?.data ?? []).map((contest) => ({ value: String(contest.id), label: contest.title }))}
          onChange={(value) => set('contest', value)}
          testId="gallery-contest"
        />
      )}
      <ChoiceFilter
        label={intl.formatMessage({ id: 'olympiadWorks.gallery.category' })}
        anyLabel={intl.formatMessage({ id: 'olympiadWorks.gallery.allCategories' })}
        value={filters.category ?? ''}
        choices={CATEGORIES.map((category) => ({ value: category, label: intl.formatMessage({ id: `olympiad.category.${category}` }) }))}
        onChange={(value) => set('category', value)}
        testId="gallery-category"
      />
    </form>
  );
}
