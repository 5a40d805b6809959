import {
  businessDay,
  certificateStanding,
  formatCertificateDate,
  reviewTaxCertificateRequest,
  routePath,
  TAX_LIMITS,
  type ReviewTaxCertificateRequest,
} from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { CertificateStandingTag } from '@/components/certificate-standing-tag';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { lazyDialog } from '@/components/lazy-dialog';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { TableError } from '@/components/table/table-states';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import { companyQueryOptions } from '@/entities/company';
import {
  taxCertificateKeys,
  useCertificateQueue,
  useReviewTaxCertificate,
  useTaxCertificateFile,
  type CertificateQueueFilter,
  type TaxCertificate,
} from '@/entities/tax-certificates';
import { certificateName, CERTIFICATES_TEXTS as TEXTS, formatSubmitted } from './certificates-text';
import '../common/admin-tables.css';
import './certificates.css';

// The review drawer (antd's Drawer and Modal with their theme; the Storage SDK for the file) is
// fetched when a manager first opens a certificate.
const ReviewDrawer = lazyDialog(
  withAntdTheme(() => import('./certificate-review-drawer').then((m) => m.CertificateReviewDrawer)),
);

const FILTERS: readonly { value: CertificateQueueFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All' },
];

/**
 * The names of the companies of the certificates shown, by id: each read with the company page's
 * read (and kept in its cache). One query rather than useQueries, whose code the portal's pages
 * share in a chunk of their own.
 */
function useCompanyNames(ids: readonly string[]): Readonly<Record<string, string>> {
  const client = useQueryClient();
  const names = useQuery({
    queryKey: [...taxCertificateKeys.all, 'company-names', ids],
    queryFn: async () => {
      const entries = await Promise.all(
        ids.map(async (id) => {
          const company = await client.fetchQuery(companyQueryOptions(id)).catch(() => null);
          return [id, company?.name ?? ''] as const;
        }),
      );
      return Object.fromEntries(entries.filter(([, name]) => name !== ''));
    },
    enabled: ids.length > 0,
  });
  return names.data ?? {};
}

export type ReviewCertificate = ReturnType<typeof useReviewTaxCertificate>;

/** A rejection's request, checked by the domain's schema, or the reason's problem. */
export type ReasonCheck = ((
  certificateId: string,
  reason: string,
) => { ok: true; request: ReviewTaxCertificateRequest } | { ok: false; problem: string }) & {
  maxLength: number;
};

export const checkRejection: ReasonCheck = Object.assign(
  (certificateId: string, reason: string) => {
    const parsed = reviewTaxCertificateRequest.safeParse({
      certificateId,
      decision: 'reject',
      reason,
    });
    if (parsed.success) return { ok: true as const, request: parsed.data };
    const issue = parsed.error.issues.find((each) => each.path[0] === 'reason');
    return {
      ok: false as const,
      problem: issue?.message ?? parsed.error.issues[0]?.message ?? TEXTS.reviewFailed,
    };
  },
  { maxLength: TAX_LIMITS.reason },
);

const validTo = (certificate: TaxCertificate) =>
  certificate.expires_on === null
    ? TEXTS.doesNotExpire
    : formatCertificateDate(certificate.expires_on);

/**
 * The managers' Certificates tab (docs/tax.md): the resale certificates companies submitted,
 * pending ones first (filter Pending, Approved, Rejected or All), with the company, state,
 * number, expiry and who submitted it when. Review opens a drawer with the file and the facts,
 * where the manager approves it or rejects it with a reason.
 */
export function CertificatesPanel() {
  const [filter, setFilter] = useState<CertificateQueueFilter>('pending');
  const queue = useCertificateQueue(filter);
  const review = useReviewTaxCertificate();
  useFetchErrorToast(queue.isError);
  const [selected, setSelected] = useState<TaxCertificate | null>(null);
  // Read while the drawer is open; its object URL is let go when it closes.
  const file = useTaxCertificateFile(selected?.file_path ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [today] = useState(() => businessDay(new Date()));
  const rows = useMemo(() => queue.data ?? [], [queue.data]);
  const companyIds = useMemo(() => [...new Set(rows.map((row) => row.company_id))], [rows]);
  const names = useCompanyNames(companyIds);
  const companyName = (certificate: TaxCertificate) =>
    names[certificate.company_id] ?? certificate.company_id;
  const preload = () => void ReviewDrawer.preload().catch(() => undefined);

  const close = () => setSelected(null);
  // A certificate just reviewed leaves the pending list with its Review button: the focus goes to
  // the tab's heading (after the drawer has given it back to the button).
  const decided = () => {
    setSelected(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const columns: DataColumn<TaxCertificate>[] = [
    {
      title: 'Company',
      key: 'company',
      render: (certificate) => (
        <Link to={routePath('adminCompany', { companyId: certificate.company_id })}>
          {companyName(certificate)}
        </Link>
      ),
    },
    { title: 'State', key: 'state', render: (certificate) => certificate.state },
    {
      title: 'Number',
      key: 'number',
      className: 'admin-cell--nowrap',
      render: (certificate) => certificate.number,
    },
    {
      title: 'Expires',
      key: 'expires',
      className: 'admin-cell--nowrap',
      render: validTo,
    },
    {
      title: 'Submitted',
      key: 'submitted',
      render: (certificate) => (
        <>
          <div>{certificate.submitted_by_name || '—'}</div>
          <div className="admin-muted">{formatSubmitted(certificate.submitted_at)}</div>
        </>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      className: 'admin-cell--nowrap',
      render: (certificate) => (
        <CertificateStandingTag standing={certificateStanding(certificate, today)} />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (certificate) => (
        <Button
          size="small"
          type={certificate.status === 'pending' ? 'primary' : 'default'}
          onMouseEnter={preload}
          onFocus={preload}
          onClick={() => setSelected(certificate)}
          aria-label={`${certificate.status === 'pending' ? TEXTS.review : TEXTS.view} the ${certificateName(certificate)} of ${companyName(certificate)}`}
        >
          {certificate.status === 'pending' ? TEXTS.review : TEXTS.view}
        </Button>
      ),
    },
  ];

  return (
    <div className="admin-stack certificates">
      <section aria-labelledby="certificates-title">
        <div className="admin-section-header">
          <h2 id="certificates-title" className="admin-section-title" ref={heading} tabIndex={-1}>
            {TEXTS.title}
          </h2>
          <div className="admin-filter">
            <ChoiceSegmented<CertificateQueueFilter>
              aria-label="Filter by status"
              options={FILTERS}
              value={filter}
              onChange={setFilter}
            />
          </div>
        </div>
        {queue.isError && !queue.data ? (
          <TableError text={TEXTS.loadFailed} onRetry={() => void queue.refetch()} />
        ) : (
          <DataTable<TaxCertificate>
            label={TEXTS.title}
            rowKey={(certificate) => certificate.id}
            size="middle"
            columns={columns}
            rows={rows}
            loading={queue.isPending}
            empty={TEXTS.none[filter]}
          />
        )}
      </section>
      {selected && (
        <ReviewDrawer
          certificate={selected}
          companyName={companyName(selected)}
          status={<CertificateStandingTag standing={certificateStanding(selected, today)} />}
          validTo={validTo(selected)}
          file={file}
          checkReason={checkRejection}
          review={review}
          onClose={close}
          onDecided={decided}
        />
      )}
    </div>
  );
}
