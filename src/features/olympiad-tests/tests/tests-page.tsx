import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link } from 'react-router';
import type { TestSummary } from '../../../../shared/api/olympiad-tests';
import { STAGE_KINDS, type StageKind } from '../../../../shared/validation/olympiad-options';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';

import { TestsFrame } from '../components/tests-frame';
import { useOlympiadTestsQuery } from '../olympiad-tests-api';
import { MyTestLine, TestFacts } from './test-facts';
import { useStagesQuery } from '../../../olympiad/stages-api';

function TestCard({ test }: { test: TestSummary }) {
  const intl = useIntl();
  const running = test.my?.in_progress_attempt_id;
  return (
    <li className={`stage test-card is-${test.availability}`} data-testid={`test-${test.id}`}>
      <div className="stage-head">
        <h3>
          <Link to={`/olympiad/tests/${test.id}`}>{test.title}</Link>
        </h3>
        <span className={`stage-state stage-state-${test.availability === 'open' ? 'active' : test.availability === 'closed' ? 'ended' : 'upcoming'}`}>
          {intl.formatMessage({ id: `olympiadTests.ui.availability.${test.availability}` })}
        </span>
      </div>
      {test.description ? <p className="test-description">{test.description}</p> : null}
      <TestFacts test={test} />
      <MyTestLine test={test} />
      {running ? (
        <Link className="button button-primary" to={`/olympiad/attempts/${running}${test.format === 'essay' ? '/essay' : ''}`}>
          {intl.formatMessage({ id: 'olympiadTests.ui.continue' })}
        </Link>
      ) : null}
    </li>
  );
}

/** The tests I can take, stage by stage, with where I stand in each. */
export default function TestsPage() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data, error, isLoading } = useOlympiadTestsQuery();
  const { data: stages } = useStagesQuery();
  const byStage = new Map<StageKind, TestSummary[]>();
  for (const test of data?.data ?? []) byStage.set(test.stage_kind, [...(byStage.get(test.stage_kind) ?? []), test]);
  return (
    <TestsFrame>
      <section className="tests-page">
        <div className="olympiad-content-head">
          <PageTitle id="olympiadTests.ui.tests.title" />
          {stages?.editable ? (
            <Link className="button" to="/olympiad/staff/tests" data-testid="staff-tests-link">
              {intl.formatMessage({ id: 'olympiadTests.ui.staff.title' })}
            </Link>
          ) : null}
        </div>
        {!signedIn ? (
          <p className="notice notice-warning">
            {intl.formatMessage({ id: 'olympiadTests.ui.tests.signIn' })}{' '}
            <Link to="/olympiad/login?next=/olympiad/tests">{intl.formatMessage({ id: 'olympiad.nav.login' })}</Link>
          </p>
        ) : null}
        {isLoading ? <PageLoading /> : null}
        {error ? <ApiErrorText error={error} /> : null}
        {data && data.data.length === 0 ? <p className="empty-state">{intl.formatMessage({ id: 'olympiadTests.ui.tests.none' })}</p> : null}
        {STAGE_KINDS.filter((kind) => byStage.has(kind)).map((kind) => (
          <section key={kind} className="tests-stage" data-testid={`tests-stage-${kind}`}>
            <h2>{intl.formatMessage({ id: `olympiad.stage.${kind}` })}</h2>
            <ul className="stage-list">
              {byStage.get(kind)!.map((test) => (
                <TestCard key={test.id} test={test} />
              ))}
            </ul>
          </section>
        ))}
      </section>
    </TestsFrame>
  );
}
