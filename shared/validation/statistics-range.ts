import { msg, type ValidationMessage } from './message';

/**
 * The one rule for the period a seller's statistics cover (issue 16 item 4):
 * the last 7, 30 or 90 days, or a custom range of at most a year. Days are
 * UTC calendar days (`YYYY-MM-DD`), the days `item_stats_daily` counts in.
 * The server checks queries with it; the SPA's custom range form shows the same messages.
 */
export const STATISTICS_PERIODS = ['7', '30', '90'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const STATISTICS_DEFAULT_PERIOD: StatisticsPeriod = '30';
/** The longest custom range, in days, both ends included. */
export const STATISTICS_RANGE_MAX_DAYS = 366;
export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment, in UTC. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** A real calendar day in `YYYY-MM-DD` (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!new RegExp(DAY_PATTERN).test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && utcDay(new Date(time)) === value;
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export interface StatisticsRangeInput {
  period?: StatisticsPeriod;
  from?: string;
  to?: string;
}

export type StatisticsRange = { ok: true; from: string; to: string } | { ok: false; errors: Record<string, ValidationMessage[]> };

/**
 * The range a query asks for: `from`/`to` when either is given (both then required,
 * real days, not reversed, at most a year), else the last `period` days up to `today`.
 */
export function statisticsRange(input: StatisticsRangeInput, today: string): StatisticsRange {
  if (input.from === undefined && input.to === undefined) {
    const days = Number(input.period ?? STATISTICS_DEFAULT_PERIOD);
    return { ok: true, from: addDays(today, 1 - days), to: today };
  }
  const errors: Record<string, ValidationMessage[]> = {};
  for (const field of ['from', 'to'] as const) {
    const value = input[field];
    if (value === undefined || value === '') errors[field] = [msg('validation.required')];
    else if (!isDay(value)) errors[field] = [msg('statistics.errors.day')];
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const from = input.from!;
  const to = input.to!;
  if (to < from) return { ok: false, errors: { to: [msg('statistics.errors.reversed')] } };
  if (daysBetween(from, to) > STATISTICS_RANGE_MAX_DAYS) return { ok: false, errors: { to: [msg('statistics.errors.tooLong', { max: STATISTICS_RANGE_MAX_DAYS })] } };
  return { ok: true, from, to };
}
