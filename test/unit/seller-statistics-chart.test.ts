import type { StatisticsDay } from '../../shared/api/seller-statistics';
import { statisticsRange } from '../../shared/validation/statistics-range';
import { CHART_BOX, axisTicks, chartSeries, dayLabels, niceMax } from '../../src/features/seller-statistics/chart-data';

const day = (d: string, figures: Partial<StatisticsDay> = {}): StatisticsDay => ({
  day: d,
  page_views: 0,
  list_views: 0,
  favorites: 0,
  subscriptions: 0,
  chats: 0,
  orders: 0,
  revenue: 0,
  conversion: null,
  ...figures,
});

const days = [day('2026-11-01', { page_views: 3, orders: 1 }), day('2026-11-02', { page_views: 7 }), day('2026-11-03', { page_views: 0, orders: 2 })];

test('one line per metric through every day, left to right, against a shared round top', () => {
  const { series, top } = chartSeries(days, ['page_views', 'orders']);
  expect(top).toBe(10);
  expect(series.map((s) => [s.metric, s.total])).toEqual([
    ['page_views', 10],
    ['orders', 3],
  ]);
  const views = series[0].points;
  expect(views.map((p) => p.x)).toEqual([CHART_BOX.left, (CHART_BOX.left + CHART_BOX.width - CHART_BOX.right) / 2, CHART_BOX.width - CHART_BOX.right]);
  const floor = CHART_BOX.height - CHART_BOX.bottom;
  // 7 of 10 is 70% of the way up; 0 sits on the floor.
  expect(views[1].y).toBeCloseTo(floor - 0.7 * (floor - CHART_BOX.top), 0);
  expect(views[2].y).toBe(floor);
  expect(series[0].path).toBe(`M${views[0].x} ${views[0].y} L${views[1].x} ${views[1].y} L${views[2].x} ${views[2].y}`);
});

test('a period without figures draws flat lines on the floor, and one day sits in the middle', () => {
  const { series, top } = chartSeries([day('2026-11-01')], ['page_views']);
  expect(top).toBe(1);
  expect(series[0].points[0]).toMatchObject({ x: (CHART_BOX.left + CHART_BOX.width - CHART_BOX.right) / 2, y: CHART_BOX.height - CHART_BOX.bottom, value: 0 });
});

test('round tops and ticks', () => {
  expect([0, 1, 3, 7, 10, 11, 120, 4_999].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 200, 5_000]);
  expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
});

test('day labels: all of a short period, about six of a long one with both ends', () => {
  expect(dayLabels(days)).toEqual([0, 1, 2]);
  const ninety = Array.from({ length: 90 }, (_, i) => day(`d${i}`));
  const labels = dayLabels(ninety);
  expect(labels).toHaveLength(6);
  expect(labels[0]).toBe(0);
  expect(labels[5]).toBe(89);
});

test('the range rule the form and the server share', () => {
  expect(statisticsRange({ period: '7' }, '2026-11-24')).toEqual({ ok: true, from: '2026-11-18', to: '2026-11-24' });
  expect(statisticsRange({ from: '2026-11-10', to: '2026-11-01' }, '2026-11-24')).toEqual({ ok: false, errors: { to: [{ key: 'statistics.errors.reversed' }] } });
  expect(statisticsRange({ from: '2025-01-01', to: '2026-11-01' }, '2026-11-24')).toMatchObject({ ok: false, errors: { to: [{ key: 'statistics.errors.tooLong' }] } });
});
