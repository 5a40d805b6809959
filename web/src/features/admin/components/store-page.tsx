import { ArrowLeftOutlined, MailOutlined } from '@ant-design/icons';
import {
  formatUsd,
  ROLE_LABELS,
  routePath,
  shortOrderId,
  type OrderRow,
  type StoreDetailsResponse,
} from '@portal/domain';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Skeleton,
  Statistic,
  Table,
  Timeline,
  Typography,
  type TableColumnsType,
} from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { callableErrorMessage, isCallableError } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useResendVerificationEmail, useStoreDetails } from '../api/search';
import { AdminOrderStatusTag } from './order-status-tag';
import { EmailVerifiedTag, ProfileActions, ProfileStatusTag } from './profile-actions';
import './admin-dashboard.css';
import './admin-tables.css';

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
      <ArrowLeftOutlined aria-hidden /> Back to dashboard
    </Link>
  );
}

const orderColumns: TableColumnsType<OrderRow> = [
  {
    title: 'Invoice',
    key: 'invoice',
    render: (_, row) =>
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
        <Typography.Text code>{shortOrderId(row.id)}</Typography.Text>
      ),
  },
  { title: 'Date', key: 'date', render: (_, row) => timeFormat.format(new Date(row.createdAt)) },
  {
    title: 'Status',
    key: 'status',
    render: (_, row) => <AdminOrderStatusTag status={row.status} />,
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    render: (_, row) => formatUsd(row.amount),
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
  return (
    <>
      <div className="admin-store__head">
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {user.storeName}
        </Typography.Title>
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
        <Card size="small" title="Profile">
          <Descriptions
            className="admin-store__facts"
            column={1}
            size="small"
            items={[
              {
                key: 'email',
                label: 'Email',
                children: (
                  <span>
                    {user.email} <EmailVerifiedTag role={user.role} verified={user.emailVerified} />
                  </span>
                ),
              },
              { key: 'role', label: 'Role', children: ROLE_LABELS[user.role] },
              {
                key: 'status',
                label: 'Status',
                children: <ProfileStatusTag status={user.status} />,
              },
              { key: 'phone', label: 'Phone', children: user.phone || '—' },
              { key: 'permit', label: 'Seller permit', children: user.sellerPermitId || '—' },
              { key: 'applied', label: 'Applied', children: formatDay(user.createdAt) },
            ]}
          />
        </Card>
        <Card size="small" title="Sales">
          <Statistic title="Lifetime revenue" value={formatUsd(details.lifetimeRevenue)} />
          <Statistic title="Orders" value={details.orderCount} />
          <Statistic title="Last order" value={formatDay(details.lastOrderAt)} />
        </Card>
      </div>
      <div className="admin-store__grid">
        <Card size="small" title="Orders">
          {details.orderCount > details.orders.length && (
            <Typography.Paragraph type="secondary">
              The newest {details.orders.length} of {details.orderCount} orders.
            </Typography.Paragraph>
          )}
          <Table<OrderRow>
            rowKey="id"
            size="small"
            aria-label={`Orders of ${user.storeName}`}
            columns={orderColumns}
            dataSource={details.orders}
            pagination={details.orders.length > 10 ? { pageSize: 10 } : false}
            scroll={{ x: 'max-content' }}
            loading={refreshing && details.orders.length === 0}
            locale={{ emptyText: refreshing ? ' ' : 'No orders yet' }}
          />
        </Card>
        <Card size="small" title="History">
          {history.length === 0 ? (
            <Typography.Text type="secondary">Nothing yet.</Typography.Text>
          ) : (
            <Timeline
              items={history.map((entry, index) => ({
                key: `${entry.at}-${index}`,
                title: timeFormat.format(new Date(entry.at)),
                content: entry.event,
              }))}
            />
          )}
        </Card>
      </div>
    </>
  );
}

/**
 * /admin/stores/:uid: one buyer for managers: their profile, what happened to it, their orders
 * and revenue, and Approve / Reject / Resend verification email. The route's guard checks the
 * manager claim; getStoreDetails checks it again.
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
    body = (
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        No store with this id.
      </Typography.Title>
    );
  } else if (details.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} aria-label="Loading store" />;
  } else if (details.isError) {
    body = (
      <Alert
        type="error"
        showIcon
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
