import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { STATISTICS_PERIODS, addDays, statisticsRange, utcDay } from '../../../shared/validation/statistics-range';
import type { ValidationMessage } from '../../../shared/validation/message';
import { useStatisticsBusinessesQuery } from './statistics-api';
import { useStatisticsParams } from './statistics-params';

/** The business (or all), the period and a custom range: all in the URL, so a view can be linked and reloaded. */
export function StatisticsControls() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const current = useStatisticsParams();
  const { data: businesses } = useStatisticsBusinessesQuery();
  const today = utcDay(new Date());
  const [from, setFrom] = useState(current.from ?? addDays(today, -29));
  const [to, setTo] = useState(current.to ?? today);
  const [errors, setErrors] = useState<Record<string, ValidationMessage[]>>({});
  const [custom, setCustom] = useState(current.period === 'custom');

  const change = (edit: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next);
  };
  const choosePeriod = (period: string) => {
    setCustom(period === 'custom');
    if (period !== 'custom')
      change((next) => {
        next.set('period', period);
        next.delete('from');
        next.delete('to');
      });
  };
  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    const range = statisticsRange({ from, to }, today);
    if (!range.ok) return setErrors(range.errors);
    setErrors({});
    change((next) => {
      next.delete('period');
      next.set('from', range.from);
      next.set('to', range.to);
    });
  };
  const errorText = (field: string) =>
    errors[field]?.map((m) => (
      <span key={m.key} className="field-error" role="alert">
        {intl.formatMessage({ id: m.key }, m.values)}
      </span>
    ));

  return (
    <div className="stats-controls">
      <label>
        {intl.formatMessage({ id: 'statistics.ui.business' })}{' '}
        <select
          data-testid="statistics-business"
          value={current.businessId ? String(current.businessId) : ''}
          onChange={(event) => change((next) => (event.target.value ? next.set('business', event.target.value) : next.delete('business')))}
        >
          <option value="">{intl.formatMessage({ id: 'statistics.ui.allItems' })}</option>
          {businesses?.data.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="stats-periods">
        <legend>{intl.formatMessage({ id: 'statistics.ui.period' })}</legend>
        {[...STATISTICS_PERIODS, 'custom' as const].map((period) => (
          <label key={period}>
            <input type="radio" name="period" value={period} checked={custom ? period === 'custom' : current.period === period} onChange={() => choosePeriod(period)} />{' '}
            {intl.formatMessage({ id: period === 'custom' ? 'statistics.ui.custom' : 'statistics.ui.lastDays' }, { days: period })}
          </label>
        ))}
      </fieldset>
      {custom ? (
        <form className="stats-range" onSubmit={applyRange} noValidate>
          <label>
            {intl.formatMessage({ id: 'statistics.ui.from' })} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={Boolean(errors.from)} />
            {errorText('from')}
          </label>
          <label>
            {intl.formatMessage({ id: 'statistics.ui.to' })} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={Boolean(errors.to)} />
            {errorText('to')}
          </label>
          <button type="submit" className="button">
            {intl.formatMessage({ id: 'statistics.ui.apply' })}
          </button>
        </form>
      ) : null}
    </div>
  );
}
