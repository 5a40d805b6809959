import {
  CLAIM_KIND_LABELS,
  CLAIM_STATUSES,
  formatUsd,
  isOpenClaim,
  routePath,
  type Claim,
} from '@portal/domain';
import { useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/button';
import { ChoiceSegmented } from '@/components/choice-segmented';
import { lazyDialog } from '@/components/lazy-dialog';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { TableError } from '@/components/table/table-states';
import { useFetchErrorToast } from '@/components/table/use-fetch-error-toast';
import { withAntdTheme } from '@/components/with-antd-theme';
import {
  useClaimCounts,
  useClaimQueue,
  useLinkedClaim,
  type ClaimQueueFilter,
} from '@/entities/claims';
import { ClaimStatusTag } from './claim-status-tag';
import {
  adminOrderHref,
  ageText,
  CLAIMS_TEXTS as TEXTS,
  filterLabel,
  formatDay,
  itemsSummary,
  orderLabel,
} from './claims-text';
import '../common/admin-tables.css';
import './claims.css';

// The claim drawer (antd's Drawer and Modal with their theme; the Storage SDK for the photos) is
// fetched when a manager first opens a claim.
const ClaimDrawer = lazyDialog(
  withAntdTheme(() => import('./claim-drawer').then((m) => m.ClaimDrawer)),
);

const FILTERS: readonly ClaimQueueFilter[] = [...CLAIM_STATUSES, 'all'];

/**
 * The managers' Claims tab (docs/order-lifecycle.md#claims): the claims buyers reported, newest
 * first, filtered New, Awaiting buyer, Settled, Rejected or All (each with its count), with the
 * store, the order, the kind, the items, the value, the status and the age. Review opens a drawer
 * with the lines, photos and timeline, where the manager asks the buyer, rejects or settles.
 */
export function ClaimsPanel() {
  const [filter, setFilter] = useState<ClaimQueueFilter>('new');
  const queue = useClaimQueue(filter);
  const counts = useClaimCounts();
  useFetchErrorToast(queue.isError);
  const [selected, setSelected] = useState<Claim | null>(null);
  // A mail's link names a claim (?claim=<id>): its drawer opens once the claim is read.
  const [params, setParams] = useSearchParams();
  const linked = useLinkedClaim(params.get('claim'));
  const shown = selected ?? linked.data ?? null;
  const heading = useRef<HTMLHeadingElement>(null);
  const [now] = useState(() => new Date());
  const rows = useMemo(() => queue.data ?? [], [queue.data]);
  const preload = () => void ClaimDrawer.preload().catch(() => undefined);

  const options = FILTERS.map((value) => {
    const count =
      counts.data === undefined
        ? undefined
        : value === 'all'
          ? CLAIM_STATUSES.reduce((sum, status) => sum + counts.data[status], 0)
          : counts.data[value];
    return { value, label: filterLabel(value, count) };
  });

  const columns: DataColumn<Claim>[] = [
    {
      title: 'Reported',
      key: 'reported',
      className: 'admin-cell--nowrap',
      render: (claim) => formatDay(claim.created_at),
    },
    {
      title: 'Store',
      key: 'store',
      render: (claim) => (
        <div className="admin-store-cell">
          <Link to={routePath('adminCompany', { companyId: claim.company_id })}>
            {claim.store_name || claim.company_id}
          </Link>
          {claim.reporter_name && <div className="admin-muted">{claim.reporter_name}</div>}
        </div>
      ),
    },
    {
      title: 'Order',
      key: 'order',
      className: 'admin-cell--nowrap',
      render: (claim) => (
        <Link
          to={adminOrderHref(claim.order_id)}
          aria-label={`Order ${orderLabel(claim)} (opens in the Orders tab)`}
        >
          {orderLabel(claim)}
        </Link>
      ),
    },
    { title: 'Kind', key: 'kind', render: (claim) => CLAIM_KIND_LABELS[claim.kind] },
    { title: 'Items', key: 'items', render: itemsSummary },
    {
      title: 'Value',
      key: 'value',
      align: 'right',
      className: 'admin-cell--nowrap',
      render: (claim) => formatUsd(claim.value),
    },
    {
      title: 'Status',
      key: 'status',
      className: 'admin-cell--nowrap',
      render: (claim) => <ClaimStatusTag claim={claim} />,
    },
    {
      title: 'Age',
      key: 'age',
      className: 'admin-cell--nowrap',
      render: (claim) => ageText(claim.created_at, now),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (claim) => {
        const open = isOpenClaim(claim.status);
        const verb = open ? TEXTS.review : TEXTS.view;
        return (
          <Button
            size="small"
            type={open ? 'primary' : 'default'}
            onMouseEnter={preload}
            onFocus={preload}
            onClick={() => setSelected(claim)}
            aria-label={`${verb} the claim on ${orderLabel(claim)} of ${claim.store_name || claim.company_id}`}
          >
            {verb}
          </Button>
        );
      },
    },
  ];

  return (
    <div className="admin-stack claims">
      <section aria-labelledby="claims-title">
        <div className="admin-section-header">
          <h2 id="claims-title" className="admin-section-title" ref={heading} tabIndex={-1}>
            {TEXTS.title}
          </h2>
          <div className="admin-filter">
            <ChoiceSegmented<ClaimQueueFilter>
              aria-label="Filter by status"
              options={options}
              value={filter}
              onChange={setFilter}
            />
          </div>
        </div>
        <p className="admin-secondary admin-paragraph">{TEXTS.intro}</p>
        {queue.isError && !queue.data ? (
          <TableError text={TEXTS.loadFailed} onRetry={() => void queue.refetch()} />
        ) : (
          <DataTable<Claim>
            label={TEXTS.title}
            rowKey={(claim) => claim.id}
            size="middle"
            columns={columns}
            rows={rows}
            loading={queue.isPending}
            empty={TEXTS.none[filter]}
          />
        )}
      </section>
      {shown && (
        <ClaimDrawer
          claim={shown}
          onClose={() => {
            setSelected(null);
            if (params.has('claim')) {
              setParams(
                (next) => {
                  next.delete('claim');
                  return next;
                },
                { replace: true },
              );
            }
            // A claim decided may have left the list with its button: the heading takes the focus.
            requestAnimationFrame(() => {
              if (document.activeElement === document.body) heading.current?.focus();
            });
          }}
        />
      )}
    </div>
  );
}
