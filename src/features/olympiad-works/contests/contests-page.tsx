import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { WorksFrame } from '../components/works-frame';
import { useContestsQuery } from '../works-api';
import { ContestFacts } from './contest-facts';

/** Creative contests (SPEC §2), open ones first as the API orders them. */
export default function ContestsPage() {
  const intl = useIntl();
  const contests = useContestsQuery();
  return (
    <WorksFrame>
      <section className="works-section" data-testid="contests">
        <PageTitle id="olympiadWorks.contests.title" />
        {contests.isLoading ? (
          <PageLoading />
        ) : !contests.data ? (
          <ApiErrorText error={contests.error} />
        ) : contests.data.data.length === 0 ? (
          <p className="empty-state">{intl.formatMessage({ id: 'olympiadWorks.contests.none' })}</p>
        ) : (
          <ul className="contest-list">
            {contests.data.data.map((contest) => (
              <li key={contest.id} className="contest-card" data-testid="contest-card">
                <h2>
                  <Link to={`/olympiad/contests/${contest.id}`}>{contest.title}</Link>
                </h2>
                <ContestFacts contest={contest} />
                {contest.may_enter ? (
                  <Link className="button button-primary" to="/olympiad/account/works">
                    {intl.formatMessage({ id: 'olympiadWorks.contest.enter' })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </WorksFrame>
  );
}
