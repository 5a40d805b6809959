import { BUYER_ROLES, ROLE_LABELS, TABLE_PAGE_SIZES, type BuyerRole } from '@portal/domain';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Alert } from '../alert';
import { TextSkeleton } from '../skeleton';
import { useNotify } from '@/lib/notify';
import type { TableParams } from './use-table-params';
import { exportFileName } from './csv';
import { downloadTextFile } from './download-file';
import { isFiltered, type SortDirection, type TableFilter, type TableState } from './table-params';
import { DataTable, type ColumnSort, type DataColumn, type DataTableProps } from './data-table';
import { usePhoneLayout } from './phone-layout';
import { TablePager } from './table-pager';
import { TableEmpty, TableError } from './table-states';
import { IgnoredParamsAlert, TableToolbar, type ToolbarSelect } from './table-toolbar';
import { useFetchErrorToast } from './use-fetch-error-toast';

/**
 * A manager's server-side table (Orders, Companies): the toolbar, a desktop table (DataTable) or phone
 * cards with a sort, the pager (TablePager), the loading, empty and error states, and Export CSV of the filter.
 * The search, filters, sort and page live in the URL (useTableParams); the table using it gives
 * its columns, card, options, callables and words.
 */

const roleOptions = BUYER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** A column sorted by the server: shows the URL's sort; its key is the URL's sort name. */
export function sortableColumn<SortField extends string>(
  state: TableState<string, SortField>,
  field: SortField,
  first: 'ascend' | 'descend',
): { sort: ColumnSort } {
  return {
    sort: {
      order: state.sort === field ? (state.direction === 'asc' ? 'ascend' : 'descend') : null,
      first,
    },
  };
}

/** A choice of the phones' sort select: "field:direction". */
export interface PhoneSort<SortField extends string> {
  value: `${SortField}:${SortDirection}`;
  label: string;
}

/** The words of a table. */
export interface ServerTableTexts {
  searchPlaceholder: string;
  rangeLabel: string;
  /** No rows and no filter. */
  none: string;
  /** A filter that matches nothing (also the toast of an empty export). */
  noMatch: string;
  loadError: string;
  /** The export stopped at TABLE_EXPORT_MAX rows. */
  truncated: string;
  exportEmptyTitle: string;
  exported: (count: number) => string;
  exportFailed: string;
}

/** One page of rows, from useQuery. */
interface PageQuery<Row> {
  data?: { rows: readonly Row[]; total: number };
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** Every row of the filter for the CSV, from useMutation. */
interface CsvExport<Status extends string, SortField extends string, Row> {
  mutation: {
    mutateAsync: (
      filter: TableFilter<Status, SortField>,
    ) => Promise<{ rows: readonly Row[]; truncated: boolean }>;
    isPending: boolean;
  };
  kind: Parameters<typeof exportFileName>[0];
  buildCsv: (rows: readonly Row[]) => string;
}

/** Export CSV: asks for every row of the filter and downloads them, or says why not. */
function useCsvExport<Status extends string, SortField extends string, Row>(
  { mutation, kind, buildCsv }: CsvExport<Status, SortField, Row>,
  filter: TableFilter<Status, SortField>,
  texts: ServerTableTexts,
) {
  const notify = useNotify();
  const [truncated, setTruncated] = useState(false);
  const run = async () => {
    try {
      const result = await mutation.mutateAsync(filter);
      setTruncated(result.truncated);
      if (result.rows.length === 0) {
        notify.info(texts.exportEmptyTitle, texts.noMatch);
        return;
      }
      downloadTextFile(exportFileName(kind, filter), buildCsv(result.rows));
      notify.success('Export Ready', texts.exported(result.rows.length));
    } catch {
      notify.error('Error', texts.exportFailed);
    }
  };
  return { run, truncated, dismiss: () => setTruncated(false) };
}

export function ServerTable<Row extends object, Status extends string, SortField extends string>({
  title,
  titleId,
  texts,
  params,
  query,
  statusOptions,
  phoneSorts,
  columns,
  rowKey,
  card: Card,
  tableProps,
  focusKey = null,
  notice,
  csv,
  after,
  roleLabel = 'Role',
}: {
  title: string;
  /** The heading's id, which labels the section. */
  titleId: string;
  texts: ServerTableTexts;
  params: TableParams<Status, SortField>;
  query: PageQuery<Row>;
  statusOptions: ToolbarSelect['options'];
  phoneSorts: readonly PhoneSort<SortField>[];
  columns: readonly DataColumn<Row>[];
  rowKey: keyof Row & string;
  /** A row on a phone: a card instead of a table row that would need sideways scrolling. */
  card: ComponentType<{ row: Row; focused?: boolean }>;
  /** More of the desktop table (size, expandable rows). */
  tableProps?: Pick<DataTableProps<Row>, 'size' | 'expandable'>;
  /** The row a link points at: opened, marked and scrolled to, in the table and as a card. */
  focusKey?: string | null;
  /** A notice above the rows (what a link opened, or that it found nothing). */
  notice?: ReactNode;
  csv: CsvExport<Status, SortField, Row>;
  /**
   * What follows the table on the page, shown once its first page has been read (or failed): it
   * would otherwise be pushed down when the rows come (a layout shift Lighthouse counts).
   */
  after?: ReactNode;
  /** The name of the Retailer / Wholesaler filter ('Business type' for companies). */
  roleLabel?: string;
}) {
  // Phones get cards instead of table rows, and a compact pager.
  const phone = usePhoneLayout();
  const { state, ignored, filter, update, clear, onPageChange, onSort } = params;
  const exporter = useCsvExport(csv, filter, texts);
  useFetchErrorToast(query.isError);

  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;

  const empty = (
    <TableEmpty
      filtered={isFiltered(state)}
      total={total}
      noneText={texts.none}
      noMatchText={texts.noMatch}
      onClear={clear}
      onFirstPage={() => update({ page: 1 })}
    />
  );

  return (
    <>
      <section aria-labelledby={titleId}>
        <div className="table-section-header">
          <h2 id={titleId} className="table-section-title">
            {title}
          </h2>
        </div>
        <TableToolbar
          search={{
            value: state.q,
            placeholder: texts.searchPlaceholder,
            onSearch: (q) => update({ q }, { replace: true }),
          }}
          selects={[
            {
              label: 'Status',
              value: state.status,
              options: statusOptions,
              onChange: (status) => update({ status: status as Status | null }),
            },
            {
              label: roleLabel,
              value: state.role,
              options: roleOptions,
              onChange: (role) => update({ role: role as BuyerRole | null }),
            },
          ]}
          range={{
            value: state.range,
            label: texts.rangeLabel,
            onChange: (range) => update({ range }),
          }}
          sort={
            phone
              ? {
                  value: `${state.sort}:${state.direction}`,
                  options: phoneSorts,
                  onChange: (value) => {
                    const [sort, direction] = value.split(':') as [SortField, SortDirection];
                    update({ sort, direction });
                  },
                }
              : undefined
          }
          onExport={() => void exporter.run()}
          exporting={csv.mutation.isPending}
        />
        <IgnoredParamsAlert ignored={ignored} />
        {notice}
        {exporter.truncated && (
          <Alert
            className="table-alert"
            type="warning"
            onClose={exporter.dismiss}
            title={texts.truncated}
          />
        )}
        {query.isError ? (
          <TableError text={texts.loadError} onRetry={() => void query.refetch()} />
        ) : phone ? (
          <div className="table-cards" aria-busy={query.isFetching}>
            {(query.isPending || (query.isFetching && rows.length === 0)) && (
              <div role="status" aria-label={`Loading ${title}`}>
                <TextSkeleton />
              </div>
            )}
            {rows.map((row) => (
              <Card
                key={String(row[rowKey])}
                row={row}
                focused={focusKey !== null && String(row[rowKey]) === focusKey}
              />
            ))}
            {!query.isPending && !query.isFetching && rows.length === 0 && empty}
          </div>
        ) : (
          <DataTable<Row>
            label={title}
            rowKey={(row) => String(row[rowKey])}
            columns={columns}
            rows={rows}
            loading={query.isFetching}
            onSort={onSort}
            // No empty state behind the spinner: only once the page has been read.
            empty={query.isPending ? null : empty}
            focusKey={focusKey}
            {...tableProps}
          />
        )}
        {!query.isError && total > 0 && (
          <TablePager
            label={title}
            page={state.page}
            pageSize={state.pageSize}
            total={total}
            pageSizes={TABLE_PAGE_SIZES}
            compact={phone}
            onChange={onPageChange}
          />
        )}
      </section>
      {!query.isPending && after}
    </>
  );
}
