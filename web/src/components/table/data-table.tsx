import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { CaretDownOutlined, CaretUpOutlined, MinusOutlined, PlusOutlined } from '../icons';
import { Spinner } from '../app-loading';
import { classNames } from '@/lib/class-names';
import { ScrollBox } from './scroll-box';
import './data-table.css';

/** A column's sort as the URL holds it: ascending, descending or not sorted by it. */
export type SortOrder = 'ascend' | 'descend' | null;

/** A column sorted by the server: its order now, and the order a first click asks for. */
export interface ColumnSort {
  order: SortOrder;
  first: 'ascend' | 'descend';
}

export interface DataColumn<Row> {
  key: string;
  title: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
  /** Its width in pixels: the cells wrap inside it instead of widening the table. */
  width?: number;
  sort?: ColumnSort;
}

/**
 * What a click on a sortable header asks for: the column's first order, then the other, then no
 * sort (the table's default order), as antd's tables cycle.
 */
export function nextSortOrder(sort: ColumnSort): SortOrder {
  if (sort.order === null) return sort.first;
  if (sort.order === sort.first) return sort.first === 'ascend' ? 'descend' : 'ascend';
  return null;
}

const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

function SortHeader({
  title,
  sort,
  onSort,
}: {
  title: ReactNode;
  sort: ColumnSort;
  onSort: (order: SortOrder) => void;
}) {
  return (
    <button type="button" className="data-table__sort" onClick={() => onSort(nextSortOrder(sort))}>
      <span>{title}</span>
      <span className="data-table__sort-icons" aria-hidden="true">
        <CaretUpOutlined
          className={classNames(sort.order === 'ascend' && 'data-table__sort-icon--on')}
        />
        <CaretDownOutlined
          className={classNames(sort.order === 'descend' && 'data-table__sort-icon--on')}
        />
      </span>
    </button>
  );
}

export interface DataTableProps<Row> {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Cell padding as antd's sizes: 16 px (large), 12 x 8 (middle), 8 (small). */
  size?: 'small' | 'middle' | 'large';
  /** The table's accessible name (its scroll box's is "<label> table"). */
  label: string;
  /** The rows are being read: the table dims under a spinner (and keeps its rows meanwhile). */
  loading?: boolean;
  /** Shown in place of the rows when there are none (nothing while loading). */
  empty?: ReactNode;
  /** A sortable header was clicked: the column's key and its new order. */
  onSort?: (key: string, order: SortOrder) => void;
  /**
   * Every cell on one line (antd's `scroll.x: 'max-content'`): the table is as wide as its
   * content and scrolls sideways in its box when that is wider. Off: columns wrap first.
   */
  oneLine?: boolean;
  /** Rows that open below themselves, with a button in a first column. */
  expandable?: {
    columnTitle: ReactNode;
    render: (row: Row) => ReactNode;
    /** The expand button's name, so a screen reader says which row it opens. */
    label: (row: Row) => string;
  };
  /**
   * The row a link points at (its key): it starts expanded, is marked, and is scrolled into view
   * once it is among the rows (the mail's "Open the order").
   */
  focusKey?: string | null;
  /**
   * A totals row under the rows (a `tfoot`), by column key; the first column's cell heads it.
   * Shown only while there are rows.
   */
  footer?: Readonly<Record<string, ReactNode>>;
}

/**
 * Scrolls the element into view the first time it is there and `active` (the row a link points
 * at; later re-renders leave the page where the person scrolled it).
 */
export function useScrollIntoViewOnce<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T | null>(null);
  const done = useRef(false);
  useEffect(() => {
    if (!active || done.current || !ref.current) return;
    done.current = true;
    // jsdom-like test environments have no scrollIntoView.
    ref.current.scrollIntoView?.({ block: 'center' });
  });
  return ref;
}

/**
 * A table in antd's look with the brand theme (data-table.css), drawn with plain table elements
 * so the dashboard's first load carries no antd: sortable headers (buttons, with `aria-sort` on
 * the sorted column), rows that expand, a loading state over the rows and an empty state. It is
 * as wide as its container, or as its content when that is wider, and then scrolls sideways in a
 * box the keyboard can scroll (ScrollBox).
 * Paging is the caller's (TablePager).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  size = 'large',
  label,
  loading = false,
  empty,
  onSort,
  oneLine = false,
  expandable,
  focusKey = null,
  footer,
}: DataTableProps<Row>) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  // The row a link points at opens once, when the link names it (also after the first render).
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (focusKey && expandable && openedFor !== focusKey) {
    setOpenedFor(focusKey);
    setOpen((previous) => new Set(previous).add(focusKey));
  }
  const focusRef = useScrollIntoViewOnce<HTMLTableRowElement>(
    focusKey !== null && rows.some((row) => rowKey(row) === focusKey),
  );
  const toggle = (key: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (expandable ? 1 : 0);

  return (
    <div
      className={classNames(
        'data-table',
        `data-table--${size}`,
        oneLine && 'data-table--one-line',
        loading && 'data-table--loading',
      )}
      aria-busy={loading || undefined}
    >
      <ScrollBox label={`${label} table`}>
        <table aria-label={label}>
          <colgroup>
            {expandable && <col className="data-table__expand-col" />}
            {columns.map((column) => (
              <col key={column.key} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {expandable && (
                <th scope="col" className="data-table__expand-cell">
                  {expandable.columnTitle}
                </th>
              )}
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={classNames(
                    column.align === 'right' && 'data-table__cell--right',
                    column.sort && 'data-table__cell--sortable',
                    column.sort?.order && 'data-table__cell--sorted',
                  )}
                  aria-sort={column.sort?.order ? ARIA_SORT[column.sort.order] : undefined}
                >
                  {column.sort && onSort ? (
                    <SortHeader
                      title={column.title}
                      sort={column.sort}
                      onSort={(order) => onSort(column.key, order)}
                    />
                  ) : (
                    column.title
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = rowKey(row);
              const expanded = open.has(key);
              return (
                <Fragment key={key}>
                  <tr
                    ref={key === focusKey ? focusRef : undefined}
                    className={classNames(
                      'data-table__row',
                      expanded && 'data-table__row--open',
                      key === focusKey && 'data-table__row--focus',
                    )}
                  >
                    {expandable && (
                      <td className="data-table__expand-cell">
                        <button
                          type="button"
                          className="data-table__expand"
                          aria-expanded={expanded}
                          aria-label={expandable.label(row)}
                          onClick={() => toggle(key)}
                        >
                          {expanded ? <MinusOutlined /> : <PlusOutlined />}
                        </button>
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        className={classNames(
                          column.align === 'right' && 'data-table__cell--right',
                          column.sort?.order && 'data-table__cell--sorted',
                          column.className,
                        )}
                      >
                        {column.render(row)}
                      </td>
                    ))}
                  </tr>
                  {expandable && expanded && (
                    <tr className="data-table__expanded">
                      <td colSpan={span}>{expandable.render(row)}</td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
            {rows.length === 0 && (
              <tr className="data-table__placeholder">
                <td colSpan={span}>{loading ? null : empty}</td>
              </tr>
            )}
          </tbody>
          {footer && rows.length > 0 && (
            <tfoot>
              <tr className="data-table__footer">
                {expandable && <td className="data-table__expand-cell" />}
                {columns.map((column, index) => {
                  const Cell = index === 0 ? 'th' : 'td';
                  return (
                    <Cell
                      key={column.key}
                      scope={index === 0 ? 'row' : undefined}
                      className={classNames(
                        column.align === 'right' && 'data-table__cell--right',
                        column.className,
                      )}
                    >
                      {footer[column.key]}
                    </Cell>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </ScrollBox>
      {loading && (
        <div className="data-table__spinner" role="status">
          <Spinner />
          <span className="visually-hidden">Loading</span>
        </div>
      )}
    </div>
  );
}
