import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AttemptSummary } from '../../shared/api/olympiad-test-attempts';
import { splitSeconds } from './format-duration';
import './results-tables.css';
import { TableHead } from './table-head';
import { attemptPath } from './statistics-api';
import { TableScroll } from '../components/table-scroll';

/** Every attempt with its result (SPEC §3): correct answers, points of the maximum, percentage, time and speed points. */
export function AttemptsTable({ attempts, withTest = false }: { attempts: AttemptSummary[]; withTest?: boolean }) {
  const intl = useIntl();
  const columns = ['number', ...(withTest ? ['test'] : []), 'date', 'correct', 'points', 'percent', 'time', 'speed', 'essay'];
  return (
    <TableScroll>
      <table className="stats-table attempts-table" data-testid="attempts-table">
        <TableHead columns={columns} prefix="olympiadTests.ui.table" />
        <tbody>
          {attempts.map((attempt) => {
            const result = attempt.result;
            return (
              <tr key={attempt.id} data-testid={`attempt-row-${attempt.id}`}>
                <th scope="row">
                  <Link to={attemptPath(attempt)}>{intl.formatMessage({ id: 'olympiadTests.ui.attemptNumber' }, { number: attempt.number })}</Link>
                </th>
                {withTest ? <td>{attempt.test_title}</td> : null}
                <td>{intl.formatDate(attempt.finished_at ?? attempt.started_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                {result ? (
                  <>
                    <td>{intl.formatMessage({ id: 'olympiadTests.ui.results.correctValue' }, { correct: result.correct, total: result.auto_total })}</td>
                    <td>{intl.formatMessage({ id: 'olympiadTests.ui.results.pointsValue' }, { points: result.points, max: result.max_points })}</td>
                    <td>{intl.formatNumber(result.percent / 100, { style: 'percent', maximumFractionDigits: 2 })}</td>
                    <td>{intl.formatMessage({ id: 'olympiadTests.ui.duration' }, splitSeconds(result.time_spent_seconds))}</td>
                    <td>{intl.formatNumber(result.speed_points, { maximumFractionDigits: 2 })}</td>
                    <td>{result.essay_status === 'none' ? '—' : intl.formatMessage({ id: `olympiadTests.ui.essayStatus.${result.essay_status}` })}</td>
                  </>
                ) : (
                  <td colSpan={6} className="muted">
                    {intl.formatMessage({ id: 'olympiadTests.ui.inProgress' }, { answered: attempt.answered_count, count: attempt.question_count })}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
