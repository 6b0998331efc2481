import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { CATEGORIES, STAGE_KINDS } from '../../../shared/validation/olympiad-options';
import { readRatingParams, withFilter } from './rating-params';

/** Category and stage: each choice goes into the URL at once (shareable, kept on back), and the page starts over. */
export function RatingFilters() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const current = readRatingParams(params);
  const change = (name: 'category' | 'stage') => (event: React.ChangeEvent<HTMLSelectElement>) => setParams(withFilter(params, name, event.target.value));
  return (
    <form className="rating-filters" aria-label={intl.formatMessage({ id: 'olympiadRating.filters.label' })} onSubmit={(e) => e.preventDefault()}>
      <div className="form-field">
        <label htmlFor="rating-category">{intl.formatMessage({ id: 'olympiadRating.filters.category' })}</label>
        <select id="rating-category" value={current.category ?? ''} onChange={change('category')} data-testid="rating-category">
          <option value="">{intl.formatMessage({ id: 'olympiadRating.filters.allCategories' })}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {intl.formatMessage({ id: `olympiad.category.${category}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="rating-stage">{intl.formatMessage({ id: 'olympiadRating.filters.stage' })}</label>
        <select id="rating-stage" value={current.stage ?? ''} onChange={change('stage')} data-testid="rating-stage">
          <option value="">{intl.formatMessage({ id: 'olympiadRating.filters.allStages' })}</option>
          {STAGE_KINDS.map((stage) => (
            <option key={stage} value={stage}>
              {intl.formatMessage({ id: `olympiad.stage.${stage}` })}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
