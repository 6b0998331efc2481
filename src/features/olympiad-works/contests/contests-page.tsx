import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { WorksFrame } from '../components/works-frame';
import { useContestsQuery } from '../works-api';
import { ContestEditor } from './contest-editor';
import { ContestFacts } from './contest-facts';
import { useMayEditContests } from './use-contest-editor';

/** Creative contests (SPEC §2), open ones first as the API orders them. */
export default function ContestsPage() {
  const intl = useIntl();
  const contests = useContestsQuery();
  const mayEdit = useMayEditContests();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  return (
    <WorksFrame>
      <section className="works-section" data-testid="contests">
        <PageTitle id="olympiadWorks.contests.title" />
        {mayEdit && !creating ? (
          <button type="button" className="button" data-testid="contest-new" onClick={() => setCreating(true)}>
            {intl.formatMessage({ id: 'olympiadWorks.editor.new' })}
          </button>
        ) : null}
        {creating ? <ContestEditor onDone={(saved) => (saved ? navigate(`/olympiad/contests/${saved.id}`) : setCreating(false))} /> : null}
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
