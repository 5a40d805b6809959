import {
  AGING_BUCKETS,
  AGING_LABELS,
  formatUsd,
  routePath,
  TERMS_INVOICE_STATE_LABELS,
  termsLabel,
  type AgingBucket,
  type CloseInvoiceAction,
  type ReceivableCompany,
  type ReceivableInvoice,
  type TermsInvoiceState,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { DownloadOutlined } from '@/components/icons';
import { lazyDialog } from '@/components/lazy-dialog';
import { NativeSelect } from '@/components/native-select';
import { Tag, type TagColor } from '@/components/tag';
import { TextInput } from '@/components/text-input';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { downloadTextFile } from '@/components/table/download-file';
import { TableError } from '@/components/table/table-states';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import { callableErrorMessage } from '@/lib/callable-errors';
import {
  callCloseTermsInvoice,
  callGetReceivables,
  callSendInvoiceReminder,
} from '@/lib/manager-callables';
import { useNotify } from '@/lib/notify';
import {
  buildReceivablesCsv,
  filterCompanies,
  filterInvoices,
  NO_FILTER,
  receivablesFileName,
  type ReceivablesFilter,
} from './receivables-data';
import { invoiceName, RECEIVABLES_TEXTS, receivablesKeys } from './receivables-text';
import '../common/admin-tables.css';
import './receivables.css';
import { businessDayFormat } from '@/lib/intl-formats';

// The dialog (antd's Modal and TextArea, with its theme) is fetched when a manager first opens it.
const CloseInvoiceModal = lazyDialog(
  withAntdTheme(() => import('./close-invoice-modal').then((m) => m.CloseInvoiceModal)),
);

const STATE_COLORS: Readonly<Record<TermsInvoiceState, TagColor>> = {
  issuing: 'default',
  open: 'blue',
  paid: 'success',
  void: 'default',
  uncollectible: 'error',
};

const formatDay = (iso: string | null) => (iso ? businessDayFormat.format(new Date(iso)) : '—');

function CompanyLink({ id, name }: { id: string; name: string }) {
  return <Link to={routePath('adminCompany', { companyId: id })}>{name}</Link>;
}

const agingColumns = AGING_BUCKETS.map((bucket): DataColumn<ReceivableCompany> => ({
  title: AGING_LABELS[bucket],
  key: `aging-${bucket}`,
  align: 'right',
  className: 'admin-cell--nowrap',
  render: (company) => formatUsd(company.aging[bucket]),
}));

const companyColumns: readonly DataColumn<ReceivableCompany>[] = [
  {
    title: 'Company',
    key: 'company',
    render: (company) => <CompanyLink id={company.companyId} name={company.companyName} />,
  },
  {
    title: 'Terms',
    key: 'terms',
    className: 'admin-cell--nowrap',
    render: (company) => termsLabel(company.netDays),
  },
  {
    title: 'Limit',
    key: 'limit',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (company) => formatUsd(company.creditLimit),
  },
  {
    title: 'Open balance',
    key: 'open',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (company) => formatUsd(company.openBalance),
  },
  {
    title: 'Available',
    key: 'available',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (company) => formatUsd(company.available),
  },
  {
    title: 'Hold',
    key: 'hold',
    className: 'admin-cell--nowrap',
    render: (company) =>
      company.onHold ? <Tag color="red">Credit hold</Tag> : <span className="admin-muted">—</span>,
  },
  ...agingColumns,
];

type Dialog = { invoice: ReceivableInvoice; action: CloseInvoiceAction } | null;

/** Send reminder now, Void and Mark uncollectible: only for an open invoice. */
function InvoiceActions({
  invoice,
  onClose,
}: {
  invoice: ReceivableInvoice;
  onClose: (action: CloseInvoiceAction) => void;
}) {
  const notify = useNotify();
  const client = useQueryClient();
  const remind = useMutation({
    mutationFn: () => callSendInvoiceReminder({ orderId: invoice.orderId }),
    onSuccess: async () => {
      notify.success(RECEIVABLES_TEXTS.reminderSent);
      await client.invalidateQueries({ queryKey: receivablesKeys.all });
    },
    onError: (error) =>
      notify.error('Error', callableErrorMessage(error, RECEIVABLES_TEXTS.reminderFailed)),
  });
  if (invoice.state !== 'open') return <span className="admin-muted">—</span>;
  const name = invoiceName(invoice);
  const preload = () => void CloseInvoiceModal.preload().catch(() => undefined);
  return (
    <div className="admin-actions">
      <Button
        size="small"
        loading={remind.isPending}
        onClick={() => remind.mutate()}
        aria-label={`Send reminder now for invoice ${name}`}
      >
        Send reminder now
      </Button>
      <Button
        size="small"
        danger
        onMouseEnter={preload}
        onFocus={preload}
        onClick={() => onClose('void')}
        aria-label={`Void invoice ${name}`}
      >
        Void
      </Button>
      <Button
        size="small"
        onMouseEnter={preload}
        onFocus={preload}
        onClick={() => onClose('uncollectible')}
        aria-label={`Mark invoice ${name} uncollectible`}
      >
        Mark uncollectible
      </Button>
    </div>
  );
}

function invoiceColumns(
  open: (invoice: ReceivableInvoice, action: CloseInvoiceAction) => void,
): DataColumn<ReceivableInvoice>[] {
  return [
    {
      title: 'Company',
      key: 'company',
      render: (invoice) => <CompanyLink id={invoice.companyId} name={invoice.companyName} />,
    },
    {
      title: 'Invoice',
      key: 'invoice',
      className: 'admin-cell--nowrap',
      render: (invoice) =>
        invoice.invoiceNumber && invoice.invoiceUrl ? (
          <a
            href={invoice.invoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Invoice ${invoice.invoiceNumber} (opens in a new tab)`}
          >
            {invoice.invoiceNumber}
          </a>
        ) : (
          (invoice.invoiceNumber ?? <span className="admin-muted">—</span>)
        ),
    },
    {
      title: 'PO',
      key: 'po',
      className: 'admin-cell--nowrap',
      render: (invoice) => invoice.poNumber || <span className="admin-muted">—</span>,
    },
    {
      title: 'Issued',
      key: 'issued',
      className: 'admin-cell--nowrap',
      render: (invoice) => formatDay(invoice.issuedAt),
    },
    {
      title: 'Due',
      key: 'due',
      className: 'admin-cell--nowrap',
      render: (invoice) => formatDay(invoice.dueAt),
    },
    {
      title: 'Days past due',
      key: 'past-due',
      align: 'right',
      render: (invoice) =>
        invoice.daysPastDue > 0 ? (
          <span className="receivables__past-due">{invoice.daysPastDue}</span>
        ) : (
          '0'
        ),
    },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (invoice) => formatUsd(invoice.amount),
    },
    {
      title: 'State',
      key: 'state',
      className: 'admin-cell--nowrap',
      render: (invoice) => (
        <Tag color={STATE_COLORS[invoice.state]}>{TERMS_INVOICE_STATE_LABELS[invoice.state]}</Tag>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 220,
      render: (invoice) => (
        <InvoiceActions invoice={invoice} onClose={(action) => open(invoice, action)} />
      ),
    },
  ];
}

const bucketOptions = [
  { value: 'all', label: 'All ages' },
  ...AGING_BUCKETS.map((bucket) => ({ value: bucket, label: AGING_LABELS[bucket] })),
];

function Filters({
  filter,
  onChange,
  onExport,
  exportDisabled,
}: {
  filter: ReceivablesFilter;
  onChange: (next: ReceivablesFilter) => void;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  const id = useId();
  return (
    <div className="receivables__filters" role="search" aria-label="Filter receivables">
      <div className="receivables__filter">
        <label htmlFor={`${id}-q`}>Company</label>
        <TextInput
          id={`${id}-q`}
          type="search"
          placeholder="Search by company name"
          value={filter.q}
          allowClear
          onChange={(event) => onChange({ ...filter, q: event.target.value })}
        />
      </div>
      <div className="receivables__filter">
        <label htmlFor={`${id}-bucket`}>Aging</label>
        <NativeSelect<string>
          id={`${id}-bucket`}
          value={filter.bucket ?? 'all'}
          options={bucketOptions}
          onChange={(value) =>
            onChange({ ...filter, bucket: value === 'all' ? null : (value as AgingBucket) })
          }
        />
      </div>
      <label className="receivables__switch">
        <input
          type="checkbox"
          role="switch"
          checked={filter.overdueOnly}
          onChange={(event) => onChange({ ...filter, overdueOnly: event.target.checked })}
        />
        Overdue only
      </label>
      <Button icon={<DownloadOutlined />} onClick={onExport} disabled={exportDisabled}>
        Export CSV
      </Button>
    </div>
  );
}

/**
 * The managers' Receivables tab (docs/payment-terms.md): what companies on terms owe, in total
 * and by age, each company's terms, limit, balance and hold, and every invoice not yet settled,
 * with Send reminder now, Void and Mark uncollectible on open ones. Filtered in the browser (by
 * company name, aging bucket and overdue only); Export CSV downloads the invoices shown.
 */
/**
 * closeTermsInvoice for the tab: held by the panel (which also reads the receivables) and handed
 * to the lazy dialog, so the dialog's chunk needs no query library of its own. A success reloads
 * the receivables.
 */
function useCloseInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { orderId: string; action: CloseInvoiceAction; reason: string }) =>
      callCloseTermsInvoice(request),
    onSuccess: () => client.invalidateQueries({ queryKey: receivablesKeys.all }),
  });
}

export type CloseInvoice = ReturnType<typeof useCloseInvoice>;

/**
 * The tab's read, as queryOptions like the entities' reads: a lazy chunk that takes useMutation
 * from the query library without queryOptions splits the two apart, one more small file on
 * every page.
 */
const receivablesQuery = queryOptions({
  queryKey: receivablesKeys.all,
  queryFn: () => callGetReceivables({}),
});

export function ReceivablesPanel() {
  const close = useCloseInvoice();
  const notify = useNotify();
  const receivables = useQuery(receivablesQuery);
  useFetchErrorToast(receivables.isError);
  const [filter, setFilter] = useState<ReceivablesFilter>(NO_FILTER);
  const [dialog, setDialog] = useState<Dialog>(null);
  const data = receivables.data;
  const invoices = useMemo(() => filterInvoices(data?.invoices ?? [], filter), [data, filter]);
  const companies = useMemo(() => filterCompanies(data?.companies ?? [], filter), [data, filter]);
  const filtered = filter.q.trim() !== '' || filter.bucket !== null || filter.overdueOnly;
  const empty = filtered ? RECEIVABLES_TEXTS.noMatch : RECEIVABLES_TEXTS.none;

  const exportCsv = () => {
    if (!data) return;
    downloadTextFile(receivablesFileName(data.asOf, filter), buildReceivablesCsv(invoices));
    notify.success(RECEIVABLES_TEXTS.exported(invoices.length));
  };

  if (receivables.isError && !data) {
    return (
      <TableError text={RECEIVABLES_TEXTS.loadFailed} onRetry={() => void receivables.refetch()} />
    );
  }

  const totals = [
    { key: 'open', title: 'Open receivables', value: data?.totals.open },
    ...AGING_BUCKETS.map((bucket) => ({
      key: bucket,
      title: AGING_LABELS[bucket],
      value: data?.totals[bucket],
    })),
  ];

  return (
    <div className="admin-stack receivables">
      <section aria-labelledby="receivables-totals-title">
        <h2 id="receivables-totals-title" className="admin-group-label">
          {data ? `Owed as of ${formatDay(data.asOf)}` : 'Owed'}
        </h2>
        <div className="receivables__totals" aria-busy={!data || undefined}>
          {totals.map((total) => (
            <div key={total.key} className="admin-stat admin-surface">
              <div className="admin-stat__title">{total.title}</div>
              <div className="admin-stat__value">
                {total.value === undefined ? '—' : formatUsd(total.value)}
              </div>
            </div>
          ))}
        </div>
      </section>
      <Filters
        filter={filter}
        onChange={setFilter}
        onExport={exportCsv}
        exportDisabled={!data || invoices.length === 0}
      />
      <section aria-labelledby="receivables-invoices-title">
        <div className="admin-section-header">
          <h2 id="receivables-invoices-title" className="admin-section-title">
            Open invoices
          </h2>
        </div>
        <DataTable<ReceivableInvoice>
          label="Open invoices"
          size="middle"
          oneLine
          rowKey={(invoice) => invoice.orderId}
          columns={invoiceColumns((invoice, action) => setDialog({ invoice, action }))}
          rows={invoices}
          loading={receivables.isPending || receivables.isFetching}
          empty={receivables.isPending ? null : empty}
        />
      </section>
      <section aria-labelledby="receivables-companies-title">
        <div className="admin-section-header">
          <h2 id="receivables-companies-title" className="admin-section-title">
            Companies on terms
          </h2>
        </div>
        <DataTable<ReceivableCompany>
          label="Companies on terms"
          size="middle"
          oneLine
          rowKey={(company) => company.companyId}
          columns={companyColumns}
          rows={companies}
          loading={receivables.isPending}
          empty={receivables.isPending ? null : 'No companies on terms.'}
        />
      </section>
      {dialog && (
        <CloseInvoiceModal
          invoice={dialog.invoice}
          action={dialog.action}
          close={close}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
