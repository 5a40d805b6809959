import { LeftOutlined, RightOutlined } from '../icons';
import { classNames } from '@/lib/class-names';
import './table-pager.css';

/** Pages shown around the current one before the list skips (with "…") to the first or last. */
const AROUND = 2;

/**
 * The page numbers to show: all of them when there are few, otherwise the first, the last and
 * the current with AROUND on each side, with null where two or more numbers are left out.
 */
export function pageList(current: number, pages: number): (number | null)[] {
  if (pages <= 2 * AROUND + 3) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - AROUND, pages - 2 * AROUND - 1));
  const to = Math.min(pages - 1, Math.max(current + AROUND, 2 * AROUND + 2));
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  // A gap hides two pages or more: one page alone is shown instead of "…".
  const head = from === 3 ? [2] : from > 3 ? [null] : [];
  const tail = to === pages - 2 ? [pages - 1] : to < pages - 2 ? [null] : [];
  return [1, ...head, ...middle, ...tail, pages];
}

/** How many pages `total` rows make at `pageSize` a page (1 for none). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * One page of a list held in memory: the page asked for, kept within the pages there are (a list
 * that shrank under it), and its rows.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  page: number,
  pageSize: number,
): { page: number; rows: Row[] } {
  const shown = Math.min(Math.max(1, page), pageCount(rows.length, pageSize));
  return { page: shown, rows: rows.slice((shown - 1) * pageSize, shown * pageSize) };
}

/**
 * A table's pager in antd's Pagination look: "21–40 of 120", previous, the page numbers, next,
 * and the rows per page (a native select, when there is a choice). Compact on phones: the numbers give way to "Page 2
 * of 6". Page and size are the caller's (the URL's for Orders and Users, useTableParams; local
 * state for the catalog and standing orders); a new size starts from page 1.
 */
export function TablePager({
  label,
  page,
  pageSize,
  total,
  pageSizes,
  compact = false,
  onChange,
}: {
  /** What is paged ("Recent Orders"): the pager is the navigation "<label> pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  pageSizes: readonly number[];
  compact?: boolean;
  onChange: (page: number, pageSize: number) => void;
}) {
  const pages = pageCount(total, pageSize);
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  const go = (to: number) => onChange(to, pageSize);

  return (
    <nav
      className={classNames('table-pager', compact && 'table-pager--compact')}
      aria-label={`${label} pages`}
    >
      {!compact && (
        <span className="table-pager__total">
          {first}–{last} of {total}
        </span>
      )}
      <button
        type="button"
        className="table-pager__item"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        <LeftOutlined />
      </button>
      {compact ? (
        <span className="table-pager__where" aria-live="polite">
          Page {Math.min(page, pages)} of {pages}
        </span>
      ) : (
        <ul className="table-pager__pages">
          {pageList(page, pages).map((number, index) =>
            number === null ? (
              <li key={`gap-${index}`} className="table-pager__gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={number}>
                <button
                  type="button"
                  className={classNames(
                    'table-pager__item',
                    number === page && 'table-pager__item--current',
                  )}
                  aria-label={`Page ${number}`}
                  aria-current={number === page ? 'page' : undefined}
                  onClick={() => go(number)}
                >
                  {number}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <button
        type="button"
        className="table-pager__item"
        aria-label="Next page"
        disabled={page >= pages}
        onClick={() => go(page + 1)}
      >
        <RightOutlined />
      </button>
      {pageSizes.length > 1 && (
        <select
          className="table-pager__size"
          aria-label="Rows per page"
          value={pageSize}
          onChange={(event) => onChange(1, Number(event.target.value))}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size} / page
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
