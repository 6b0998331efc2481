import { useIntl } from 'react-intl';
import type { DashboardFigure, SellerDashboard } from '../../../shared/api/seller-dashboard';
import { useMoney } from '../../components/money';
import { TableScroll } from '../../components/table-scroll';
import { DashboardCard } from './dashboard-card';

const FIGURES: DashboardFigure[] = ['page_views', 'list_views', 'favorites', 'chats', 'orders', 'revenue'];

/** The last 7 days against the 7 before, as a small table a seller reads at a glance. */
export function FiguresCard({ dashboard }: { dashboard: SellerDashboard }) {
  const intl = useIntl();
  const money = useMoney();
  const t = (id: string, values?: Record<string, number | string>) => intl.formatMessage({ id: `sellerDashboard.figures.${id}` }, values);
  const { current, previous, days } = dashboard.figures;
  const show = (figure: DashboardFigure, value: number) => (figure === 'revenue' ? money(value, 'RUB') : intl.formatNumber(value));
  const change = (now: number, before: number) => {
    if (before === 0) return now === 0 ? '—' : t('new');
    return intl.formatNumber((now - before) / before, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
  };
  const empty = FIGURES.every((f) => current[f] === 0 && previous[f] === 0);
  return (
    <DashboardCard id="seller-figures" wide title={t('title', { days })} more={{ to: '/profile/seller/statistics', label: t('all') }}>
      {empty ? (
        <p className="seller-empty" data-testid="seller-figures-empty">
          {t('none')}
        </p>
      ) : (
        <TableScroll>
        <table className="seller-figures">
          <thead>
            <tr>
              <th scope="col">{t('figure')}</th>
              <th scope="col">{t('current', { days })}</th>
              <th scope="col">{t('previous', { days })}</th>
              <th scope="col">{t('change')}</th>
            </tr>
          </thead>
          <tbody>
            {FIGURES.map((figure) => (
              <tr key={figure} data-testid={`seller-figure-${figure}`}>
                <th scope="row">{t(figure)}</th>
                <td>{show(figure, current[figure])}</td>
                <td>{show(figure, previous[figure])}</td>
                <td>{change(current[figure], previous[figure])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </TableScroll>
      )}
    </DashboardCard>
  );
}
