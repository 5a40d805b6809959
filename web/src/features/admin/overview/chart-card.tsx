import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { EmptyIllustration } from '@/components/empty-illustration';
import { TextSkeleton } from '@/components/skeleton';

export const NO_SALES_TEXT = 'No paid orders in this range.';

export interface Column<Row> {
  title: string;
  numeric?: boolean;
  render: (row: Row) => ReactNode;
}

/** A chart's figures as a plain table (the chart's accessible alternative). */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <div className="overview-table">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title} scope="col" className={column.numeric ? 'is-numeric' : ''}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.title} className={column.numeric ? 'is-numeric' : ''}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Shows `fallback` (the table) when the chart module cannot be loaded. */
class ChartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** How far below (or above) the viewport a chart starts drawing, so it is ready when scrolled to. */
const NEAR_VIEWPORT = '200px 0px';

/**
 * Its children once its box comes near the viewport, its placeholder until then (at once where
 * IntersectionObserver is missing). A chart takes tens of milliseconds of main-thread work to
 * draw (a phone's main thread is busy with the page's first reads just then): the charts below
 * the fold wait until the manager scrolls towards them.
 */
export function WhenNearViewport({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    // A printed Overview has every chart.
    const print = () => setNear(true);
    window.addEventListener('beforeprint', print);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      window.removeEventListener('beforeprint', print);
    };
  }, [near]);
  return near ? children : <div ref={box}>{placeholder}</div>;
}

/**
 * One Overview chart in a card: its title, its own controls, a "Show table" switch between the
 * chart (lazy, drawn once near the viewport, a skeleton until then) and the same figures as a
 * table, and an empty state.
 */
export function ChartCard({
  id,
  title,
  controls,
  note,
  empty,
  chart,
  table,
}: {
  id: string;
  title: string;
  controls?: ReactNode;
  /** A line under the controls ("Shown per month for ranges over 2 years"). */
  note?: string | null;
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  return (
    <section aria-labelledby={id} className="admin-surface overview-card">
      <div className="overview-card__head">
        <h2 id={id} className="overview-card__title">
          {title}
        </h2>
      </div>
      <div className="overview-card__body">
        <div className="overview-card__controls">
          {controls}
          {!empty && (
            <Button size="small" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
              Show table
            </Button>
          )}
        </div>
        {note && <p className="admin-muted overview-card__note">{note}</p>}
        {empty ? (
          <NoSales />
        ) : showTable ? (
          table
        ) : (
          <ChartBoundary fallback={table}>
            <WhenNearViewport placeholder={<TextSkeleton rows={5} />}>
              <Suspense fallback={<TextSkeleton rows={5} />}>{chart}</Suspense>
            </WhenNearViewport>
          </ChartBoundary>
        )}
      </div>
    </section>
  );
}

/** The empty state of a chart or list: antd's simple Empty, without antd. */
export function NoSales() {
  return (
    <div className="overview-empty">
      <EmptyIllustration />
      <p className="overview-empty__text">{NO_SALES_TEXT}</p>
    </div>
  );
}
