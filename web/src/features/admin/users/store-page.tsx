import {
  formatUsd,
  ROLE_LABELS,
  routePath,
  shortOrderId,
  type OrderRow,
  type StoreDetailsResponse,
} from '@portal/domain';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ArrowLeftOutlined, MailOutlined } from '@/components/icons';
import { TextSkeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { callableErrorMessage, isCallableError } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useResendVerificationEmail, useStoreDetails } from '../common/search';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { AdminOrderStatusTag } from '../common/order-status-tag';
import { EmailVerifiedTag, ProfileActions, ProfileStatusTag } from './profile-actions';
import { pageOf, TablePager } from '@/components/table/table-pager';
import '../dashboard/admin-dashboard.css';
import '../common/admin-tables.css';

export const STORE_PAGE_TOASTS = {
  resent: 'Verification email sent.',
  resendFailed: 'Could not send the verification email.',
} as const;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDay = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : '—');

const BACK_TO = `${paths.admin}?tab=users`;

function BackLink() {
  return (
    <Link to={BACK_TO}>
      <ArrowLeftOutlined /> Back to dashboard
    </Link>
  );
}

// Each cell on one line: on a phone the table scrolls sideways in its box instead.
const orderColumns: readonly DataColumn<OrderRow>[] = [
  {
    title: 'Invoice',
    key: 'invoice',
    className: 'admin-cell--nowrap',
    render: (row) =>
      row.invoiceNumber ? (
        <a
          href={routePath('adminInvoice', { orderId: row.id })}
          target="_blank"
          rel="noopener"
          aria-label={`Invoice ${row.invoiceNumber} (opens in a new tab)`}
        >
          {row.invoiceNumber}
        </a>
      ) : (
        <code className="admin-code">{shortOrderId(row.id)}</code>
      ),
  },
  {
    title: 'Date',
    key: 'date',
    className: 'admin-cell--nowrap',
    render: (row) => timeFormat.format(new Date(row.createdAt)),
  },
  {
    title: 'Status',
    key: 'status',
    render: (row) => <AdminOrderStatusTag status={row.status} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (row) => formatUsd(row.amount),
  },
];

/** Resend the buyer's verification link (shown while their address is unverified). */
function ResendVerificationButton({ uid }: { uid: string }) {
  const notify = useNotify();
  const resend = useResendVerificationEmail();
  const send = async () => {
    try {
      await resend.mutateAsync(uid);
      notify.success('Email sent', STORE_PAGE_TOASTS.resent);
    } catch (error) {
      notify.error('Error', callableErrorMessage(error, STORE_PAGE_TOASTS.resendFailed));
    }
  };
  return (
    <Button icon={<MailOutlined />} loading={resend.isPending} onClick={() => void send()}>
      Resend verification email
    </Button>
  );
}

/** A box with a title, drawn like antd's small Card (admin-tables.css). */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `store-panel-${title.toLowerCase()}`;
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 className="admin-panel__title" id={id}>
        {title}
      </h2>
      <div className="admin-panel__body">{children}</div>
    </section>
  );
}

/** A figure with its name above it, as antd's Statistic. */
function Figure({ title, value }: { title: string; value: string }) {
  return (
    <div className="admin-figure">
      <div className="admin-stat__title">{title}</div>
      <div className="admin-stat__value">{value}</div>
    </div>
  );
}

/** The newest orders, ten to a page once there are more than ten. */
const ORDERS_PAGE = 10;

function StoreOrders({
  storeName,
  orders,
  refreshing,
}: {
  storeName: string;
  orders: readonly OrderRow[];
  refreshing: boolean;
}) {
  const [page, setPage] = useState(1);
  const { page: shown, rows } = pageOf(orders, page, ORDERS_PAGE);
  return (
    <>
      <DataTable<OrderRow>
        label={`Orders of ${storeName}`}
        size="small"
        rowKey={(row) => row.id}
        columns={orderColumns}
        rows={rows}
        loading={refreshing && orders.length === 0}
        empty={refreshing ? null : 'No orders yet'}
      />
      {orders.length > ORDERS_PAGE && (
        <TablePager
          label={`Orders of ${storeName}`}
          page={shown}
          pageSize={ORDERS_PAGE}
          total={orders.length}
          pageSizes={[ORDERS_PAGE]}
          onChange={(next) => setPage(next)}
        />
      )}
    </>
  );
}

function StoreDetails({
  details,
  refreshing,
}: {
  details: StoreDetailsResponse;
  /** The store is being read again (after Approve, say): no empty state meanwhile. */
  refreshing: boolean;
}) {
  const { user } = details;
  const history = [...details.history].sort((a, b) => a.at.localeCompare(b.at));
  const facts: { label: string; value: ReactNode }[] = [
    {
      label: 'Email',
      value: (
        <span>
          {user.email} <EmailVerifiedTag role={user.role} verified={user.emailVerified} />
        </span>
      ),
    },
    { label: 'Role', value: ROLE_LABELS[user.role] },
    { label: 'Status', value: <ProfileStatusTag status={user.status} /> },
    { label: 'Phone', value: user.phone || '—' },
    { label: 'Seller permit', value: user.sellerPermitId || '—' },
    { label: 'Applied', value: formatDay(user.createdAt) },
  ];
  return (
    <>
      <div className="admin-store__head">
        <h1 className="admin-store__title">{user.storeName}</h1>
        <div className="admin-store__actions">
          <ProfileActions
            size="middle"
            target={{
              uid: user.uid,
              storeName: user.storeName,
              role: user.role,
              status: user.status,
              emailVerified: user.emailVerified,
            }}
          />
          {!user.emailVerified && <ResendVerificationButton uid={user.uid} />}
        </div>
      </div>
      <div className="admin-store__grid">
        <Panel title="Profile">
          <dl className="admin-store__facts">
            {facts.map((fact) => (
              <div key={fact.label} className="admin-store__fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Sales">
          <Figure title="Lifetime revenue" value={formatUsd(details.lifetimeRevenue)} />
          <Figure title="Orders" value={details.orderCount.toLocaleString('en-US')} />
          <Figure title="Last order" value={formatDay(details.lastOrderAt)} />
        </Panel>
      </div>
      <div className="admin-store__grid">
        <Panel title="Orders">
          {details.orderCount > details.orders.length && (
            <p className="admin-secondary admin-paragraph">
              The newest {details.orders.length} of {details.orderCount} orders.
            </p>
          )}
          <StoreOrders storeName={user.storeName} orders={details.orders} refreshing={refreshing} />
        </Panel>
        <Panel title="History">
          {history.length === 0 ? (
            <span className="admin-secondary">Nothing yet.</span>
          ) : (
            <ol className="admin-timeline">
              {history.map((entry, index) => (
                <li key={`${entry.at}-${index}`} className="admin-timeline__item">
                  <div className="admin-timeline__time">
                    {timeFormat.format(new Date(entry.at))}
                  </div>
                  <div>{entry.event}</div>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </>
  );
}

/**
 * /admin/stores/:uid: one buyer for managers: their profile, what happened to it, their orders
 * and revenue, and Approve / Reject / Resend verification email. The route's guard checks the
 * manager claim; getStoreDetails checks it again. Drawn without antd (its look in plain elements).
 */
export function AdminStorePage({ uid }: { uid: string }) {
  const details = useStoreDetails(uid);
  usePageTitle(details.data ? `${details.data.user.storeName} · Store` : 'Store');
  const notFound =
    uid === '' ||
    (details.isError &&
      (isCallableError(details.error, 'not-found') ||
        isCallableError(details.error, 'invalid-argument')));

  let body;
  if (notFound) {
    body = <h1 className="admin-store__title admin-store__title--small">No store with this id.</h1>;
  } else if (details.isPending) {
    body = (
      <div role="status" aria-label="Loading store">
        <TextSkeleton rows={8} />
      </div>
    );
  } else if (details.isError) {
    body = (
      <Alert
        type="error"
        role="alert"
        title="Could not load this store."
        action={
          <Button size="small" onClick={() => void details.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else {
    body = <StoreDetails details={details.data} refreshing={details.isFetching} />;
  }

  return (
    <div className="admin-page">
      <main className="admin-store" aria-busy={details.isFetching}>
        <BackLink />
        {body}
      </main>
    </div>
  );
}
