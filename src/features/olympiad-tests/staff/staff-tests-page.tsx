import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';

import { TableHead } from '../../../olympiad/table-head';
import { useStaffTestsQuery } from '../staff-tests-api';
import { inLanguage } from './in-language';
import { StaffFrame } from './staff-frame';
import { TestForm } from './test-form';
import { useStagesQuery } from '../../../olympiad/stages-api';
import { TableScroll } from '../../../components/table-scroll';

/** Every test of every stage, published or not; a new one starts here. */
export default function StaffTestsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { data: tests, error, isLoading } = useStaffTestsQuery();
  const { data: stages } = useStagesQuery();
  return (
    <StaffFrame titleId="olympiadTests.ui.staff.tests">
      {creating && stages ? (
        <section className="staff-card">
          <h2>{intl.formatMessage({ id: 'olympiadTests.ui.staff.newTest' })}</h2>
          <TestForm stages={stages.data} onSaved={(test) => navigate(`/olympiad/staff/tests/${test.id}`)} onCancel={() => setCreating(false)} />
        </section>
      ) : (
        <button type="button" className="button button-primary" onClick={() => setCreating(true)} data-testid="new-test">
          {intl.formatMessage({ id: 'olympiadTests.ui.staff.newTest' })}
        </button>
      )}
      {isLoading ? <PageLoading /> : null}
      <ApiErrorText error={error} />
      {tests ? (
        tests.length === 0 ? (
          <p className="empty-state">{intl.formatMessage({ id: 'olympiadTests.ui.tests.none' })}</p>
        ) : (
          <TableScroll>
            <table className="stats-table" data-testid="staff-tests">
              <TableHead columns={['title', 'stage', 'format', 'questions', 'limits', 'state', 'attempts']} prefix="olympiadTests.ui.staff.column" />
              <tbody>
                {tests.map((test) => (
                  <tr key={test.id}>
                    <th scope="row">
                      <Link to={`/olympiad/staff/tests/${test.id}`}>{inLanguage(intl.locale, test.title, test.title_en)}</Link>
                    </th>
                    <td>{intl.formatMessage({ id: `olympiad.stage.${test.stage_kind}` })}</td>
                    <td>{intl.formatMessage({ id: `olympiadTests.ui.format.${test.format}` })}</td>
                    <td>
                      {intl.formatMessage({ id: 'olympiadTests.ui.staff.pool' }, { count: test.question_count ?? test.pool_size, pool: test.pool_size })}
                    </td>
                    <td>
                      {test.time_limit_minutes === null
                        ? intl.formatMessage({ id: 'olympiadTests.ui.facts.untimed' })
                        : intl.formatMessage({ id: 'olympiadTests.ui.facts.minutes' }, { count: test.time_limit_minutes })}
                      {' · '}
                      {test.attempts_allowed === null
                        ? intl.formatMessage({ id: 'olympiadTests.ui.facts.unlimited' })
                        : intl.formatMessage({ id: 'olympiadTests.ui.facts.attempts' }, { count: test.attempts_allowed })}
                    </td>
                    <td>
                      {intl.formatMessage({ id: test.published ? `olympiadTests.ui.availability.${test.availability}` : 'olympiadTests.ui.staff.draft' })}
                    </td>
                    <td>{test.attempts_count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )
      ) : null}
    </StaffFrame>
  );
}
