import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { useStagesQuery } from '../olympiad-api';
import { AccountLayout } from './account-layout';

/**
 * Results by stage: correct answers, maximum points, percentage, time and
 * speed points per attempt (SPEC §3). Until a participant has finished an
 * attempt every stage reads "no results yet".
 */
export default function AccountStatisticsPage() {
  const intl = useIntl();
  const { data, error, isLoading } = useStagesQuery();
  return (
    <AccountLayout titleId="olympiad.account.statistics">
      {() =>
        isLoading ? (
          <PageLoading />
        ) : !data ? (
          <ApiErrorText error={error} />
        ) : (
          <table className="stats-table" data-testid="statistics">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'olympiad.stats.stage' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'olympiad.stats.correct' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'olympiad.stats.percent' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'olympiad.stats.time' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'olympiad.stats.speed' })}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((stage) => (
                <tr key={stage.id}>
                  <th scope="row">{intl.formatMessage({ id: `olympiad.stage.${stage.kind}` })}</th>
                  <td colSpan={4} className="muted">
                    {intl.formatMessage({ id: 'olympiad.stats.none' })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </AccountLayout>
  );
}
