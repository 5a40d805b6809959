import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { SortOrder } from './data-table';
import {
  defaultTableState,
  readTableParams,
  tableFilter,
  writeTableParams,
  type TableSpec,
  type TableState,
} from './table-params';

/**
 * A server-side table's state, read from and written to the URL. `filter` is what the export
 * asks for, `request` what the page asks for (the filter and the page). `update` starts again
 * from page 1 unless it sets the page; `clear` drops the search, the filters and the sort;
 * `onSort` and `onPageChange` turn the table's sort and pager events into updates.
 */
export function useTableParams<Status extends string, SortField extends string>(
  spec: TableSpec<Status, SortField>,
) {
  const [params, setParams] = useSearchParams();
  const { state, ignored } = useMemo(() => readTableParams(spec, params), [spec, params]);
  const filter = useMemo(() => tableFilter(state), [state]);
  const request = useMemo(
    () => ({ ...filter, page: state.page, pageSize: state.pageSize }),
    [filter, state.page, state.pageSize],
  );

  const update = useCallback(
    (change: Partial<TableState<Status, SortField>>, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) =>
          writeTableParams(
            spec,
            { ...readTableParams(spec, previous).state, page: 1, ...change },
            previous,
          ),
        { replace: options.replace ?? false },
      );
    },
    [spec, setParams],
  );

  const clear = useCallback(() => {
    setParams((previous) => writeTableParams(spec, defaultTableState(spec), previous));
  }, [spec, setParams]);

  /** A new page, or a new page size (which starts again from page 1). */
  const onPageChange = useCallback(
    (page: number, pageSize: number) =>
      update({ page: pageSize === state.pageSize ? page : 1, pageSize }),
    [update, state.pageSize],
  );

  /** A sortable column's header was clicked: its key is a URL sort name. */
  const onSort = useCallback(
    (key: string, order: SortOrder) => {
      const field = Object.hasOwn(spec.sorts, key) ? spec.sorts[key] : undefined;
      // A third click clears the column's sort: back to the default order.
      if (field && order) update({ sort: field, direction: order === 'ascend' ? 'asc' : 'desc' });
      else update({ sort: spec.defaultSort, direction: 'desc' });
    },
    [spec, update],
  );

  return { state, ignored, filter, request, update, clear, onPageChange, onSort };
}

export type TableParams<Status extends string, SortField extends string> = ReturnType<
  typeof useTableParams<Status, SortField>
>;
