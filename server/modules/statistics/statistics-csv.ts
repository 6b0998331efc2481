import type { StatisticsReport } from '../../../shared/api/seller-statistics';

/** The CSV's columns in order: the message id of each header and how a day's value is written. */
const COLUMNS: Array<[string, (d: StatisticsReport['days'][number]) => string]> = [
  ['statistics.csv.day', (d) => d.day],
  ['statistics.csv.pageViews', (d) => String(d.page_views)],
  ['statistics.csv.listViews', (d) => String(d.list_views)],
  ['statistics.csv.favorites', (d) => String(d.favorites)],
  ['statistics.csv.subscriptions', (d) => String(d.subscriptions)],
  ['statistics.csv.chats', (d) => String(d.chats)],
  ['statistics.csv.orders', (d) => String(d.orders)],
  // Money in major units with two places (minor units would read as a hundred times too much in a spreadsheet).
  ['statistics.csv.revenue', (d) => (d.revenue / 100).toFixed(2)],
  ['statistics.csv.conversion', (d) => (d.conversion === null ? '' : (d.conversion * 100).toFixed(2))],
];

const cell = (value: string) => (/[",\n\r;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The report's days as CSV: a header row in the reader's language (`t` translates), one row per
 * day, CRLF line ends, and a byte-order mark so spreadsheet programs read the Cyrillic headers as UTF-8.
 */
export function statisticsCsv(report: StatisticsReport, t: (key: string) => string): string {
  const lines = [COLUMNS.map(([key]) => cell(t(key))).join(','), ...report.days.map((d) => COLUMNS.map(([, value]) => cell(value(d))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const csvFileName = (report: StatisticsReport) => `statistics-${report.from}-${report.to}.csv`;
