import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { OlympiadNav } from '../../olympiad/olympiad-nav';
import { FRESH, useOlympiadRatingQuery } from '../../olympiad/rating-api';
import '../../olympiad/rating.css';
import { RatingFilters } from './rating-filters';
import { RATING_PER_PAGE, readRatingParams } from './rating-params';
import { RatingTable } from './rating-table';

/**
 * The public olympiad rating (issue 15 §6): filters and page in the URL, my
 * own row marked (and pinned when on another page), the published tie rule.
 * Read fresh on every open and focus: the server computes it from the results as they are.
 */
export default function RatingPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const { category, stage, page } = readRatingParams(params);
  const { data, error, isLoading, isFetching } = useOlympiadRatingQuery({ category, stage, page, per_page: RATING_PER_PAGE }, FRESH);
  const caption = intl.formatMessage(
    { id: 'olympiadRating.caption' },
    {
      category: intl.formatMessage({ id: category ? `olympiad.category.${category}` : 'olympiadRating.filters.allCategories' }),
      stage: intl.formatMessage({ id: stage ? `olympiad.stage.${stage}` : 'olympiadRating.filters.allStages' }),
    },
  );
  return (
    <div className="olympiad-page">
      <OlympiadNav />
      <section className="rating-page" aria-busy={isFetching}>
        <PageTitle id="olympiadRating.title" />
        <p className="lead">{intl.formatMessage({ id: 'olympiadRating.lead' })}</p>
        <RatingFilters />
        {isLoading ? (
          <PageLoading />
        ) : !data ? (
          <ApiErrorText error={error} />
        ) : data.data.length === 0 && !data.me ? (
          <p className="empty-state" data-testid="rating-empty">
            {intl.formatMessage({ id: 'olympiadRating.empty' })}
          </p>
        ) : (
          <>
            <RatingTable rows={data.data} me={data.me} caption={caption} />
            <Pager meta={data.meta} />
          </>
        )}
        {data ? (
          <p className="rating-tie-rule muted" data-testid="rating-tie-rule">
            {data.tie_rule}
          </p>
        ) : null}
      </section>
    </div>
  );
}
