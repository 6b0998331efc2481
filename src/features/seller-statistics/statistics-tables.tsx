import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { StatisticsFigures, StatisticsReport } from '../../../shared/api/seller-statistics';
import { TableScroll } from '../../components/table-scroll';
import { useMoney } from '../../components/money';

export const FIGURES = ['page_views', 'list_views', 'favorites', 'subscriptions', 'chats', 'orders'] as const;
/** Statistics count money in the marketplace's currency (products of other currencies are rare and summed as they are). */
export const STATISTICS_CURRENCY = 'RUB';

function useFigureText() {
  const intl = useIntl();
  const money = useMoney();
  return {
    revenue: (f: StatisticsFigures) => money(f.revenue, STATISTICS_CURRENCY),
    conversion: (f: StatisticsFigures) => (f.conversion === null ? '—' : intl.formatNumber(f.conversion, { style: 'percent', maximumFractionDigits: 1 })),
  };
}

/** The period's totals as labelled tiles, conversion last. */
export function StatisticsTotals({ totals }: { totals: StatisticsFigures }) {
  const intl = useIntl();
  const text = useFigureText();
  const tiles: Array<[string, string]> = [
    ...FIGURES.map((f): [string, string] => [`statistics.metric.${f}`, intl.formatNumber(totals[f])]),
    ['statistics.metric.revenue', text.revenue(totals)],
    ['statistics.metric.conversion', text.conversion(totals)],
  ];
  return (
    <dl className="stats-totals" data-testid="statistics-totals">
      {tiles.map(([id, value]) => (
        <div key={id} className="stats-tile">
          <dt>{intl.formatMessage({ id })}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The same figures while promoted and while not, side by side. */
export function PromotionTable({ promotion }: { promotion: StatisticsReport['promotion'] }) {
  const intl = useIntl();
  const text = useFigureText();
  const rows: Array<[string, (f: StatisticsFigures) => string]> = [
    ...FIGURES.map((f): [string, (x: StatisticsFigures) => string] => [`statistics.metric.${f}`, (x) => intl.formatNumber(x[f])]),
    ['statistics.metric.revenue', text.revenue],
    ['statistics.metric.conversion', text.conversion],
  ];
  return (
    <section aria-labelledby="stats-promotion">
      <h2 id="stats-promotion">{intl.formatMessage({ id: 'statistics.ui.promotionTitle' })}</h2>
      <TableScroll>
        <table className="stats-table" data-testid="statistics-promotion">
          <thead>
            <tr>
              <td />
              <th scope="col">{intl.formatMessage({ id: 'statistics.ui.promoted' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'statistics.ui.regular' })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([id, show]) => (
              <tr key={id}>
                <th scope="row">{intl.formatMessage({ id })}</th>
                <td>{show(promotion.promoted)}</td>
                <td>{show(promotion.regular)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

const itemHref = (kind: string, id: number) => (kind === 'ad' ? `/ads/${id}` : kind === 'product' ? `/products/${id}` : `/stores/${id}`);

/** The items with the most orders, then views. */
export function TopItems({ top }: { top: StatisticsReport['top'] }) {
  const intl = useIntl();
  const text = useFigureText();
  return (
    <section aria-labelledby="stats-top">
      <h2 id="stats-top">{intl.formatMessage({ id: 'statistics.ui.topTitle' })}</h2>
      {top.length === 0 ? (
        <p>{intl.formatMessage({ id: 'statistics.ui.topEmpty' })}</p>
      ) : (
        <TableScroll>
          <table className="stats-table" data-testid="statistics-top">
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage({ id: 'statistics.ui.item' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'statistics.metric.page_views' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'statistics.metric.list_views' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'statistics.metric.orders' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'statistics.metric.revenue' })}</th>
                <th scope="col">{intl.formatMessage({ id: 'statistics.metric.conversion' })}</th>
              </tr>
            </thead>
            <tbody>
              {top.map((item) => (
                <tr key={`${item.kind}:${item.id}`}>
                  <th scope="row">
                    <Link to={itemHref(item.kind, item.id)}>{item.name ?? intl.formatMessage({ id: 'statistics.ui.gone' })}</Link>
                  </th>
                  <td>{intl.formatNumber(item.page_views)}</td>
                  <td>{intl.formatNumber(item.list_views)}</td>
                  <td>{intl.formatNumber(item.orders)}</td>
                  <td>{text.revenue(item)}</td>
                  <td>{text.conversion(item)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
