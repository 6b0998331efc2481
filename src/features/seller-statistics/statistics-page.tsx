import { useIntl } from 'react-intl';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { CsvDownload } from './csv-download';
import { useSellerStatisticsQuery } from './statistics-api';
import { StatisticsChart } from './statistics-chart';
import { StatisticsControls } from './statistics-controls';
import { useStatisticsParams } from './statistics-params';
import { PromotionTable, StatisticsTotals, TopItems } from './statistics-tables';
import './statistics.css';

/** `/profile/seller/statistics`: a seller's figures by day for a business (or everything), the top items and the effect of promotion. */
export default function StatisticsPage() {
  const intl = useIntl();
  const args = useStatisticsParams();
  const { data, error, isFetching } = useSellerStatisticsQuery(args);
  const report = data?.data;
  return (
    <div className="stats-page">
      <PageTitle id="statistics.ui.title" />
      <StatisticsControls />
      <ApiErrorText error={error} />
      {!report && isFetching ? <PageLoading /> : null}
      {report ? (
        <div aria-busy={isFetching} data-testid="statistics-report">
          <p className="cat-muted">
            {intl.formatMessage(
              { id: 'statistics.ui.range' },
              {
                from: intl.formatDate(`${report.from}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
                to: intl.formatDate(`${report.to}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }),
              },
            )}
          </p>
          <StatisticsTotals totals={report.totals} />
          <StatisticsChart days={report.days} />
          <TopItems top={report.top} />
          <PromotionTable promotion={report.promotion} />
          <CsvDownload args={args} from={report.from} to={report.to} />
          <p className="cat-muted">{intl.formatMessage({ id: 'statistics.ui.howCounted' })}</p>
        </div>
      ) : null}
    </div>
  );
}
