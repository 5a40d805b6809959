import {
  formatUsd,
  taxReportCsv,
  taxReportMonth,
  taxReportRangeProblem,
  type TaxReportRow,
  type TaxReportTotals,
} from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { DownloadOutlined } from '@/components/icons';
import { NativeSelect } from '@/components/native-select';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { downloadTextFile } from '@/components/table/download-file';
import { TableError } from '@/components/table/table-states';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { callGetTaxReport } from '@/lib/manager-callables';
import {
  defaultTaxReportRange,
  monthLabel,
  monthOptions,
  TAX_REPORT_TEXTS,
  taxReportFileName,
  taxReportKeys,
} from './tax-report-data';
import '../common/admin-tables.css';
import './tax-report.css';

type Figure = Exclude<keyof TaxReportTotals, 'orders'>;

const money = (title: string, key: Figure): DataColumn<TaxReportRow> => ({
  title,
  key,
  align: 'right',
  className: 'admin-cell--nowrap',
  render: (row) => formatUsd(row[key]),
});

const columns: readonly DataColumn<TaxReportRow>[] = [
  {
    title: 'Month',
    key: 'month',
    className: 'admin-cell--nowrap',
    render: (row) => monthLabel(row.month),
  },
  {
    title: 'State',
    key: 'state',
    render: (row) => row.state || <span className="admin-muted">Unknown</span>,
  },
  { title: 'Orders', key: 'orders', align: 'right', render: (row) => String(row.orders) },
  money('Taxable sales', 'taxableSales'),
  money('Tax collected', 'taxCollected'),
  money('Exempt sales', 'exemptSales'),
];

function totalsRow(totals: TaxReportTotals): Record<string, ReactNode> {
  return {
    month: 'Total',
    orders: String(totals.orders),
    taxableSales: formatUsd(totals.taxableSales),
    taxCollected: formatUsd(totals.taxCollected),
    exemptSales: formatUsd(totals.exemptSales),
  };
}

/**
 * The managers' Tax tab (docs/manager-insight.md#tax-report): per month (Pacific) and state, the
 * sales taxed, the tax collected and the sales exempt under a resale certificate, with a totals
 * row, for a range of months (the last 3 by default). Download CSV saves the report as shown.
 */
export function TaxReportPanel() {
  const id = useId();
  const [thisMonth] = useState(() => taxReportMonth(new Date()));
  const [range, setRange] = useState(() => defaultTaxReportRange(thisMonth));
  const problem = taxReportRangeProblem(range.from, range.to);
  // Plain options, not queryOptions: this chunk would otherwise split queryOptions out of the
  // query library's shared chunk, one more file on every page (scripts/route-sizes.ts).
  const report = useQuery({
    queryKey: taxReportKeys.range(range.from, range.to),
    queryFn: () => callGetTaxReport(range),
    enabled: problem === null,
    // The last range's rows stay, dimmed, while another range loads.
    placeholderData: keepPreviousData,
  });
  useFetchErrorToast(report.isError);
  const options = monthOptions(thisMonth);
  const data = report.data;
  const shown = problem === null ? data : undefined;

  const download = () => {
    if (!shown) return;
    downloadTextFile(
      taxReportFileName(shown.from, shown.to),
      taxReportCsv(shown.rows, shown.totals),
    );
  };

  return (
    <div className="admin-stack tax-report">
      <section aria-labelledby={`${id}-title`}>
        <div className="admin-section-header">
          <h2 id={`${id}-title`} className="admin-section-title">
            {TAX_REPORT_TEXTS.title}
          </h2>
        </div>
        <div className="tax-report__controls" role="group" aria-label="Months of the report">
          <div className="tax-report__field">
            <label htmlFor={`${id}-from`}>From</label>
            <NativeSelect<string>
              id={`${id}-from`}
              value={range.from}
              options={options}
              invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(from) => setRange((current) => ({ ...current, from }))}
            />
          </div>
          <div className="tax-report__field">
            <label htmlFor={`${id}-to`}>To</label>
            <NativeSelect<string>
              id={`${id}-to`}
              value={range.to}
              options={options}
              invalid={problem !== null}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(to) => setRange((current) => ({ ...current, to }))}
            />
          </div>
          <Button icon={<DownloadOutlined />} onClick={download} disabled={!shown}>
            {TAX_REPORT_TEXTS.download}
          </Button>
        </div>
        {problem && (
          <p id={`${id}-problem`} className="tax-report__problem" role="alert">
            {problem}
          </p>
        )}
      </section>
      <p className="tax-report__note">{TAX_REPORT_TEXTS.note}</p>
      {report.isError && !data ? (
        <TableError text={TAX_REPORT_TEXTS.loadFailed} onRetry={() => void report.refetch()} />
      ) : (
        <DataTable<TaxReportRow>
          label={TAX_REPORT_TEXTS.title}
          size="middle"
          oneLine
          rowKey={(row) => `${row.month} ${row.state}`}
          columns={columns}
          rows={shown?.rows ?? []}
          footer={shown ? totalsRow(shown.totals) : undefined}
          loading={problem === null && (report.isPending || report.isFetching)}
          empty={
            problem !== null
              ? TAX_REPORT_TEXTS.chooseMonths
              : report.isPending
                ? null
                : TAX_REPORT_TEXTS.none
          }
        />
      )}
    </div>
  );
}
