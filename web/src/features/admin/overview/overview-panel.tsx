import {
  DAY_SERIES_MAX_DAYS,
  formatUsd,
  rangeLength,
  TOP_LIST_SIZE,
  WEEK_SERIES_MAX_DAYS,
  type ProductFigure,
  type SalesOverviewResponse,
  type SalesPoint,
} from '@portal/domain';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/app-loading';
import { Button } from '@/components/button';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { TextSkeleton } from '@/components/skeleton';
import { afterFirstPaint } from '@/lib/first-paint';
import { lazy, useEffect, useMemo, useState } from 'react';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { ChartCard, DataTable, type Column } from './chart-card';
import {
  bucketLabel,
  comparisonText,
  formatDayRange,
  hasSales,
  INTERVAL_HEADINGS,
  INTERVAL_WORDS,
  intervalNote,
  periodLabel,
  productsSummary,
  revenueSummary,
  statusRows,
  statusSummary,
  type ProductMeasure,
  type StatusRow,
} from './overview-figures';
import { OverviewTotals } from './overview-totals';
import { RangePicker } from './range-picker';
import { useSalesOverview } from './sales-overview-query';
import { TopStoresTable } from './top-stores-table';
import { ClaimsByProductCard, CreditsCard } from './claims-cards';
import { FALLBACK_TEXT, useOverviewRange, type AskedInterval } from './use-overview-range';
import './overview.css';

// Every Recharts import is in overview-charts: one lazy chunk, loaded when a chart is shown, and
// not before the dashboard's first paint (a returning manager's last view draws the charts at
// once: the chunk would hold that paint back).
const charts = () => afterFirstPaint.then(() => import('./overview-charts'));
const RevenueChart = lazy(() => charts().then((m) => ({ default: m.RevenueChart })));
const StatusChart = lazy(() => charts().then((m) => ({ default: m.StatusChart })));
const ProductsChart = lazy(() => charts().then((m) => ({ default: m.ProductsChart })));

/**
 * The managers' Overview tab: a date range (in the URL), the range's totals against the previous
 * period (the discount given through price lists among them), revenue over time, paid orders by
 * status, the top products (each with its discount through lists), the top stores, and the
 * claims: credits and replacements given, and the products with the highest claims rate.
 */
export function OverviewPanel() {
  // The charts' code comes after the first paint even while no chart is near the viewport yet.
  useEffect(() => {
    charts().catch(() => undefined);
  }, []);
  const view = useOverviewRange();
  const overview = useSalesOverview(view.range, view.interval, view.preset);
  useFetchErrorToast(overview.isError);
  const data = overview.data;
  const rangeText = formatDayRange(view.range, view.today);

  return (
    <div className="overview admin-stack">
      <div className="overview-toolbar">
        <RangePicker
          preset={view.preset}
          range={view.range}
          today={view.today}
          onPreset={view.setPreset}
          onCustom={view.setCustom}
        />
        <span className="admin-muted overview-toolbar__range">{rangeText}</span>
        {overview.isPlaceholderData && (
          <span role="status" className="overview-toolbar__updating">
            <Spinner /> Updating…
          </span>
        )}
      </div>
      {view.problem && (
        <Alert type="warning" role="alert" title={`${view.problem} ${FALLBACK_TEXT}`} />
      )}
      {overview.isError && !data ? (
        <Alert
          type="error"
          role="alert"
          title="Could not load the overview."
          action={
            <Button
              size="small"
              loading={overview.isFetching}
              onClick={() => void overview.refetch()}
            >
              Retry
            </Button>
          }
        />
      ) : (
        <>
          <OverviewTotals
            totals={data?.totals ?? null}
            previous={data?.previousTotals ?? null}
            openReceivables={data?.openReceivables}
            comparison={comparisonText(view.preset, view.range, view.today)}
            period={periodLabel(view.preset, view.range, view.today)}
          />
          {data ? (
            <OverviewCharts
              data={data}
              rangeText={rangeText}
              interval={view.interval}
              onInterval={view.setChartInterval}
              days={rangeLength(view.range)}
            />
          ) : (
            <div role="status" aria-label="Loading the overview">
              <TextSkeleton rows={8} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function OverviewCharts({
  data,
  rangeText,
  interval,
  onInterval,
  days,
}: {
  data: SalesOverviewResponse;
  rangeText: string;
  interval: AskedInterval;
  onInterval: (interval: AskedInterval) => void;
  days: number;
}) {
  const [measure, setMeasure] = useState<ProductMeasure>('revenue');
  // The same rows while the figures are the same: the memoised chart is not drawn again.
  const statuses = useMemo(() => statusRows(data.byStatus), [data.byStatus]);
  const products = measure === 'revenue' ? data.topProductsByRevenue : data.topProductsByUnits;
  const revenueCaption = `Revenue per ${INTERVAL_WORDS[data.interval]}, ${rangeText}`;

  const seriesColumns: Column<SalesPoint>[] = [
    { title: INTERVAL_HEADINGS[data.interval], render: (p) => bucketLabel(p.start, data.interval) },
    { title: 'Revenue', numeric: true, render: (p) => formatUsd(p.revenue) },
    { title: 'Orders', numeric: true, render: (p) => p.orders },
  ];
  const statusColumns: Column<StatusRow>[] = [
    { title: 'Status', render: (row) => row.label },
    { title: 'Orders', numeric: true, render: (row) => row.orders },
  ];
  const productColumns: Column<ProductFigure>[] = [
    { title: 'Product', render: (p) => p.name },
    { title: 'Revenue', numeric: true, render: (p) => formatUsd(p.revenue) },
    { title: 'Units', numeric: true, render: (p) => p.units },
    { title: 'List discount', numeric: true, render: (p) => formatUsd(p.listDiscount) },
  ];

  return (
    <div className="overview-grid">
      <div className="overview-grid__cell">
        <ChartCard
          id="overview-revenue"
          title="Revenue"
          controls={
            <ChoiceSegmented<AskedInterval>
              size="small"
              aria-label="Revenue per"
              // The buckets the chart shows: Week when a long range turns a Day asked for into weeks.
              value={data.interval === 'week' ? 'week' : interval}
              onChange={onInterval}
              options={[
                { value: 'day', label: 'Day', disabled: days > DAY_SERIES_MAX_DAYS },
                { value: 'week', label: 'Week', disabled: days > WEEK_SERIES_MAX_DAYS },
              ]}
            />
          }
          note={intervalNote(interval, data.interval)}
          empty={!hasSales(data.series)}
          chart={
            <RevenueChart
              series={data.series}
              interval={data.interval}
              summary={revenueSummary(data.series, data.interval, rangeText)}
            />
          }
          table={
            <DataTable
              caption={revenueCaption}
              columns={seriesColumns}
              rows={data.series}
              rowKey={(p) => p.start}
            />
          }
        />
      </div>
      <div className="overview-grid__cell">
        <ChartCard
          id="overview-status"
          title="Orders by status"
          empty={statuses.every((row) => row.orders === 0)}
          chart={<StatusChart rows={statuses} summary={statusSummary(statuses)} />}
          table={
            <DataTable
              caption={`Paid orders by status, ${rangeText}`}
              columns={statusColumns}
              rows={statuses}
              rowKey={(row) => row.status}
            />
          }
        />
      </div>
      <div className="overview-grid__cell">
        <ChartCard
          id="overview-products"
          title={`Top ${TOP_LIST_SIZE} products`}
          controls={
            <ChoiceSegmented<ProductMeasure>
              size="small"
              aria-label="Rank products by"
              value={measure}
              onChange={setMeasure}
              options={[
                { value: 'revenue', label: 'By revenue' },
                { value: 'units', label: 'By units' },
              ]}
            />
          }
          empty={products.length === 0}
          chart={
            <ProductsChart
              rows={products}
              measure={measure}
              summary={productsSummary(products, measure)}
            />
          }
          table={
            <DataTable
              caption={`Top ${products.length} products by ${measure}, ${rangeText}`}
              columns={productColumns}
              rows={products}
              rowKey={(p) => p.productId}
            />
          }
        />
      </div>
      <div className="overview-grid__cell">
        <TopStoresTable stores={data.topStores} />
      </div>
      {data.claims && (
        <>
          <div className="overview-grid__cell">
            <CreditsCard claims={data.claims} />
          </div>
          <div className="overview-grid__cell">
            <ClaimsByProductCard products={data.claims.byProduct} />
          </div>
        </>
      )}
    </div>
  );
}
