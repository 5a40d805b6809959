import { PROFILE_STATUSES, ROLE_LABELS, type ProfileStatus, type Role } from '@portal/domain';
import {
  Badge,
  Button,
  Card,
  Grid,
  Popconfirm,
  Segmented,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { callableErrorMessage, isCallableError } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { useProfiles, useSetProfileStatus, type ProfileRecord } from '@/entities/profile';
import { useFetchErrorToast } from './use-fetch-error-toast';

type Filter = 'all' | ProfileStatus;

const STATUS_TAG: Readonly<Record<ProfileStatus, { color: string; label: string }>> = {
  pending: { color: 'warning', label: 'Pending' },
  approved: { color: 'success', label: 'Approved' },
  rejected: { color: 'error', label: 'Rejected' },
};

/** The toast text of a refused change: the server's reason when it gives one a manager can act on. */
function failedText(error: unknown): string {
  return isCallableError(error, 'failed-precondition')
    ? callableErrorMessage(error, 'Failed to update profile')
    : 'Failed to update profile';
}

const joinedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** Whether the applicant verified their address (copied from Auth; absent counts as not). */
const isVerified = (profile: ProfileRecord) => profile.email_verified === true;

/** The Email column: verified or not, for buyers (a manager's row shows nothing). */
function EmailTag({ profile }: { profile: ProfileRecord }) {
  if (profile.role === 'manager') return <span className="admin-muted">—</span>;
  return isVerified(profile) ? (
    <Tag color="success">Verified</Tag>
  ) : (
    <Tag color="orange">Not verified</Tag>
  );
}

function ProfileActions({ profile }: { profile: ProfileRecord }) {
  const notify = useNotify();
  const setStatus = useSetProfileStatus();

  const change = async (status: 'approved' | 'rejected', allowUnverified = false) => {
    try {
      await setStatus.mutateAsync(
        allowUnverified
          ? { uid: profile.id, status, allowUnverified }
          : { uid: profile.id, status },
      );
      notify.success('Success', `Profile ${status} successfully`);
    } catch (error) {
      notify.error('Error', failedText(error));
    }
  };

  // Managers' own rows (and rejected rows) offer nothing; docs/product.md §15.1: Approve only on
  // pending rows, Reject only on approved rows.
  if (profile.role === 'manager') return null;
  if (profile.status === 'pending' && !isVerified(profile)) {
    // Approving an address nobody has confirmed: the manager says so explicitly.
    return (
      <Popconfirm
        title="Approve without a verified email?"
        description={`${profile.store_name} has not verified their email address yet.`}
        okText="Approve anyway"
        cancelText="Cancel"
        onConfirm={() => change('approved', true)}
      >
        <Button
          size="small"
          type="primary"
          loading={setStatus.isPending}
          aria-label={`Approve ${profile.store_name}`}
        >
          Approve
        </Button>
      </Popconfirm>
    );
  }
  if (profile.status === 'pending') {
    return (
      <Button
        size="small"
        type="primary"
        loading={setStatus.isPending}
        onClick={() => change('approved')}
        aria-label={`Approve ${profile.store_name}`}
      >
        Approve
      </Button>
    );
  }
  if (profile.status === 'approved') {
    return (
      <Popconfirm
        title={`Reject ${profile.store_name}?`}
        description="They lose access to the portal."
        okText="Reject"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        onConfirm={() => change('rejected')}
      >
        <Button
          size="small"
          danger
          loading={setStatus.isPending}
          aria-label={`Reject ${profile.store_name}`}
        >
          Reject
        </Button>
      </Popconfirm>
    );
  }
  return null;
}

const columns: TableColumnsType<ProfileRecord> = [
  {
    title: 'Store Name',
    dataIndex: 'store_name',
    render: (_, p) => (
      <div>
        <div>{p.store_name}</div>
        <div className="admin-muted">{p.full_name}</div>
      </div>
    ),
  },
  { title: 'Seller Permit ID', dataIndex: 'seller_permit_id', render: (id: string) => id || '—' },
  { title: 'Role', dataIndex: 'role', render: (role: Role) => ROLE_LABELS[role] },
  { title: 'Email', key: 'email_verified', render: (_, p) => <EmailTag profile={p} /> },
  {
    title: 'Status',
    dataIndex: 'status',
    render: (status: ProfileStatus) => (
      <Tag color={STATUS_TAG[status].color}>{STATUS_TAG[status].label}</Tag>
    ),
  },
  { title: 'Joined', dataIndex: 'created_at', render: (date: Date) => joinedFormat.format(date) },
  { title: 'Actions', key: 'actions', render: (_, p) => <ProfileActions profile={p} /> },
];

/** A profile on a phone: a card instead of a table row that would need sideways scrolling. */
function ProfileCard({ profile }: { profile: ProfileRecord }) {
  const tag = STATUS_TAG[profile.status];
  return (
    <Card size="small" role="article" aria-label={profile.store_name}>
      <div className="admin-card__top">
        <div>
          <strong>{profile.store_name}</strong>
          <div className="admin-muted">{profile.full_name}</div>
        </div>
        <Tag color={tag.color}>{tag.label}</Tag>
      </div>
      <div className="admin-card__meta">
        <span>{ROLE_LABELS[profile.role]}</span>
        <span>Permit {profile.seller_permit_id || '—'}</span>
        <span>Joined {joinedFormat.format(profile.created_at)}</span>
        {profile.role !== 'manager' && (
          <span>
            Email <EmailTag profile={profile} />
          </span>
        )}
      </div>
      <div style={{ marginTop: 8 }}>
        <ProfileActions profile={profile} />
      </div>
    </Card>
  );
}

/** Every profile, newest first, filtered by status with a count per status. */
export function UserManagementTable() {
  const profiles = useProfiles();
  const [filter, setFilter] = useState<Filter>('all');
  const phone = Grid.useBreakpoint().xs === true;
  useFetchErrorToast(profiles.isError);

  const counts = useMemo(() => {
    const byStatus: Record<Filter, number> = { all: 0, pending: 0, approved: 0, rejected: 0 };
    for (const p of profiles.data ?? []) {
      byStatus.all += 1;
      byStatus[p.status] += 1;
    }
    return byStatus;
  }, [profiles.data]);

  const rows = useMemo(
    () => (profiles.data ?? []).filter((p) => filter === 'all' || p.status === filter),
    [profiles.data, filter],
  );

  const options = (['all', ...PROFILE_STATUSES] as const).map((value) => ({
    value,
    label:
      value === 'pending' && counts.pending > 0 ? (
        <span>
          Pending <Badge count={counts.pending} color="orange" />
        </span>
      ) : (
        `${value === 'all' ? 'All' : STATUS_TAG[value].label} (${counts[value]})`
      ),
  }));

  return (
    <section aria-labelledby="user-management-title">
      <div className="admin-section-header">
        <Typography.Title level={2} id="user-management-title" style={{ fontSize: 20 }}>
          User Management
        </Typography.Title>
        <div className="admin-filter">
          <Segmented<Filter>
            aria-label="Filter by status"
            size={phone ? 'small' : 'middle'}
            options={options}
            value={filter}
            onChange={setFilter}
          />
        </div>
      </div>
      {phone ? (
        <div className="admin-cards" aria-busy={profiles.isPending}>
          {profiles.isPending && <Skeleton active />}
          {rows.map((profile) => (
            <ProfileCard key={profile.id} profile={profile} />
          ))}
          {!profiles.isPending && rows.length === 0 && (
            <Typography.Text type="secondary">
              {profiles.isError ? 'Could not load users' : 'No users here'}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Table<ProfileRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={profiles.isPending}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: profiles.isError ? 'Could not load users' : 'No users here' }}
        />
      )}
    </section>
  );
}
