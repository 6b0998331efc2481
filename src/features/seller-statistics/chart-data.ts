import type { StatisticsDay } from '../../../shared/api/seller-statistics';

/** The lines the chart can draw: figures counted per day. */
export const CHART_METRICS = ['page_views', 'list_views', 'favorites', 'chats', 'orders'] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

export interface ChartBox {
  width: number;
  height: number;
  /** Room left for the axis labels. */
  left: number;
  bottom: number;
  top: number;
  right: number;
}

export const CHART_BOX: ChartBox = { width: 720, height: 260, left: 44, bottom: 28, top: 12, right: 12 };

export interface ChartPoint {
  x: number;
  y: number;
  day: string;
  value: number;
}

export interface ChartSeries {
  metric: ChartMetric;
  points: ChartPoint[];
  /** The SVG path through the points (`M x y L x y …`). */
  path: string;
  total: number;
}

/** A round top for the value axis at or above `max` (1, 2, 5 × 10ⁿ), never 0 so a flat line sits on the floor. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max)!;
  return step * power;
}

/** Evenly spaced values from 0 to `top` for the axis (`count` steps). */
export function axisTicks(top: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => Math.round(((top * i) / count) * 100) / 100);
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Turns the report's days into one line per metric, in the chart's coordinates: days spread
 * evenly left to right (one day is a point in the middle), values up from the floor against a
 * shared round top, so the lines compare.
 */
export function chartSeries(days: StatisticsDay[], metrics: readonly ChartMetric[], box: ChartBox = CHART_BOX): { series: ChartSeries[]; top: number } {
  const top = niceMax(Math.max(0, ...days.flatMap((d) => metrics.map((m) => d[m]))));
  const innerWidth = box.width - box.left - box.right;
  const innerHeight = box.height - box.top - box.bottom;
  const xOf = (i: number) => round(box.left + (days.length > 1 ? (innerWidth * i) / (days.length - 1) : innerWidth / 2));
  const yOf = (value: number) => round(box.top + innerHeight - (innerHeight * value) / top);
  const series = metrics.map((metric) => {
    const points = days.map((d, i) => ({ x: xOf(i), y: yOf(d[metric]), day: d.day, value: d[metric] }));
    return {
      metric,
      points,
      path: points.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join(' '),
      total: points.reduce((sum, p) => sum + p.value, 0),
    };
  });
  return { series, top };
}

/** Which days get a label under the axis: about `count` of them, first and last always. */
export function dayLabels(days: StatisticsDay[], count = 6): number[] {
  if (days.length <= count) return days.map((_, i) => i);
  const step = (days.length - 1) / (count - 1);
  return Array.from(new Set(Array.from({ length: count }, (_, i) => Math.round(i * step))));
}
