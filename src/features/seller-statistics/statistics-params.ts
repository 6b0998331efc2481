import { useSearchParams } from 'react-router';
import { STATISTICS_DEFAULT_PERIOD, STATISTICS_PERIODS, isDay, type StatisticsPeriod } from '../../../shared/validation/statistics-range';
import type { StatisticsArgs } from './statistics-api';

/** What the screen shows, from its URL: `?business=3&period=7`, or `?from=2026-01-01&to=2026-01-31` for a custom range. */
export function useStatisticsParams(): StatisticsArgs & { period: StatisticsPeriod | 'custom' } {
  const [params] = useSearchParams();
  const business = Number(params.get('business'));
  const businessId = Number.isInteger(business) && business > 0 ? business : undefined;
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (isDay(from) && isDay(to)) return { businessId, from, to, period: 'custom' };
  const period = STATISTICS_PERIODS.find((p) => p === params.get('period')) ?? STATISTICS_DEFAULT_PERIOD;
  return { businessId, period };
}
