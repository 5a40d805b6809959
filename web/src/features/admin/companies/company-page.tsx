import {
  COMPANY_ROLE_LABELS,
  formatCount,
  formatUsd,
  ROLE_LABELS,
  routePath,
  shortOrderId,
  type CompanyClaimFigures,
  type CompanyDetailsResponse,
  type CompanyLocationDetails,
  type CompanyMemberDetails,
  type CompanyOrderRow,
  type BuyerRole,
  compareCodes,
} from '@portal/domain';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { ArrowLeftOutlined, MailOutlined } from '@/components/icons';
import { TextSkeleton } from '@/components/skeleton';
import { Tag } from '@/components/tag';
import { paths } from '@/config/paths';
import { callableErrorMessage, isCallableError } from '@/lib/callable-errors';
import { useNotify } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useCompanyDetails, useResendVerificationEmail } from '../common/search';
import { DataTable, type DataColumn } from '@/components/table/data-table';
import { AdminOrderStatusTag } from '../common/order-status-tag';
import { EmailVerifiedTag, ProfileActions, ProfileStatusTag } from './profile-actions';
import { AddMember, locationNames } from './add-member';
import { pageOf, TablePager } from '@/components/table/table-pager';
import '../dashboard/admin-dashboard.css';
import '../common/admin-tables.css';
import { businessDayFormat, dateFormatter } from '@/lib/intl-formats';

const CompanyPrices = lazy(() =>
  import('./company-prices').then((module) => ({ default: module.CompanyPrices })),
);
const CompanyTerms = lazy(() =>
  import('./company-terms').then((module) => ({ default: module.CompanyTerms })),
);

export const COMPANY_PAGE_TEXTS = {
  resent: 'Verification email sent.',
  resendFailed: 'Could not send the verification email.',
  notFound: 'No company with this id.',
  loadFailed: 'Could not load this company.',
} as const;

const timeFormat = dateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
const formatDay = (iso: string | null) => (iso ? businessDayFormat.format(new Date(iso)) : '—');

const BACK_TO = `${paths.admin}?tab=companies`;

function BackLink() {
  return (
    <Link to={BACK_TO}>
      <ArrowLeftOutlined /> Back to dashboard
    </Link>
  );
}

// Each cell on one line: on a phone the table scrolls sideways in its box instead.
const orderColumns: readonly DataColumn<CompanyOrderRow>[] = [
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
  { title: 'Location', key: 'location', render: (row) => row.locationName || '—' },
  { title: 'Placed by', key: 'placed-by', render: (row) => row.placedByName || '—' },
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

function memberColumns(
  locations: readonly CompanyLocationDetails[],
  businessType: BuyerRole,
): DataColumn<CompanyMemberDetails>[] {
  return [
    { title: 'Name', key: 'name', render: (member) => member.fullName || '—' },
    {
      title: 'Email',
      key: 'email',
      render: (member) => (
        <>
          <div>{member.email || '—'}</div>
          {member.email && <EmailVerifiedTag role={businessType} verified={member.emailVerified} />}
        </>
      ),
    },
    { title: 'Role', key: 'role', render: (member) => COMPANY_ROLE_LABELS[member.role] },
    {
      title: 'Locations',
      key: 'locations',
      render: (member) => locationNames(member.role, member.locationIds, locations),
    },
  ];
}

const locationColumns: readonly DataColumn<CompanyLocationDetails>[] = [
  {
    title: 'Location',
    key: 'name',
    render: (location) => (
      <>
        <span>{location.name}</span>
        {location.archived && (
          <>
            {' '}
            <Tag color="default">Archived</Tag>
          </>
        )}
      </>
    ),
  },
  {
    title: 'Address',
    key: 'address',
    render: (location) => (
      <>
        <div>{location.address || '—'}</div>
        {location.phone && <div className="admin-muted">{location.phone}</div>}
      </>
    ),
  },
  {
    title: 'Orders',
    key: 'orders',
    align: 'right',
    render: (location) => formatCount(location.orderCount),
  },
  {
    title: 'Revenue',
    key: 'revenue',
    align: 'right',
    className: 'admin-cell--nowrap',
    render: (location) => formatUsd(location.revenue),
  },
];

/** Resend the applicant's verification link (shown while their address is unverified). */
function ResendVerificationButton({ uid }: { uid: string }) {
  const notify = useNotify();
  const resend = useResendVerificationEmail();
  const send = async () => {
    try {
      await resend.mutateAsync(uid);
      notify.success('Email sent', COMPANY_PAGE_TEXTS.resent);
    } catch (error) {
      notify.error('Error', callableErrorMessage(error, COMPANY_PAGE_TEXTS.resendFailed));
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
  const id = `company-panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 className="admin-panel__title" id={id}>
        {title}
      </h2>
      <div className="admin-panel__body">{children}</div>
    </section>
  );
}

/** A figure with its name above it, as antd's Statistic, and what it is made of below. */
function Figure({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <div className="admin-figure">
      <div className="admin-stat__title">{title}</div>
      <div className="admin-stat__value">{value}</div>
      {note && <div className="admin-muted">{note}</div>}
    </div>
  );
}

const count = formatCount;

/**
 * The company's claims: how many wait for a decision, how many were settled (and rejected), what
 * they gave back by remedy, the replacements sent, and the store credit it has left.
 */
function CompanyClaims({ claims }: { claims: CompanyClaimFigures }) {
  const credits = claims.refunds + claims.creditNotes + claims.storeCredit;
  return (
    <Panel title="Claims">
      <Figure title="Open claims" value={count(claims.open)} />
      <Figure
        title="Settled claims"
        value={count(claims.settled)}
        note={`${count(claims.rejected)} rejected`}
      />
      <Figure
        title="Credits given"
        value={formatUsd(credits)}
        note={`Refunds ${formatUsd(claims.refunds)} · Credit notes ${formatUsd(claims.creditNotes)} · Store credit ${formatUsd(claims.storeCredit)}`}
      />
      <Figure title="Replacements" value={count(claims.replacements)} />
      <Figure title="Store credit balance" value={formatUsd(claims.storeCreditBalance)} />
    </Panel>
  );
}

/** The newest orders, ten to a page once there are more than ten. */
const ORDERS_PAGE = 10;

function CompanyOrders({
  name,
  orders,
  refreshing,
}: {
  name: string;
  orders: readonly CompanyOrderRow[];
  refreshing: boolean;
}) {
  const [page, setPage] = useState(1);
  const { page: shown, rows } = pageOf(orders, page, ORDERS_PAGE);
  return (
    <>
      <DataTable<CompanyOrderRow>
        label={`Orders of ${name}`}
        size="small"
        rowKey={(row) => row.id}
        columns={orderColumns}
        rows={rows}
        loading={refreshing && orders.length === 0}
        empty={refreshing ? null : 'No orders yet'}
      />
      {orders.length > ORDERS_PAGE && (
        <TablePager
          label={`Orders of ${name}`}
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

function CompanyDetails({
  details,
  refreshing,
}: {
  details: CompanyDetailsResponse;
  /** The company is being read again (after Approve, say): no empty state meanwhile. */
  refreshing: boolean;
}) {
  const { company, members, locations } = details;
  const history = [...details.history].sort((a, b) => compareCodes(a.at, b.at));
  const facts: { label: string; value: ReactNode }[] = [
    { label: 'Business type', value: ROLE_LABELS[company.businessType] },
    { label: 'Status', value: <ProfileStatusTag status={company.status} /> },
    { label: 'Seller permit', value: company.sellerPermitId || '—' },
    {
      label: 'Applicant',
      value: company.applicantEmail ? (
        <span>
          {company.applicantName && `${company.applicantName}, `}
          {company.applicantEmail}{' '}
          <EmailVerifiedTag role={company.businessType} verified={company.applicantEmailVerified} />
        </span>
      ) : (
        '—'
      ),
    },
    { label: 'Applied', value: formatDay(company.createdAt) },
    { label: 'Reviewed', value: formatDay(company.reviewedAt) },
  ];
  return (
    <>
      <div className="admin-store__head">
        <div>
          <h1 className="admin-store__title">{company.name}</h1>
          <div className="company-page__type">
            <span>{ROLE_LABELS[company.businessType]}</span>{' '}
            <ProfileStatusTag status={company.status} />
          </div>
        </div>
        <div className="admin-store__actions">
          {company.ownerUid && (
            <ProfileActions
              size="middle"
              target={{
                uid: company.ownerUid,
                storeName: company.name,
                role: company.businessType,
                status: company.status,
                emailVerified: company.applicantEmailVerified,
              }}
            />
          )}
          {!company.applicantEmailVerified && company.applicantEmail && (
            <ResendVerificationButton uid={company.applicantUid} />
          )}
        </div>
      </div>
      <div className="admin-store__grid">
        <Panel title="Company">
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
          <Figure title="Orders" value={formatCount(details.orderCount)} />
          <Figure title="Last order" value={formatDay(details.lastOrderAt)} />
        </Panel>
        {details.claims && <CompanyClaims claims={details.claims} />}
      </div>
      <div className="admin-store__grid">
        <Panel title="Members">
          <DataTable<CompanyMemberDetails>
            label={`Members of ${company.name}`}
            size="small"
            rowKey={(member) => member.uid}
            columns={memberColumns(locations, company.businessType)}
            rows={members}
            empty="No members"
          />
        </Panel>
        <Panel title="Add member">
          <AddMember companyId={company.id} locations={locations} />
        </Panel>
      </div>
      <div className="company-page__wide">
        <Panel title="Prices">
          <Suspense fallback={<TextSkeleton rows={3} />}>
            <CompanyPrices
              companyId={company.id}
              companyName={company.name}
              tier={company.businessType}
            />
          </Suspense>
        </Panel>
      </div>
      <div className="company-page__wide">
        <Panel title="Payment terms">
          <Suspense fallback={<TextSkeleton rows={3} />}>
            <CompanyTerms companyId={company.id} companyName={company.name} />
          </Suspense>
        </Panel>
      </div>
      <div className="company-page__wide">
        <Panel title="Locations">
          <DataTable<CompanyLocationDetails>
            label={`Locations of ${company.name}`}
            size="small"
            rowKey={(location) => location.id}
            columns={locationColumns}
            rows={locations}
            empty="No locations yet"
          />
        </Panel>
      </div>
      <div className="admin-store__grid">
        <Panel title="Orders">
          {details.orderCount > details.orders.length && (
            <p className="admin-secondary admin-paragraph">
              The newest {details.orders.length} of {details.orderCount} orders.
            </p>
          )}
          <CompanyOrders name={company.name} orders={details.orders} refreshing={refreshing} />
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
 * /admin/companies/:companyId: one company for managers: what it is, its members and locations,
 * what it ordered (in all and per location), what happened to it, Approve / Decline / Reject /
 * Reopen, and Add member. The route's guard checks the manager claim; getCompanyDetails checks it
 * again. Drawn without antd (its look in plain elements).
 */
export function AdminCompanyPage({ companyId }: { companyId: string }) {
  const details = useCompanyDetails(companyId);
  usePageTitle(details.data ? `${details.data.company.name} · Company` : 'Company');
  const notFound =
    companyId === '' ||
    (details.isError &&
      (isCallableError(details.error, 'not-found') ||
        isCallableError(details.error, 'invalid-argument')));

  let body;
  if (notFound) {
    body = (
      <h1 className="admin-store__title admin-store__title--small">
        {COMPANY_PAGE_TEXTS.notFound}
      </h1>
    );
  } else if (details.isPending) {
    body = (
      <div role="status" aria-label="Loading company">
        <TextSkeleton rows={8} />
      </div>
    );
  } else if (details.isError) {
    body = (
      <Alert
        type="error"
        role="alert"
        title={COMPANY_PAGE_TEXTS.loadFailed}
        action={
          <Button size="small" onClick={() => void details.refetch()}>
            Retry
          </Button>
        }
      />
    );
  } else {
    body = <CompanyDetails details={details.data} refreshing={details.isFetching} />;
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
