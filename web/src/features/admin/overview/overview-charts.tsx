import {
  chartLabels,
  formatUsd,
  type ProductFigure,
  type SalesPoint,
  type SeriesInterval,
} from '@portal/domain';
import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisUsd, bucketLabel, type ProductMeasure, type StatusRow } from './overview-figures';

/**
 * The Overview's charts: the only module that imports Recharts, loaded lazily (overview-panel),
 * so the dashboard's first load does not carry the chart library. Each chart is an image to
 * assistive technology (role="img") named by a one-line summary; the table beside it (Show
 * table) carries the same figures.
 *
 * No animation (NO_ANIMATION on the bars and tooltips): the bars are drawn whole at
 * once. Recharts' growing bars re-render the chart every frame for their whole run, each time the
 * data comes (a returning manager's last view, then the fresh read): hundreds of milliseconds of
 * main-thread work on a phone, and motion that a reduced-motion setting would not stop. Each chart
 * is memoised: a fresh read that equals what is shown (the query keeps the same objects) does not
 * draw it again.
 */

/** Spread on every Bar and Tooltip (see above). */
const NO_ANIMATION = { isAnimationActive: false } as const;
const BAR = '#6d28d9';
const GRID = '#e9e3f7';
const TICK = { fill: '#5b4b8a', fontSize: 12 };
const HEIGHT = 280;

const usdTooltip = (value: unknown) => formatUsd(Number(value));
/**
 * A product's label on the axis: what tells its name apart from the others' (chartLabels: "Wild
 * Cherry Lime" for "Blue Coast Syrup - Wild Cherry Lime" among its siblings), with the full name
 * as its hover title; the tooltip and the table have it whole too.
 */
function ProductTick({
  x,
  y,
  payload,
  labels,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
  labels: ReadonlyMap<string, string>;
}) {
  const name = String(payload?.value ?? '');
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text x={-4} y={0} dy="0.355em" textAnchor="end" fill={TICK.fill} fontSize={TICK.fontSize}>
        <title>{name}</title>
        {labels.get(name) ?? name}
      </text>
    </g>
  );
}

export const RevenueChart = memo(function RevenueChart({
  series,
  interval,
  summary,
}: {
  series: SalesPoint[];
  interval: SeriesInterval;
  summary: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart
        data={series}
        role="img"
        aria-label={summary}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="start"
          tickFormatter={(start: string) => bucketLabel(start, interval)}
          tick={TICK}
          minTickGap={12}
        />
        <YAxis tickFormatter={axisUsd} tick={TICK} width={64} />
        <Tooltip
          {...NO_ANIMATION}
          formatter={usdTooltip}
          labelFormatter={(start) => bucketLabel(String(start), interval)}
        />
        <Bar dataKey="revenue" name="Revenue" fill={BAR} radius={[3, 3, 0, 0]} {...NO_ANIMATION} />
      </BarChart>
    </ResponsiveContainer>
  );
});

export const StatusChart = memo(function StatusChart({
  rows,
  summary,
}: {
  rows: StatusRow[];
  summary: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart
        data={rows}
        role="img"
        aria-label={summary}
        accessibilityLayer={false}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis dataKey="label" tick={TICK} interval={0} />
        <YAxis allowDecimals={false} tick={TICK} width={40} />
        <Tooltip {...NO_ANIMATION} />
        <Bar dataKey="orders" name="Orders" fill={BAR} radius={[3, 3, 0, 0]} {...NO_ANIMATION} />
      </BarChart>
    </ResponsiveContainer>
  );
});

export const ProductsChart = memo(function ProductsChart({
  rows,
  measure,
  summary,
}: {
  rows: ProductFigure[];
  measure: ProductMeasure;
  summary: string;
}) {
  const money = measure === 'revenue';
  const labels = useMemo(() => {
    const names = rows.map((row) => row.name);
    const short = chartLabels(names);
    return new Map(names.map((name, index) => [name, short[index]!]));
  }, [rows]);
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, rows.length * 32 + 40)}>
      <BarChart
        data={rows}
        layout="vertical"
        role="img"
        aria-label={summary}
        accessibilityLayer={false}
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      >
        <CartesianGrid horizontal={false} stroke={GRID} />
        <XAxis
          type="number"
          tickFormatter={money ? axisUsd : undefined}
          allowDecimals={false}
          tick={TICK}
        />
        <YAxis
          type="category"
          dataKey="name"
          tick={<ProductTick labels={labels} />}
          width={150}
          interval={0}
        />
        <Tooltip {...NO_ANIMATION} formatter={money ? usdTooltip : undefined} />
        <Bar
          dataKey={measure}
          name={money ? 'Revenue' : 'Units'}
          fill={BAR}
          radius={[0, 3, 3, 0]}
          {...NO_ANIMATION}
        />
      </BarChart>
    </ResponsiveContainer>
  );
});
