import { useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link, useNavigate, useParams } from 'react-router';
import type { TestSummary } from '../../../../shared/api/olympiad-tests';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';
import { TestsFrame } from '../components/tests-frame';
import { useMyAttemptsQuery, useOlympiadTestQuery, useStartAttemptMutation } from '../olympiad-tests-api';
import { AttemptsTable } from '../../../olympiad/attempts-table';
import { MyTestLine, TestFacts } from './test-facts';
import { attemptPath } from '../../../olympiad/statistics-api';

/**
 * A marketplace account that has not joined the olympiad: say how to join (register with this
 * account, or sign in with an olympiad login) and come back here, instead of a start that cannot work.
 */
function JoinPanel({ testId }: { testId: number }) {
  const intl = useIntl();
  const back = encodeURIComponent(`/olympiad/tests/${testId}`);
  return (
    <div className="start-panel" data-testid="join-to-start">
      <p className="notice">{intl.formatMessage({ id: 'olympiadTests.ui.join.text' })}</p>
      <div className="start-panel-actions">
        <Link className="button button-primary" to={`/olympiad/register?next=${back}`} data-testid="join-register">
          {intl.formatMessage({ id: 'olympiadTests.ui.join.register' })}
        </Link>
        <Link className="button" to={`/olympiad/login?next=${back}`} data-testid="join-login">
          {intl.formatMessage({ id: 'olympiadTests.ui.join.login' })}
        </Link>
      </div>
    </div>
  );
}

function StartPanel({ test }: { test: TestSummary }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const signedIn = useAppSelector(selectIsSignedIn);
  const [start, { isLoading, error }] = useStartAttemptMutation();
  if (!signedIn) {
    return (
      <Link className="button button-primary" to={`/olympiad/login?next=/olympiad/tests/${test.id}`}>
        {intl.formatMessage({ id: 'olympiadTests.ui.signInToStart' })}
      </Link>
    );
  }
  const my = test.my;
  if (my && !my.participant) return <JoinPanel testId={test.id} />;
  const running = my?.in_progress_attempt_id;
  const begin = async () => {
    const response = await start(test.id).unwrap();
    navigate(attemptPath(response.data));
  };
  return (
    <div className="start-panel">
      {my?.reason && !my.can_start && !running ? (
        <p className="notice notice-warning" data-testid="cannot-start">
          {my.reason}
        </p>
      ) : null}
      <button type="button" className="button button-primary" disabled={isLoading || !(my?.can_start || running)} onClick={() => begin().catch(() => undefined)} data-testid="start-test">
        {intl.formatMessage({ id: running ? 'olympiadTests.ui.continue' : 'olympiadTests.ui.start' })}
      </button>
      <ApiErrorText error={error} />
    </div>
  );
}

function Intro({ testId }: { testId: number }) {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data, error, isLoading } = useOlympiadTestQuery(testId, { skip: !(testId > 0) });
  const attempts = useMyAttemptsQuery({ test_id: testId }, { skip: !signedIn || !(testId > 0) });
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error} />;
  const test = data.data;
  return (
    <section className="test-intro narrow" data-testid="test-intro">
      <p className="muted">{intl.formatMessage({ id: `olympiad.stage.${test.stage_kind}` })}</p>
      <PageTitle id="olympiadTests.ui.intro.title" values={{ title: test.title }} />
      {test.description ? <p className="test-description">{test.description}</p> : null}
      <TestFacts test={test} />
      <MyTestLine test={test} />
      <ul className="intro-rules">
        {(test.time_limit_minutes === null ? ['saved', 'offline', 'untimed'] : ['saved', 'offline', 'timed', 'warnings']).map((rule) => (
          <li key={rule}>{intl.formatMessage({ id: `olympiadTests.ui.intro.${rule}` }, { minutes: test.time_limit_minutes ?? 0 })}</li>
        ))}
      </ul>
      <StartPanel test={test} />
      {attempts.data && attempts.data.data.length > 0 ? (
        <>
          <h2>{intl.formatMessage({ id: 'olympiadTests.ui.intro.attempts' })}</h2>
          <AttemptsTable attempts={attempts.data.data} />
        </>
      ) : null}
      <p>
        <Link to="/olympiad/tests">{intl.formatMessage({ id: 'olympiadTests.ui.backToTests' })}</Link>
      </p>
    </section>
  );
}

/** A test before it starts: its rules, my attempts, and the start (or continue) button. */
export default function TestIntroPage() {
  const { id } = useParams();
  return (
    <TestsFrame>
      <Intro testId={Number(id)} />
    </TestsFrame>
  );
}
