import type { IntlShape } from 'react-intl';

/** Today's times as hours and minutes, older ones as a short date. */
export function shortTime(intl: IntlShape, iso: string, now = new Date()): string {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return sameDay ? intl.formatTime(date, { hour: '2-digit', minute: '2-digit' }) : intl.formatDate(date, { day: 'numeric', month: 'short' });
}
