import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { FRESH, useMyOlympiadRatingQuery } from '../../../olympiad/rating-api';
import '../../../olympiad/rating.css';
import { AccountLayout } from './account-layout';

/** "Place in ranking": my place overall and in my category, read fresh from the rating, or a clear "no place yet". */
function MyPlace() {
  const intl = useIntl();
  const { data, error, isLoading } = useMyOlympiadRatingQuery(undefined, FRESH);
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error} />;
  const row = data.data;
  return (
    <div data-testid="ranking">
      {row ? (
        <dl className="ranking-places">
          <div>
            <dt>{intl.formatMessage({ id: 'olympiadRating.account.overall' })}</dt>
            <dd data-testid="ranking-overall">{row.place}</dd>
          </div>
          <div>
            <dt>
              {intl.formatMessage(
                { id: 'olympiadRating.account.inCategory' },
                { category: intl.formatMessage({ id: `olympiadRating.categoryShort.${row.participant.category}` }) },
              )}
            </dt>
            <dd data-testid="ranking-category">{row.category_place}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'olympiadRating.account.points' })}</dt>
            <dd data-testid="ranking-points">{intl.formatNumber(row.total_points, { maximumFractionDigits: 2 })}</dd>
          </div>
        </dl>
      ) : (
        <p className="empty-state">{intl.formatMessage({ id: 'olympiadRating.account.none' })}</p>
      )}
      <p className="muted">{data.tie_rule}</p>
      <p>
        <Link to={row ? `/olympiad/rating?category=${row.participant.category}` : '/olympiad/rating'}>
          {intl.formatMessage({ id: 'olympiadRating.account.open' })}
        </Link>
      </p>
    </div>
  );
}

/** Place in the ranking, computed from the results as they are now (the rating feature's rule). */
export default function AccountRankingPage() {
  return <AccountLayout titleId="olympiad.account.ranking">{() => <MyPlace />}</AccountLayout>;
}
