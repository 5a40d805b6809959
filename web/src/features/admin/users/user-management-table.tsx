import {
  PROFILE_STATUSES,
  ROLE_LABELS,
  routePath,
  TABLE_EXPORT_MAX,
  type ProfileStatus,
  type UserRow,
  type UserSortField,
} from '@portal/domain';
import { Link } from 'react-router';
import { useProfiles } from '@/entities/profile';
import { useExportSearchUsers, useSearchUsers } from '../common/search';
import { useTableParams } from '@/components/table/use-table-params';
import type { TableSpec, TableState } from '@/components/table/table-params';
import { buildUsersCsv } from './users-csv';
import type { DataColumn } from '@/components/table/data-table';
import {
  EmailVerifiedTag,
  PROFILE_STATUS_TAG,
  ProfileActions,
  ProfileStatusTag,
  type ReviewTarget,
} from './profile-actions';
import {
  ServerTable,
  sortableColumn,
  type PhoneSort,
  type ServerTableTexts,
} from '@/components/table/server-table';

/** What the Users tab reads from its URL (sort names: applied, store). */
export const USERS_TABLE: TableSpec<ProfileStatus, UserSortField> = {
  statuses: PROFILE_STATUSES,
  sorts: { applied: 'created_at', store: 'store_name' },
  defaultSort: 'created_at',
};
type UsersState = TableState<ProfileStatus, UserSortField>;

export const USERS_TRUNCATED_TEXT = `Only the first ${TABLE_EXPORT_MAX.toLocaleString('en-US')} users were exported; narrow the filter.`;

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDay = (iso: string | null) => (iso ? dayFormat.format(new Date(iso)) : '—');

const targetOf = (row: UserRow): ReviewTarget => ({
  uid: row.uid,
  storeName: row.storeName,
  role: row.role,
  status: row.status,
  emailVerified: row.emailVerified,
});

function StoreLink({ row }: { row: UserRow }) {
  return <Link to={routePath('adminStore', { uid: row.uid })}>{row.storeName}</Link>;
}

function EmailCell({ row }: { row: UserRow }) {
  return (
    <div>
      <div>{row.email}</div>
      <EmailVerifiedTag role={row.role} verified={row.emailVerified} />
    </div>
  );
}

function columnsOf(state: UsersState): DataColumn<UserRow>[] {
  return [
    {
      title: 'Store Name',
      key: 'store',
      ...sortableColumn(state, 'store_name', 'ascend'),
      render: (row) => (
        <>
          <StoreLink row={row} />
          {row.fullName && <div className="admin-muted">{row.fullName}</div>}
        </>
      ),
    },
    { title: 'Seller Permit ID', key: 'permit', render: (row) => row.sellerPermitId || '—' },
    { title: 'Email', key: 'email', render: (row) => <EmailCell row={row} /> },
    { title: 'Role', key: 'role', render: (row) => ROLE_LABELS[row.role] },
    {
      title: 'Status',
      key: 'status',
      render: (row) => <ProfileStatusTag status={row.status} />,
    },
    {
      title: 'Applied',
      key: 'applied',
      ...sortableColumn(state, 'created_at', 'descend'),
      render: (row) => formatDay(row.createdAt),
    },
    { title: 'Reviewed', key: 'reviewed', render: (row) => formatDay(row.reviewedAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (row) => <ProfileActions target={targetOf(row)} />,
    },
  ];
}

/**
 * A buyer on a phone: a card instead of a table row that would need sideways scrolling, with what
 * the row shows a manager before approving (contact name, seller permit, address).
 */
function UserCard({ row }: { row: UserRow }) {
  return (
    <article className="admin-card" aria-label={row.storeName}>
      <div className="admin-card__top">
        <div>
          <strong>
            <StoreLink row={row} />
          </strong>
          {row.fullName && <div>{row.fullName}</div>}
          <div className="admin-muted">{row.email}</div>
        </div>
        <ProfileStatusTag status={row.status} />
      </div>
      <div className="admin-card__meta">
        <span>Seller permit {row.sellerPermitId || '—'}</span>
        <span>{ROLE_LABELS[row.role]}</span>
        <span>Applied {formatDay(row.createdAt)}</span>
        <span>
          Email <EmailVerifiedTag role={row.role} verified={row.emailVerified} />
        </span>
      </div>
      <div style={{ marginTop: 8 }}>
        <ProfileActions target={targetOf(row)} />
      </div>
    </article>
  );
}

const PHONE_SORTS: PhoneSort<UserSortField>[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'store_name:asc', label: 'Store, A to Z' },
  { value: 'store_name:desc', label: 'Store, Z to A' },
];

const TEXTS: ServerTableTexts = {
  searchPlaceholder: 'Search store or email',
  rangeLabel: 'Applied dates',
  none: 'No users here',
  noMatch: 'No users match these filters.',
  loadError: 'Could not load users',
  truncated: USERS_TRUNCATED_TEXT,
  exportEmptyTitle: 'No Users',
  exported: (count) => `Exported ${count} user${count === 1 ? '' : 's'}.`,
  exportFailed: 'Failed to export users',
};

/**
 * Every buyer, searched, filtered, sorted and paged by the searchUsers function; all of it in
 * the URL, as on the Orders tab. The store name opens the store page; Approve, Decline, Reject
 * and Reopen work from the row.
 */
export function UserManagementTable() {
  const params = useTableParams(USERS_TABLE);
  const search = useSearchUsers(params.request);
  const exporter = useExportSearchUsers();
  const profiles = useProfiles();

  const pendingCount = profiles.data?.filter((p) => p.status === 'pending').length ?? 0;
  const statusOptions = PROFILE_STATUSES.map((status) => ({
    value: status,
    label:
      status === 'pending' && pendingCount > 0
        ? `Pending (${pendingCount})`
        : PROFILE_STATUS_TAG[status].label,
  }));

  return (
    <ServerTable
      title="User Management"
      titleId="user-management-title"
      texts={TEXTS}
      params={params}
      query={search}
      statusOptions={statusOptions}
      phoneSorts={PHONE_SORTS}
      columns={columnsOf(params.state)}
      rowKey="uid"
      card={UserCard}
      csv={{ mutation: exporter, kind: 'users', buildCsv: buildUsersCsv }}
    />
  );
}
