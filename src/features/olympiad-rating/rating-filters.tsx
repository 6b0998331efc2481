import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CATEGORIES, STAGE_KINDS } from '../../../shared/validation/olympiad-options';
import { ChoiceFilter } from '../../olympiad/choice-filter';
import { readRatingParams, withFilter } from './rating-params';

/** Category and stage: each choice goes into the URL at once (shareable, kept on back), and the page starts over. */
export function RatingFilters() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const current = readRatingParams(params);
  const change = (name: 'category' | 'stage') => (value: string) => setParams(withFilter(params, name, value));
  return (
    <form className="rating-filters" aria-label={intl.formatMessage({ id: 'olympiadRating.filters.label' })} onSubmit={(e) => e.preventDefault()}>
      <ChoiceFilter
        label={intl.formatMessage({ id: 'olympiadRating.filters.category' })}
        anyLabel={intl.formatMessage({ id: 'olympiadRating.filters.allCategories' })}
        value={current.category ?? ''}
        choices={CATEGORIES.map((category) => ({ value: category, label: intl.formatMessage({ id: `olympiad.category.${category}` }) }))}
        onChange={change('category')}
        testId="rating-category"
      />
      <ChoiceFilter
        label={intl.formatMessage({ id: 'olympiadRating.filters.stage' })}
        anyLabel={intl.formatMessage({ id: 'olympiadRating.filters.allStages' })}
        value={current.stage ?? ''}
        choices={STAGE_KINDS.map((stage) => ({ value: stage, label: intl.formatMessage({ id: `olympiad.stage.${stage}` }) }))}
        onChange={change('stage')}
        testId="rating-stage"
      />
    </form>
  );
}
