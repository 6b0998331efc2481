import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StatisticsDay } from '../../../shared/api/seller-statistics';
import { TableScroll } from '../../components/table-scroll';
import { CHART_BOX, CHART_METRICS, axisTicks, chartSeries, dayLabels, type ChartMetric } from './chart-data';

/**
 * Lines by day, drawn by hand in SVG (no chart library: a few paths). Each line can be hidden;
 * the same figures are in the table under it, which is the chart's text alternative.
 */
export function StatisticsChart({ days }: { days: StatisticsDay[] }) {
  const intl = useIntl();
  const titleId = useId();
  const [shown, setShown] = useState<ChartMetric[]>(['page_views', 'list_views', 'orders']);
  const { series, top } = chartSeries(days, shown);
  const box = CHART_BOX;
  const dayText = (day: string) => intl.formatDate(`${day}T00:00:00Z`, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const label = (metric: ChartMetric) => intl.formatMessage({ id: `statistics.metric.${metric}` });
  return (
    <figure className="stats-chart">
      <figcaption id={titleId}>{intl.formatMessage({ id: 'statistics.ui.chartTitle' })}</figcaption>
      <fieldset className="stats-legend">
        <legend className="visually-hidden">{intl.formatMessage({ id: 'statistics.ui.lines' })}</legend>
        {CHART_METRICS.map((metric) => (
          <label key={metric} className={`stats-key stats-${metric}`}>
            <input
              type="checkbox"
              checked={shown.includes(metric)}
              onChange={(event) => setShown((now) => (event.target.checked ? CHART_METRICS.filter((m) => m === metric || now.includes(m)) : now.filter((m) => m !== metric)))}
            />{' '}
            {label(metric)}
          </label>
        ))}
      </fieldset>
      <svg viewBox={`0 0 ${box.width} ${box.height}`} role="img" aria-labelledby={titleId} className="stats-svg" data-testid="statistics-chart">
        {axisTicks(top).map((tick) => {
          const y = box.top + (box.height - box.top - box.bottom) * (1 - tick / top);
          return (
            <g key={tick} className="stats-grid">
              <line x1={box.left} x2={box.width - box.right} y1={y} y2={y} />
              <text x={box.left - 6} y={y + 4} textAnchor="end">
                {intl.formatNumber(tick)}
              </text>
            </g>
          );
        })}
        {dayLabels(days).map((i) => (
          <text key={days[i].day} className="stats-day" x={series[0]?.points[i]?.x ?? box.left} y={box.height - 8} textAnchor="middle">
            {dayText(days[i].day)}
          </text>
        ))}
        {series.map((s) => (
          <path key={s.metric} d={s.path} className={`stats-line stats-${s.metric}`} fill="none" />
        ))}
      </svg>
      <details className="stats-table-details">
        <summary>{intl.formatMessage({ id: 'statistics.ui.byDayTable' })}</summary>
        <TableScroll>
          <table className="stats-table" data-testid="statistics-days">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'statistics.csv.day' })}</th>
                {CHART_METRICS.map((metric) => (
                  <th key={metric} scope="col">
                    {label(metric)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayText(d.day)}</th>
                  {CHART_METRICS.map((metric) => (
                    <td key={metric}>{intl.formatNumber(d[metric])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
