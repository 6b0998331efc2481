import type { IntlShape } from 'react-intl';

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "5 minutes ago" up to a week back, then the date itself. */
export function relativeTime(intl: IntlShape, iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  let value = Math.round((then - now) / 1000);
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return intl.formatRelativeTime(value, unit, { numeric: 'auto' });
    value = Math.round(value / size);
  }
  return intl.formatDate(then, { dateStyle: 'medium' });
}
