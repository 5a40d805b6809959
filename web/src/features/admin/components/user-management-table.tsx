import {
  BUYER_ROLES,
  PROFILE_STATUSES,
  ROLE_LABELS,
  routePath,
  TABLE_EXPORT_MAX,
  TABLE_PAGE_SIZES,
  type ProfileStatus,
  type SearchUsersRequest,
  type UserRow,
  type UserSortField,
} from '@portal/domain';
import {
  Alert,
  Badge,
  Card,
  Grid,
  Pagination,
  Select,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '@/lib/notify';
import { useProfiles } from '@/entities/profile';
import { useExportSearchUsers, useSearchUsers } from '../api/search';
import { useTableParams } from '../hooks/use-table-params';
import { exportFileName } from '../utils/csv';
import { downloadTextFile } from '../utils/download-file';
import { isFiltered, type TableSpec, type TableState } from '../utils/table-params';
import { buildUsersCsv } from '../utils/users-csv';
import {
  EmailVerifiedTag,
  PROFILE_STATUS_TAG,
  ProfileActions,
  ProfileStatusTag,
  type ReviewTarget,
} from './profile-actions';
import { TableEmpty, TableError } from './table-states';
import { IgnoredParamsAlert, TableToolbar } from './table-toolbar';
import { useFetchErrorToast } from './use-fetch-error-toast';

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

function filterOf(state: UsersState): SearchUsersRequest {
  return {
    q: state.q,
    status: state.status,
    role: state.role,
    range: state.range,
    sort: state.sort,
    direction: state.direction,
  };
}

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

const antOrder = (state: UsersState, field: UserSortField) =>
  state.sort === field ? (state.direction === 'asc' ? 'ascend' : 'descend') : null;

function columnsOf(state: UsersState): TableColumnsType<UserRow> {
  return [
    {
      title: 'Store Name',
      key: 'store',
      sorter: true,
      sortOrder: antOrder(state, 'store_name'),
      sortDirections: ['ascend', 'descend'],
      render: (_, row) => (
        <>
          <StoreLink row={row} />
          {row.fullName && <div className="admin-muted">{row.fullName}</div>}
        </>
      ),
    },
    { title: 'Seller Permit ID', key: 'permit', render: (_, row) => row.sellerPermitId || '—' },
    { title: 'Email', key: 'email', render: (_, row) => <EmailCell row={row} /> },
    { title: 'Role', key: 'role', render: (_, row) => ROLE_LABELS[row.role] },
    {
      title: 'Status',
      key: 'status',
      render: (_, row) => <ProfileStatusTag status={row.status} />,
    },
    {
      title: 'Applied',
      key: 'applied',
      sorter: true,
      sortOrder: antOrder(state, 'created_at'),
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => formatDay(row.createdAt),
    },
    { title: 'Reviewed', key: 'reviewed', render: (_, row) => formatDay(row.reviewedAt) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, row) => <ProfileActions target={targetOf(row)} />,
    },
  ];
}

/** A buyer on a phone: a card instead of a table row that would need sideways scrolling. */
function UserCard({ row }: { row: UserRow }) {
  return (
    <Card size="small" role="article" aria-label={row.storeName}>
      <div className="admin-card__top">
        <div>
          <strong>
            <StoreLink row={row} />
          </strong>
          <div className="admin-muted">{row.email}</div>
        </div>
        <ProfileStatusTag status={row.status} />
      </div>
      <div className="admin-card__meta">
        <span>{ROLE_LABELS[row.role]}</span>
        <span>Applied {formatDay(row.createdAt)}</span>
        <span>
          Email <EmailVerifiedTag role={row.role} verified={row.emailVerified} />
        </span>
      </div>
      <div style={{ marginTop: 8 }}>
        <ProfileActions target={targetOf(row)} />
      </div>
    </Card>
  );
}

const PHONE_SORTS = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'store_name:asc', label: 'Store, A to Z' },
  { value: 'store_name:desc', label: 'Store, Z to A' },
];

const roleOptions = BUYER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * Every buyer, searched, filtered, sorted and paged by the searchUsers function; all of it in
 * the URL, as on the Orders tab. The store name opens the store page; Approve and Reject work
 * from the row.
 */
export function UserManagementTable() {
  const notify = useNotify();
  const phone = Grid.useBreakpoint().xs === true;
  const { state, ignored, update, clear, onPageChange, onTableChange } =
    useTableParams(USERS_TABLE);
  const request = useMemo(
    () => ({ ...filterOf(state), page: state.page, pageSize: state.pageSize }),
    [state],
  );
  const search = useSearchUsers(request);
  const exporter = useExportSearchUsers();
  const profiles = useProfiles();
  const [truncated, setTruncated] = useState(false);
  useFetchErrorToast(search.isError);

  const rows = search.data?.rows ?? [];
  const total = search.data?.total ?? 0;
  const pendingCount = profiles.data?.filter((p) => p.status === 'pending').length ?? 0;

  const statusOptions = PROFILE_STATUSES.map((status) => ({
    value: status,
    label:
      status === 'pending' && pendingCount > 0 ? (
        <span>
          Pending <Badge count={pendingCount} color="orange" size="small" />
        </span>
      ) : (
        PROFILE_STATUS_TAG[status].label
      ),
  }));

  const exportCsv = async () => {
    try {
      const result = await exporter.mutateAsync(filterOf(state));
      setTruncated(result.truncated);
      if (result.rows.length === 0) {
        notify.info('No Users', 'No users match these filters.');
        return;
      }
      downloadTextFile(exportFileName('users', state), buildUsersCsv(result.rows));
      const count = result.rows.length;
      notify.success('Export Ready', `Exported ${count} user${count === 1 ? '' : 's'}.`);
    } catch {
      notify.error('Error', 'Failed to export users');
    }
  };

  const empty = (
    <TableEmpty
      filtered={isFiltered(state)}
      total={total}
      noneText="No users here"
      noMatchText="No users match these filters."
      onClear={clear}
      onFirstPage={() => update({ page: 1 })}
    />
  );

  return (
    <section aria-labelledby="user-management-title">
      <div className="admin-section-header">
        <Typography.Title level={2} id="user-management-title" style={{ fontSize: 20 }}>
          User Management
        </Typography.Title>
      </div>
      <TableToolbar
        search={{
          value: state.q,
          placeholder: 'Search store or email',
          onSearch: (q) => update({ q }, { replace: true }),
        }}
        selects={[
          {
            label: 'Status',
            value: state.status,
            options: statusOptions,
            onChange: (status) => update({ status: status as ProfileStatus | null }),
          },
          {
            label: 'Role',
            value: state.role,
            options: roleOptions,
            onChange: (role) => update({ role: role as UsersState['role'] }),
          },
        ]}
        range={{
          value: state.range,
          label: 'Applied dates',
          onChange: (range) => update({ range }),
        }}
        extra={
          phone && (
            <Select
              aria-label="Sort"
              className="admin-toolbar__select"
              prefix="Sort:"
              value={`${state.sort}:${state.direction}`}
              options={PHONE_SORTS}
              onChange={(value: string) => {
                const [sort, direction] = value.split(':') as [UserSortField, 'asc' | 'desc'];
                update({ sort, direction });
              }}
            />
          )
        }
        onExport={() => void exportCsv()}
        exporting={exporter.isPending}
      />
      <IgnoredParamsAlert ignored={ignored} />
      {truncated && (
        <Alert
          className="admin-table-alert"
          type="warning"
          showIcon
          closable={{ onClose: () => setTruncated(false) }}
          title={USERS_TRUNCATED_TEXT}
        />
      )}
      {search.isError ? (
        <TableError text="Could not load users" onRetry={() => void search.refetch()} />
      ) : phone ? (
        <div className="admin-cards" aria-busy={search.isFetching}>
          {search.isPending && <Skeleton active />}
          {rows.map((row) => (
            <UserCard key={row.uid} row={row} />
          ))}
          {!search.isPending && rows.length === 0 && empty}
          {total > 0 && (
            <Pagination
              className="admin-pagination"
              size="small"
              current={state.page}
              pageSize={state.pageSize}
              total={total}
              pageSizeOptions={TABLE_PAGE_SIZES.map(String)}
              onChange={onPageChange}
            />
          )}
        </div>
      ) : (
        <Table<UserRow>
          rowKey="uid"
          columns={columnsOf(state)}
          dataSource={rows}
          loading={search.isFetching}
          showSorterTooltip={false}
          onChange={onTableChange}
          pagination={{
            current: state.page,
            pageSize: state.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: TABLE_PAGE_SIZES.map(String),
            showTotal: (all, [first, last]) => `${first}–${last} of ${all}`,
          }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: search.isPending ? ' ' : empty }}
        />
      )}
    </section>
  );
}
