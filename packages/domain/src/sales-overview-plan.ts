import {
  addDays,
  DAY_SERIES_MAX_DAYS,
  dayNumber,
  dayOfNumber,
  previousRange,
  rangeLength,
  TOP_LIST_SIZE,
  WEEK_SERIES_MAX_DAYS,
  type DayRange,
  type ProductFigure,
  type SalesOverviewResponse,
  type SalesPoint,
  type SalesTotals,
  type SeriesInterval,
  type StoreFigure,
} from './insights';
import { claimsOverview, creditsGiven, netRevenueAfterCredits } from './claim-rollups';
import {
  emptyRollup,
  monthDays,
  monthOf,
  rollupDays,
  rollupRef,
  ROLLUP_COLLECTIONS,
  sumRollups,
  weekStart,
  type RollupLevel,
  type RollupRef,
  type SalesRollup,
} from './sales-rollups';

/**
 * The read side of the sales rollups (sales-rollups.ts): which rollup documents answer an
 * Overview of a range (planOverview: the fewest documents, each day once), how to read them
 * (rollupRuns: a range query per run of documents that follow each other), and the Overview
 * made from them (summarizeOverview).
 */

/** Code-unit order of ids, the tie-break of the top lists. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---- which documents answer a range -------------------------------------------------------------

/** The interval of the series: days up to 92 days, weeks up to two years, months beyond. */
export function seriesInterval(range: DayRange, asked: 'day' | 'week' = 'day'): SeriesInterval {
  const days = rangeLength(range);
  if (asked === 'day' && days <= DAY_SERIES_MAX_DAYS) return 'day';
  if (days <= WEEK_SERIES_MAX_DAYS) return 'week';
  return 'month';
}

/**
 * The fewest rollup documents whose days are exactly the range (each day once): whole months,
 * whole weeks and single days, found by a shortest path over the days (ties go to the larger
 * document).
 */
export function coverRange(range: DayRange): RollupRef[] {
  const first = dayNumber(range.from);
  const last = dayNumber(range.to);
  if (first === null || last === null)
    throw new Error(`Not a day: ${first === null ? range.from : range.to}`);
  const length = last - first + 1;
  if (length <= 0) return [];
  // best[i]: the fewest documents covering days first+i .. last; step[i]: the first of them.
  const best = new Array<number>(length + 1).fill(0);
  const step = new Array<{ ref: RollupRef; days: number } | null>(length + 1).fill(null);
  for (let i = length - 1; i >= 0; i -= 1) {
    const day = dayOfNumber(first + i);
    const options: Array<{ ref: RollupRef; days: number }> = [];
    if (day.endsWith('-01')) {
      const month = monthDays(monthOf(day));
      const days = rangeLength(month);
      if (i + days <= length) options.push({ ref: rollupRef('month', monthOf(day)), days });
    }
    if (weekStart(day) === day && i + 7 <= length) {
      options.push({ ref: rollupRef('week', day), days: 7 });
    }
    options.push({ ref: rollupRef('day', day), days: 1 });
    let chosen = options[0]!;
    for (const option of options) {
      if (best[i + option.days]! < best[i + chosen.days]!) chosen = option;
    }
    best[i] = 1 + best[i + chosen.days]!;
    step[i] = chosen;
  }
  const refs: RollupRef[] = [];
  for (let i = 0; i < length;) {
    const chosen = step[i]!;
    refs.push(chosen.ref);
    i += chosen.days;
  }
  return refs;
}

/** A bucket of the chart: its first day and the documents that hold its days of the range. */
export interface SeriesBucket {
  start: string;
  refs: RollupRef[];
}

/** What getSalesOverview reads for a range: the series, and the previous period's cover. */
export interface OverviewPlan {
  range: DayRange;
  previousRange: DayRange;
  interval: SeriesInterval;
  /** Every bucket of the range in order; together their documents cover the range exactly. */
  series: SeriesBucket[];
  /** The fewest documents covering the previous period (its totals only). */
  previous: RollupRef[];
  /** Every document to read, once. */
  reads: RollupRef[];
}

const clip = (bucket: DayRange, range: DayRange): DayRange => ({
  from: bucket.from > range.from ? bucket.from : range.from,
  to: bucket.to < range.to ? bucket.to : range.to,
});
const sameRange = (a: DayRange, b: DayRange) => a.from === b.from && a.to === b.to;

function daysOf(range: DayRange): RollupRef[] {
  const refs: RollupRef[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    refs.push(rollupRef('day', day));
  }
  return refs;
}

function seriesOf(range: DayRange, interval: SeriesInterval): SeriesBucket[] {
  if (interval === 'day') return daysOf(range).map((ref) => ({ start: ref.id, refs: [ref] }));
  const buckets: SeriesBucket[] = [];
  if (interval === 'week') {
    for (let monday = weekStart(range.from); monday <= range.to; monday = addDays(monday, 7)) {
      const days = rollupDays({ level: 'week', id: monday });
      const inside = clip(days, range);
      // A week partly outside the range counts only its days inside: those are read as days.
      buckets.push({
        start: monday,
        refs: sameRange(days, inside) ? [rollupRef('week', monday)] : daysOf(inside),
      });
    }
    return buckets;
  }
  for (
    let month = monthOf(range.from);
    month <= monthOf(range.to);
    month = monthOf(addDays(monthDays(month).to, 1))
  ) {
    const days = monthDays(month);
    const inside = clip(days, range);
    buckets.push({
      start: days.from,
      refs: sameRange(days, inside) ? [rollupRef('month', month)] : coverRange(inside),
    });
  }
  return buckets;
}

/** The documents to read for an Overview of `range` (a valid range: see rangeProblem). */
export function planOverview(
  range: DayRange,
  asked: 'day' | 'week' = 'day',
  previous: DayRange = previousRange(range),
): OverviewPlan {
  const interval = seriesInterval(range, asked);
  const series = seriesOf(range, interval);
  const previousRefs = coverRange(previous);
  const reads = new Map<string, RollupRef>();
  for (const ref of [...series.flatMap((b) => b.refs), ...previousRefs]) reads.set(ref.path, ref);
  return {
    range,
    previousRange: previous,
    interval,
    series,
    previous: previousRefs,
    reads: [...reads.values()],
  };
}

// ---- how to read them -------------------------------------------------------------------------

/**
 * Rollup documents of one level whose ids follow each other with no gap (consecutive days, weeks
 * or months), first to last: one range query on the document id reads them all.
 */
export interface RollupRun {
  level: RollupLevel;
  /** The collection (sales_days, sales_weeks, sales_months). */
  collection: string;
  /** The first and last ids of the run: the range query's bounds, both included. */
  first: string;
  last: string;
  refs: RollupRef[];
}

/** The id of the document after `ref` at its level: the next day, week or month. */
function nextRollupId(ref: Pick<RollupRef, 'level' | 'id'>): string {
  const next = addDays(rollupDays(ref).to, 1);
  return ref.level === 'month' ? monthOf(next) : next;
}

/**
 * The documents as runs (rollupRuns), to be read with a range query each rather than a batch get:
 * Firestore bills a batch get one read per document asked for, those that do not exist too (most
 * days of a quiet shop have no sales), and a query one per document it returns (one when it
 * returns none). The ids of a level sort as their days do (YYYY-MM-DD, YYYY-MM), so the documents
 * between a run's first and last ids are the run's own. Each document once; runs by level, then id.
 */
export function rollupRuns(refs: readonly RollupRef[]): RollupRun[] {
  const unique = new Map<string, RollupRef>();
  for (const ref of refs) unique.set(ref.path, ref);
  const sorted = [...unique.values()].sort(
    (a, b) => compare(a.level, b.level) || compare(a.id, b.id),
  );
  const runs: RollupRun[] = [];
  for (const ref of sorted) {
    const run = runs[runs.length - 1];
    if (
      run &&
      run.level === ref.level &&
      nextRollupId({ level: run.level, id: run.last }) === ref.id
    ) {
      run.last = ref.id;
      run.refs.push(ref);
    } else {
      runs.push({
        level: ref.level,
        collection: ROLLUP_COLLECTIONS[ref.level],
        first: ref.id,
        last: ref.id,
        refs: [ref],
      });
    }
  }
  return runs;
}

// ---- the answer ------------------------------------------------------------------------------

export function salesTotals(rollup: SalesRollup): SalesTotals {
  const revenue = rollup.revenue - rollup.refunded;
  return {
    revenue,
    refunded: rollup.refunded,
    paidOrders: rollup.paid_orders,
    averageOrderValue: rollup.paid_orders > 0 ? Math.round(revenue / rollup.paid_orders) : 0,
    approvedBuyers: rollup.approved_buyers,
    listDiscount: rollup.list_discount,
    collected: revenue - rollup.uncollected,
    credits: creditsGiven(rollup),
    netAfterCredits: netRevenueAfterCredits(rollup),
  };
}

/** Top products by revenue (ties: units, then id), only those with figures. */
export function topProductsByRevenue(rollup: SalesRollup, size = TOP_LIST_SIZE): ProductFigure[] {
  return productFigures(rollup)
    .sort((a, b) => b.revenue - a.revenue || b.units - a.units || compare(a.productId, b.productId))
    .slice(0, size);
}

/** Top products by units (ties: revenue, then id). */
export function topProductsByUnits(rollup: SalesRollup, size = TOP_LIST_SIZE): ProductFigure[] {
  return productFigures(rollup)
    .sort((a, b) => b.units - a.units || b.revenue - a.revenue || compare(a.productId, b.productId))
    .slice(0, size);
}

function productFigures(rollup: SalesRollup): ProductFigure[] {
  return Object.entries(rollup.products)
    .filter(([, p]) => p.revenue !== 0 || p.units !== 0 || p.list_discount !== 0)
    .map(([productId, p]) => ({
      productId,
      name: p.name || productId,
      revenue: p.revenue,
      units: p.units,
      listDiscount: p.list_discount,
    }));
}

/** Top stores by revenue net of refunds (ties: orders, then uid); lastOrderAt left null. */
export function topStores(rollup: SalesRollup, size = TOP_LIST_SIZE): StoreFigure[] {
  return Object.entries(rollup.stores)
    .filter(([, s]) => s.orders !== 0 || s.revenue !== 0)
    .map(([uid, s]) => ({
      uid,
      storeName: s.name,
      revenue: s.revenue,
      orders: s.orders,
      lastOrderAt: null,
    }))
    .sort((a, b) => b.revenue - a.revenue || b.orders - a.orders || compare(a.uid, b.uid))
    .slice(0, size);
}

/**
 * The Overview from the documents the plan named (by path; a missing one counts as empty). The
 * top stores' lastOrderAt is left null: the caller looks it up.
 */
export function summarizeOverview(
  plan: OverviewPlan,
  docs: ReadonlyMap<string, SalesRollup>,
): SalesOverviewResponse {
  const rollupOf = (ref: RollupRef) => docs.get(ref.path) ?? emptyRollup();
  const buckets = plan.series.map((bucket) => ({
    start: bucket.start,
    rollup: sumRollups(bucket.refs.map(rollupOf)),
  }));
  const total = sumRollups(buckets.map((b) => b.rollup));
  const series: SalesPoint[] = buckets.map(({ start, rollup }) => ({
    start,
    revenue: rollup.revenue - rollup.refunded,
    orders: rollup.paid_orders,
  }));
  return {
    range: plan.range,
    previousRange: plan.previousRange,
    totals: salesTotals(total),
    previousTotals: salesTotals(sumRollups(plan.previous.map(rollupOf))),
    interval: plan.interval,
    series,
    byStatus: { ...total.statuses },
    topProductsByRevenue: topProductsByRevenue(total),
    topProductsByUnits: topProductsByUnits(total),
    topStores: topStores(total),
    claims: claimsOverview(total, TOP_LIST_SIZE),
  };
}
