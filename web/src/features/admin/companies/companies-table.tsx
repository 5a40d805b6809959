import {
  formatCount,
  PROFILE_STATUSES,
  ROLE_LABELS,
  routePath,
  TABLE_EXPORT_MAX,
  type CompanyRow,
  type CompanySortField,
  type ProfileStatus,
} from '@portal/domain';
import { Link } from 'react-router';
import { useProfiles } from '@/entities/profile';
import {
  pendingCompanyCount,
  useExportSearchCompanies,
  useSearchCompanies,
} from '../common/search';
import { useTableParams } from '@/components/table/use-table-params';
import type { TableSpec, TableState } from '@/components/table/table-params';
import type { DataColumn } from '@/components/table/data-table';
import {
  ServerTable,
  sortableColumn,
  type PhoneSort,
  type ServerTableTexts,
} from '@/components/table/server-table';
import { buildCompaniesCsv } from './companies-csv';
import {
  EmailVerifiedTag,
  PROFILE_STATUS_TAG,
  ProfileActions,
  ProfileStatusTag,
  type ReviewTarget,
} from './profile-actions';
import { businessDayFormat } from '@/lib/intl-formats';

/** What the Companies tab reads from its URL (sort names: applied, name). */
export const COMPANIES_TABLE: TableSpec<ProfileStatus, CompanySortField> = {
  statuses: PROFILE_STATUSES,
  sorts: { applied: 'created_at', name: 'name' },
  defaultSort: 'created_at',
};
type CompaniesState = TableState<ProfileStatus, CompanySortField>;

export const COMPANIES_TRUNCATED_TEXT = `Only the first ${formatCount(TABLE_EXPORT_MAX)} companies were exported; narrow the filter.`;

const formatDay = (iso: string | null) => (iso ? businessDayFormat.format(new Date(iso)) : '—');

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
export const memberCount = (n: number) => count(n, 'member', 'members');
export const locationCount = (n: number) =>
  n === 0 ? 'No locations' : count(n, 'location', 'locations');

/** The review a row offers names a current owner; a company without one offers none. */
const targetOf = (row: CompanyRow): ReviewTarget | null =>
  row.ownerUid
    ? {
        uid: row.ownerUid,
        storeName: row.name,
        role: row.businessType,
        status: row.status,
        emailVerified: row.applicantEmailVerified,
      }
    : null;

function Actions({ row }: { row: CompanyRow }) {
  const target = targetOf(row);
  return target ? <ProfileActions target={target} /> : <span className="admin-muted">—</span>;
}

function CompanyLink({ row }: { row: CompanyRow }) {
  return <Link to={routePath('adminCompany', { companyId: row.id })}>{row.name}</Link>;
}

function ApplicantCell({ row }: { row: CompanyRow }) {
  return (
    <div>
      {row.applicantName && <div>{row.applicantName}</div>}
      <div>{row.applicantEmail || '—'}</div>
      <EmailVerifiedTag role={row.businessType} verified={row.applicantEmailVerified} />
    </div>
  );
}

function LocationsCell({ row }: { row: CompanyRow }) {
  return (
    <>
      <div>{locationCount(row.locationCount)}</div>
      {row.cities.length > 0 && <div className="admin-muted">{row.cities.join(', ')}</div>}
    </>
  );
}

function columnsOf(state: CompaniesState): DataColumn<CompanyRow>[] {
  return [
    {
      title: 'Company',
      key: 'name',
      className: 'admin-store-cell',
      ...sortableColumn(state, 'name', 'ascend'),
      render: (row) => (
        <>
          <CompanyLink row={row} />
          {row.sellerPermitId && (
            <div className="admin-muted">Seller permit {row.sellerPermitId}</div>
          )}
        </>
      ),
    },
    { title: 'Type', key: 'type', render: (row) => ROLE_LABELS[row.businessType] },
    { title: 'Applicant', key: 'applicant', render: (row) => <ApplicantCell row={row} /> },
    { title: 'Members', key: 'members', render: (row) => memberCount(row.memberCount) },
    { title: 'Locations', key: 'locations', render: (row) => <LocationsCell row={row} /> },
    { title: 'Status', key: 'status', render: (row) => <ProfileStatusTag status={row.status} /> },
    {
      title: 'Applied',
      key: 'applied',
      ...sortableColumn(state, 'created_at', 'descend'),
      render: (row) => formatDay(row.createdAt),
    },
    { title: 'Actions', key: 'actions', render: (row) => <Actions row={row} /> },
  ];
}

/**
 * A company on a phone: a card instead of a table row that would need sideways scrolling, with
 * what the row shows a manager before approving (the applicant's name and address, the seller
 * permit).
 */
function CompanyCard({ row }: { row: CompanyRow }) {
  return (
    <article className="admin-card" aria-label={row.name}>
      <div className="admin-card__top">
        <div>
          <strong>
            <CompanyLink row={row} />
          </strong>
          {row.applicantName && <div>{row.applicantName}</div>}
          <div className="admin-muted">{row.applicantEmail}</div>
        </div>
        <ProfileStatusTag status={row.status} />
      </div>
      <div className="admin-card__meta">
        <span>{ROLE_LABELS[row.businessType]}</span>
        <span>Seller permit {row.sellerPermitId || '—'}</span>
        <span>{memberCount(row.memberCount)}</span>
        <span>
          {locationCount(row.locationCount)}
          {row.cities.length > 0 && ` (${row.cities.join(', ')})`}
        </span>
        <span>Applied {formatDay(row.createdAt)}</span>
        <span>
          Email <EmailVerifiedTag role={row.businessType} verified={row.applicantEmailVerified} />
        </span>
      </div>
      <div style={{ marginTop: 8 }}>
        <Actions row={row} />
      </div>
    </article>
  );
}

const PHONE_SORTS: PhoneSort<CompanySortField>[] = [
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'name:asc', label: 'Company, A to Z' },
  { value: 'name:desc', label: 'Company, Z to A' },
];

const TEXTS: ServerTableTexts = {
  searchPlaceholder: 'Search by company, member email or city',
  rangeLabel: 'Applied dates',
  none: 'No companies here',
  noMatch: 'No companies match these filters.',
  loadError: 'Could not load companies',
  truncated: COMPANIES_TRUNCATED_TEXT,
  exportEmptyTitle: 'No Companies',
  exported: (n) => `Exported ${n} ${n === 1 ? 'company' : 'companies'}.`,
  exportFailed: 'Failed to export companies',
};

/**
 * Every company, searched, filtered, sorted and paged by the searchCompanies function; all of it
 * in the URL, as on the Orders tab. The name opens the company page; Approve, Decline, Reject and
 * Reopen work from the row (they name the company's owner).
 */
export function CompaniesTable() {
  const params = useTableParams(COMPANIES_TABLE);
  const search = useSearchCompanies(params.request);
  const exporter = useExportSearchCompanies();
  const profiles = useProfiles();

  const pendingCount = pendingCompanyCount(profiles.data);
  const statusOptions = PROFILE_STATUSES.map((status) => ({
    value: status,
    label:
      status === 'pending' && pendingCount > 0
        ? `Pending (${pendingCount})`
        : PROFILE_STATUS_TAG[status].label,
  }));

  return (
    <ServerTable
      title="Company Management"
      titleId="company-management-title"
      texts={TEXTS}
      params={params}
      query={search}
      statusOptions={statusOptions}
      roleLabel="Business type"
      phoneSorts={PHONE_SORTS}
      columns={columnsOf(params.state)}
      rowKey="id"
      card={CompanyCard}
      csv={{ mutation: exporter, kind: 'companies', buildCsv: buildCompaniesCsv }}
    />
  );
}
