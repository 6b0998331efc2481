import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import type { AttemptResource } from '../../../../shared/api/olympiad-test-attempts';
import type { EssayStatus } from '../../../../shared/api/olympiad-test-common';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { splitSeconds } from '../../../olympiad/format-duration';
import { SignedInOnly } from '../components/signed-in-only';
import { TestsFrame } from '../components/tests-frame';
import { useAttemptQuery } from '../olympiad-tests-api';
import { QuestionReviewList } from './question-review-list';
import { attemptPath } from '../../../olympiad/statistics-api';

/** Ended by time: the server swept it, or the screen ended it at zero (the finish is then recorded at the deadline). */
const endedAtDeadline = (attempt: AttemptResource) =>
  attempt.finished_by === 'deadline' || (!!attempt.deadline && !!attempt.finished_at && Date.parse(attempt.finished_at) >= Date.parse(attempt.deadline));

/** Graded is good news; awaiting is a wait; an empty essay is neither (scored 0, no grading). */
const ESSAY_NOTICE: Record<Exclude<EssayStatus, 'none'>, string> = {
  awaiting_grading: 'notice-warning',
  graded: 'notice-success',
  not_submitted: 'notice-muted',
};

/** SPEC §3 stage result: correct answers, maximum points, percentage, time spent, points for speed. */
function ResultSummary({ attempt }: { attempt: AttemptResource }) {
  const intl = useIntl();
  const result = attempt.result!;
  const spent = splitSeconds(result.time_spent_seconds);
  const facts = [
    { key: 'correct', value: intl.formatMessage({ id: 'olympiadTests.ui.results.correctValue' }, { correct: result.correct, total: result.auto_total }) },
    { key: 'points', value: intl.formatMessage({ id: 'olympiadTests.ui.results.pointsValue' }, { points: result.points, max: result.max_points }) },
    { key: 'percent', value: intl.formatNumber(result.percent / 100, { style: 'percent', maximumFractionDigits: 2 }) },
    { key: 'time', value: intl.formatMessage({ id: 'olympiadTests.ui.duration' }, spent) },
    { key: 'speed', value: intl.formatNumber(result.speed_points, { maximumFractionDigits: 2 }) },
  ];
  return (
    <dl className="result-grid" data-testid="result">
      {facts.map((fact) => (
        <div key={fact.key} className="result-fact" data-testid={`result-${fact.key}`}>
          <dt>{intl.formatMessage({ id: `olympiadTests.ui.results.${fact.key}` })}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Results({ attemptId }: { attemptId: number }) {
  const intl = useIntl();
  const { data, error, isLoading } = useAttemptQuery(attemptId, { skip: !(attemptId > 0) });
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error ?? { data: { message: intl.formatMessage({ id: 'common.unknownError' }) } }} />;
  const attempt = data.data;
  if (attempt.status !== 'finished' || !attempt.result) return <Navigate to={attemptPath(attempt)} replace />;
  const essay = attempt.result.essay_status;
  return (
    <section className="results-page" data-testid="results-page">
      <PageTitle id="olympiadTests.ui.results.title" values={{ title: attempt.test_title }} />
      <p className="muted">
        {intl.formatMessage({ id: `olympiad.stage.${attempt.stage_kind}` })} ·{' '}
        {intl.formatMessage({ id: 'olympiadTests.ui.attemptNumber' }, { number: attempt.number })} ·{' '}
        {attempt.finished_at ? intl.formatDate(attempt.finished_at, { dateStyle: 'long', timeStyle: 'short' }) : null}
      </p>
      {endedAtDeadline(attempt) ? (
        <p className="notice notice-warning" data-testid="ended-by-deadline">
          {intl.formatMessage({ id: 'olympiadTests.ui.results.byDeadline' })}
        </p>
      ) : null}
      <ResultSummary attempt={attempt} />
      {essay !== 'none' ? (
        <p className={`notice ${ESSAY_NOTICE[essay]}`} data-testid="essay-status" data-status={essay}>
          {intl.formatMessage({ id: `olympiadTests.ui.results.essay.${essay}` })}
        </p>
      ) : null}
      {attempt.result.review_available ? (
        <QuestionReviewList questions={attempt.questions} />
      ) : (
        <p className="muted">{intl.formatMessage({ id: 'olympiadTests.ui.results.reviewLater' })}</p>
      )}
      <div className="form-actions">
        <Link className="button" to={`/olympiad/tests/${attempt.test_id}`} data-testid="back-to-test">
          {intl.formatMessage({ id: 'olympiadTests.ui.results.toTest' })}
        </Link>
        <Link className="button" to="/olympiad/account/statistics">
          {intl.formatMessage({ id: 'olympiadTests.ui.results.toStatistics' })}
        </Link>
      </div>
    </section>
  );
}

/** The results screen of one attempt. */
export default function ResultsPage() {
  const { id } = useParams();
  return (
    <SignedInOnly>
      <TestsFrame>
        <Results attemptId={Number(id)} />
      </TestsFrame>
    </SignedInOnly>
  );
}
