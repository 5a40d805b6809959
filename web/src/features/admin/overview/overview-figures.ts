import {
  dayNumber,
  DAY_SERIES_MAX_DAYS,
  formatUsd,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  comparisonRange,
  RANGE_PRESET_LABELS,
  rangeLength,
  type DayRange,
  type OrderStatus,
  type ProductFigure,
  type RangePreset,
  type SalesOverviewResponse,
  type SalesPoint,
  type SeriesInterval,
} from '@portal/domain';
import { dateFormatter, numberFormatter } from '@/lib/intl-formats';

/**
 * The Overview's words and numbers: dates, the change against the previous period, the charts'
 * rows and their one-line summaries (the charts' accessible names). No React, no Recharts.
 */

const MS_PER_DAY = 24 * 3600 * 1000;
const monthDay = dateFormatter({
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const monthDayYear = dateFormatter({
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthYear = dateFormatter({
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A business day ('YYYY-MM-DD') as a Date at UTC midnight, for the formats above. */
function dayDate(day: string): Date {
  return new Date((dayNumber(day) ?? 0) * MS_PER_DAY);
}

/** "Oct 1", or "Oct 1, 2025" when `withYear`. */
export function formatDay(day: string, withYear = false): string {
  return (withYear ? monthDayYear : monthDay).format(dayDate(day));
}

/** "Oct 1 – Oct 31" in the current year, "Dec 1, 2025 – Jan 31, 2026" otherwise; one day alone. */
export function formatDayRange(range: DayRange, today: string): string {
  const year = today.slice(0, 4);
  const withYear = range.from.slice(0, 4) !== year || range.to.slice(0, 4) !== year;
  if (range.from === range.to) return formatDay(range.from, withYear);
  return `${formatDay(range.from, withYear)} – ${formatDay(range.to, withYear)}`;
}

/**
 * What the totals are compared with (comparisonRange: the period people mean by the preset):
 * "vs. the previous 7 days", "vs. Oct 1 – Oct 31" for Last month in November.
 */
export function comparisonText(preset: RangePreset, range: DayRange, today: string): string {
  if (preset === 'today') return 'vs. the previous day';
  if (preset === 'last-7-days' || preset === 'last-30-days')
    return `vs. the previous ${rangeLength(range)} days`;
  return `vs. ${formatDayRange(comparisonRange(range, preset), today)}`;
}

/** What the period figures cover: "Last month: Nov 1 – Nov 30", or the days of a custom range. */
export function periodLabel(preset: RangePreset, range: DayRange, today: string): string {
  const days = formatDayRange(range, today);
  return preset === 'custom' ? days : `${RANGE_PRESET_LABELS[preset]}: ${days}`;
}

export interface Change {
  kind: 'up' | 'down' | 'same' | 'new';
  /** What is shown: "▲ 12.5%", "▼ 3.0%", "No change", "New". */
  text: string;
  /** What a screen reader says: "up 12.5% from the previous period". */
  label: string;
}

/** The change of a figure against the previous period's. */
export function change(current: number, previous: number): Change {
  if (current === previous)
    return { kind: 'same', text: 'No change', label: 'no change from the previous period' };
  if (previous === 0)
    return current > 0
      ? { kind: 'new', text: 'New', label: 'new: none in the previous period' }
      : { kind: 'down', text: '▼', label: 'down from none in the previous period' };
  const percent = (Math.abs(current - previous) / Math.abs(previous)) * 100;
  const amount = `${percent.toFixed(1)}%`;
  return current > previous
    ? { kind: 'up', text: `▲ ${amount}`, label: `up ${amount} from the previous period` }
    : { kind: 'down', text: `▼ ${amount}`, label: `down ${amount} from the previous period` };
}

// ---- The revenue series ----------------------------------------------------------------------

/** The column heading of a bucket: "Day", "Week of", "Month". */
export const INTERVAL_HEADINGS: Readonly<Record<SeriesInterval, string>> = {
  day: 'Day',
  week: 'Week of',
  month: 'Month',
};

export const INTERVAL_WORDS: Readonly<Record<SeriesInterval, string>> = {
  day: 'day',
  week: 'week',
  month: 'month',
};

/** A bucket's name: "Jan 5" (a day, or the Monday a week starts), "Jan 2026" (a month). */
export function bucketLabel(start: string, interval: SeriesInterval): string {
  return interval === 'month' ? monthYear.format(dayDate(start)) : formatDay(start);
}

/** Why the chart is coarser than asked, or null when it is not. */
export function intervalNote(asked: 'day' | 'week', used: SeriesInterval): string | null {
  if (used === asked) return null;
  if (used === 'month') return 'Shown per month for ranges over 2 years';
  if (used === 'week') return `Shown per week for ranges over ${DAY_SERIES_MAX_DAYS} days`;
  return null;
}

export const hasSales = (series: readonly SalesPoint[]) =>
  series.some((point) => point.revenue !== 0 || point.orders !== 0);

export function revenueSummary(
  series: readonly SalesPoint[],
  interval: SeriesInterval,
  rangeText: string,
): string {
  const total = series.reduce((sum, point) => sum + point.revenue, 0);
  const best = series.reduce<SalesPoint | null>(
    (top, point) => (top === null || point.revenue > top.revenue ? point : top),
    null,
  );
  const head = `Revenue per ${INTERVAL_WORDS[interval]}, ${rangeText}: ${formatUsd(total)} in all`;
  if (!best || best.revenue <= 0) return `${head}.`;
  const when = interval === 'day' ? 'on' : interval === 'week' ? 'in the week of' : 'in';
  return `${head}, the most ${when} ${bucketLabel(best.start, interval)} (${formatUsd(best.revenue)}).`;
}

// ---- Orders by status ------------------------------------------------------------------------

export interface StatusRow {
  status: Exclude<OrderStatus, 'pending'>;
  label: string;
  orders: number;
}

export function statusRows(byStatus: SalesOverviewResponse['byStatus']): StatusRow[] {
  return ORDER_STATUSES.filter((status) => status !== 'pending').map((status) => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    orders: byStatus[status] ?? 0,
  }));
}

export function statusSummary(rows: readonly StatusRow[]): string {
  return `Paid orders by status: ${rows.map((row) => `${row.label} ${row.orders}`).join(', ')}.`;
}

// ---- Top products ----------------------------------------------------------------------------

export type ProductMeasure = 'revenue' | 'units';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function productValue(product: ProductFigure, measure: ProductMeasure): string {
  return measure === 'revenue' ? formatUsd(product.revenue) : plural(product.units, 'unit');
}

export function productsSummary(rows: readonly ProductFigure[], measure: ProductMeasure): string {
  const top = rows
    .slice(0, 3)
    .map((product) => `${product.name} (${productValue(product, measure)})`)
    .join(', ');
  const more = rows.length > 3 ? ` and ${rows.length - 3} more` : '';
  return `Top ${rows.length} products by ${measure}, highest first: ${top}${more}.`;
}

/** "$1.2K" for an axis. */
const compactUsd = numberFormatter({
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
export const axisUsd = (cents: number) => compactUsd.format(cents / 100);
