/**
 * The form picks whole days in the seller's own calendar; the API takes moments. A banner runs
 * from the start of its first day to the end of its last (the next day's midnight), local time.
 */
const DAY_INPUT = /^\d{4}-\d{2}-\d{2}$/;

function localMidnight(day: string): Date | null {
  if (!DAY_INPUT.test(day)) return null;
  const [year, month, date] = day.split('-').map(Number);
  const moment = new Date(year, month - 1, date);
  return Number.isNaN(moment.getTime()) ? null : moment;
}

/** The first day's start as ISO 8601 ('' when no day is chosen, so the rule says it is missing). */
export const startOfDay = (day: string) => localMidnight(day)?.toISOString() ?? (day ? 'invalid' : '');

/** The last day's end: the next day's local midnight. */
export function endOfDay(day: string): string {
  const moment = localMidnight(day);
  if (!moment) return day ? 'invalid' : '';
  return new Date(moment.getFullYear(), moment.getMonth(), moment.getDate() + 1).toISOString();
}

/** A day as the date input writes it (`2026-05-01`), in local time. */
export function dayInput(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The last day a stored end falls within (the moment just before it). */
export const lastDayOf = (endsAt: string) => new Date(Date.parse(endsAt) - 1);
