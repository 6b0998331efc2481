import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';

import { AttemptsTable } from '../../../olympiad/attempts-table';
import '../../../olympiad/results-tables.css';
import { useOlympiadStatisticsQuery } from '../../../olympiad/statistics-api';

/** The personal account's statistics by stage: every attempt of every stage, and the final's result when entered. */
export function AttemptStatistics() {
  const intl = useIntl();
  const { data, error, isLoading } = useOlympiadStatisticsQuery();
  if (isLoading) return <PageLoading />;
  if (!data) return <ApiErrorText error={error} />;
  return (
    <div className="attempt-statistics" data-testid="statistics">
      {data.data.map((stage) => (
        <section key={stage.stage_id} className="stats-stage" data-testid={`stats-${stage.kind}`}>
          <h2>{intl.formatMessage({ id: `olympiad.stage.${stage.kind}` })}</h2>
          {stage.final_result ? (
            <p data-testid="final-result">
              {intl.formatMessage(
                { id: stage.final_result.place ? 'olympiadTests.ui.final.resultWithPlace' : 'olympiadTests.ui.final.result' },
                { points: stage.final_result.points, place: stage.final_result.place ?? 0 },
              )}
              {stage.final_result.comment ? ` — ${stage.final_result.comment}` : ''}
            </p>
          ) : null}
          {stage.attempts.length ? (
            <AttemptsTable attempts={stage.attempts} withTest />
          ) : stage.final_result ? null : (
            <p className="muted">{intl.formatMessage({ id: 'olympiad.stats.none' })}</p>
          )}
        </section>
      ))}
    </div>
  );
}
