import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SearchCompaniesRequest, SearchCompaniesResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { useProfiles, useSetProfileStatus } from '@/entities/profile';
import { makeCompanyRow, page } from '../testing/search-stubs';
import { loaded, makeProfile, stub } from '../testing/stubs';
import { downloadTextFile } from '@/components/table/download-file';
import { CompaniesTable } from './companies-table';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchCompanies: vi.fn(),
  callGetCompanyDetails: vi.fn(),
  callListCompanyMembers: vi.fn(),
  callInviteMember: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/profile', { spy: true });
vi.mock('@/components/table/download-file', () => ({ downloadTextFile: vi.fn() }));

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const search = callables.callSearchCompanies;
const mutateAsync = vi.fn();

const pending = makeCompanyRow({
  id: 'company-pending',
  name: 'Cloud Nine Smoke',
  applicantEmail: 'pat@cloudnine.test',
  status: 'pending',
  memberCount: 1,
  locationCount: 2,
  cities: ['Oakland', 'San Francisco'],
  ownerUid: 'uid-pat',
  createdAt: '2025-03-02T12:00:00.000Z',
});
const unverified = makeCompanyRow({
  id: 'company-late',
  name: 'Late Night Vapes',
  applicantEmail: 'una@latenight.test',
  applicantEmailVerified: false,
  ownerUid: 'uid-una',
});
const approved = makeCompanyRow({
  id: 'company-blue',
  name: 'Blue Coast Vapes',
  applicantEmail: 'alex@bluecoast.test',
  businessType: 'wholesaler',
  status: 'approved',
  memberCount: 4,
  locationCount: 0,
  cities: [],
  applicantEmailVerified: false,
  ownerUid: 'uid-alex',
  reviewedAt: '2025-03-03T12:00:00.000Z',
});
const rejected = makeCompanyRow({
  id: 'company-nope',
  name: 'Nope Shop',
  status: 'rejected',
  ownerUid: 'uid-nope',
});

const DEFAULTS: SearchCompaniesRequest = {
  q: '',
  status: null,
  role: null,
  range: null,
  sort: 'created_at',
  direction: 'desc',
  page: 1,
  pageSize: 20,
};

function answer(
  result: SearchCompaniesResponse,
  exported: SearchCompaniesResponse = { ...result, truncated: false },
) {
  search.mockImplementation(async (request: SearchCompaniesRequest) =>
    request.all ? exported : result,
  );
}

const lastRequest = () => search.mock.calls.at(-1)?.[0] as SearchCompaniesRequest;

function renderTable(route = '/admin?tab=companies') {
  return renderWithProviders(<CompaniesTable />, { route, path: '/admin' });
}

function rowOf(name: string) {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

/** Clicks a sortable column's header (its button). */
async function sortBy(name: string | RegExp) {
  await user.click(within(screen.getByRole('columnheader', { name })).getByRole('button'));
}

beforeEach(() => {
  search.mockReset();
  mutateAsync.mockReset();
  vi.mocked(downloadTextFile).mockReset();
  answer(page([pending, approved, rejected]));
  vi.mocked(useSetProfileStatus).mockReturnValue(
    stub<typeof useSetProfileStatus>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useProfiles).mockReturnValue(
    stub<typeof useProfiles>(
      loaded([
        makeProfile({ id: 'uid-pat', company_id: 'company-pending', status: 'pending' }),
        // Another member of the same pending company: one company to review.
        makeProfile({ id: 'uid-sam', company_id: 'company-pending', status: 'pending' }),
        makeProfile({ id: 'uid-alex', company_id: 'company-blue', status: 'approved' }),
      ]),
    ),
  );
});

describe('CompaniesTable: the URL is the query', () => {
  it('asks searchCompanies for the first page, newest first, without parameters', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
    expect(screen.getByRole('heading', { name: 'Company Management' })).toBeInTheDocument();
  });

  it('maps q, status, role (the business type), range, sort, dir, page and size to the request', async () => {
    answer(page([pending], { total: 80, page: 3, pageSize: 10 }));
    renderTable(
      '/admin?tab=companies&q=reno&status=pending&role=wholesaler&from=2025-01-01&to=2025-03-31&sort=name&dir=asc&page=3&size=10',
    );
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual({
      q: 'reno',
      status: 'pending',
      role: 'wholesaler',
      range: { from: '2025-01-01', to: '2025-03-31' },
      sort: 'name',
      direction: 'asc',
      page: 3,
      pageSize: 10,
    });
  });

  it('searches by company, member email or city after the debounce, keeping the tab', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.type(
      screen.getByPlaceholderText('Search by company, member email or city'),
      'oakland',
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies&q=oakland'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, q: 'oakland' }));
  });

  it('filters by status, with the count of pending companies beside Pending, and by business type', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: /Pending/ })).toHaveTextContent(
      'Pending (1)',
    );
    await user.selectOptions(status, 'Pending (1)');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies&status=pending'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, status: 'pending' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Business type' }), 'Wholesaler');
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, status: 'pending', role: 'wholesaler' }),
    );
  });

  it('sorts by Company and Applied on the server', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await sortBy(/Company/);
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=companies&sort=name&dir=asc'),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, sort: 'name', direction: 'asc' }),
    );
    await sortBy(/Applied/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies'));
    await sortBy(/Applied/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies&dir=asc'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, direction: 'asc' }));
  });

  it('pages on the server', async () => {
    answer(page([pending, approved], { total: 41 }));
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies&page=3'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, page: 3 }));
  });

  it('ignores garbage in the URL with a warning', async () => {
    renderTable('/admin?tab=companies&status=banned&sort=store');
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
    expect(screen.getByText('Unknown status "banned".')).toBeInTheDocument();
    expect(screen.getByText('Unknown sort "store".')).toBeInTheDocument();
  });

  it('shows an empty filter with Clear filters, and no companies at all', async () => {
    answer(page([]));
    const { router } = renderTable('/admin?tab=companies&q=zzz');
    expect(await screen.findByText('No companies match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=companies'));
    expect(await screen.findByText('No companies here')).toBeInTheDocument();
  });

  it("shows 'Could not load companies' with Retry when the search fails", async () => {
    search.mockRejectedValue(new Error('internal'));
    renderTable();
    expect(await screen.findByText('Could not load companies')).toBeInTheDocument();
    await expectToast('Error', 'Failed to fetch data');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('CompaniesTable rows', () => {
  it('shows the company (linked to its page), type, applicant, members, locations, status and dates', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    for (const header of ['Type', 'Applicant', 'Members', 'Locations', 'Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = rowOf('Cloud Nine Smoke');
    expect(row.getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/companies/company-pending',
    );
    expect(row.getByText('Seller permit SP-1001')).toBeInTheDocument();
    expect(row.getByText('Retailer')).toBeInTheDocument();
    expect(row.getByText('Pat Lee')).toBeInTheDocument();
    expect(row.getByText('pat@cloudnine.test')).toBeInTheDocument();
    expect(row.getByText('Verified')).toBeInTheDocument();
    expect(row.getByText('1 member')).toBeInTheDocument();
    expect(row.getByText('2 locations')).toBeInTheDocument();
    expect(row.getByText('Oakland, San Francisco')).toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
    expect(row.getByText('Mar 2, 2025')).toBeInTheDocument();
    const other = rowOf('Blue Coast Vapes');
    expect(other.getByText('Wholesaler')).toBeInTheDocument();
    expect(other.getByText('Not verified')).toBeInTheDocument();
    expect(other.getByText('4 members')).toBeInTheDocument();
    expect(other.getByText('No locations')).toBeInTheDocument();
  });

  it('offers Approve and Decline on pending rows, Reject on approved rows, Reopen on rejected rows, none without an owner', async () => {
    answer(
      page([pending, approved, rejected, makeCompanyRow({ name: 'Ownerless', ownerUid: null })]),
    );
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const buttonsOf = (name: string) =>
      rowOf(name)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(buttonsOf('Cloud Nine Smoke')).toEqual(['Approve', 'Decline']);
    expect(buttonsOf('Blue Coast Vapes')).toEqual(['Reject']);
    expect(buttonsOf('Nope Shop')).toEqual(['Reopen']);
    expect(buttonsOf('Ownerless')).toEqual([]);
  });

  it("approves the company through its owner's uid and toasts 'Profile approved successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pat', status: 'approved' });
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-pat', status: 'approved' });
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });

  it('declines after a confirmation, with the optional reason', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pat', status: 'rejected' });
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(
      rowOf('Cloud Nine Smoke').getByRole('button', { name: 'Decline Cloud Nine Smoke' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Decline Cloud Nine Smoke?' });
    const reason = within(confirm).getByRole('textbox', {
      name: 'Reason (optional, included in the email)',
    });
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, 'We only supply California stores.');
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-pat',
      status: 'rejected',
      reason: 'We only supply California stores.',
    });
    expect(await screen.findByText('Profile declined successfully')).toBeInTheDocument();
  });

  it('rejects and reopens after their confirmations', async () => {
    mutateAsync.mockResolvedValue({});
    renderTable();
    await screen.findByText('Blue Coast Vapes');
    await user.click(rowOf('Blue Coast Vapes').getByRole('button', { name: /Reject/ }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Reject Blue Coast Vapes?' });
    expect(within(confirm).getByText('They lose access to the portal.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-alex', status: 'rejected' });
    await user.click(rowOf('Nope Shop').getByRole('button', { name: 'Reopen Nope Shop' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Reopen Nope Shop?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-nope', status: 'pending' });
  });

  it('asks before approving a company whose applicant is not verified', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-una', status: 'approved' });
    answer(page([unverified]));
    renderTable();
    await screen.findByText('Late Night Vapes');
    await user.click(rowOf('Late Night Vapes').getByRole('button', { name: /Approve/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(
      within(confirm).getByText('Late Night Vapes has not verified their email address yet.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-una',
      status: 'approved',
      allowUnverified: true,
    });
  });

  it("shows the server's reason when it refuses the approval, else 'Failed to update profile'", async () => {
    mutateAsync.mockRejectedValueOnce(
      Object.assign(new Error('The applicant has not verified their email address.'), {
        code: 'functions/failed-precondition',
      }),
    );
    mutateAsync.mockRejectedValueOnce(new Error('permission-denied'));
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(
      await screen.findByText('The applicant has not verified their email address.'),
    ).toBeInTheDocument();
    await user.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });
});

describe('CompaniesTable: Export CSV', () => {
  it('downloads every company of the filter, escaped, and warns when cut at the limit', async () => {
    answer(
      page([pending]),
      page([pending, makeCompanyRow({ id: 'c9', name: '=HYPERLINK("x")', cities: [] })], {
        truncated: true,
      }),
    );
    renderTable('/admin?tab=companies&status=pending&role=retailer');
    await screen.findByText('Cloud Nine Smoke');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(search).toHaveBeenLastCalledWith({
      q: '',
      status: 'pending',
      role: 'retailer',
      range: null,
      sort: 'created_at',
      direction: 'desc',
      all: true,
    });
    await waitFor(() => expect(downloadTextFile).toHaveBeenCalledTimes(1));
    const [fileName, csv] = vi.mocked(downloadTextFile).mock.calls[0] ?? [];
    expect(fileName).toBe('companies-all-pending-retailer.csv');
    expect(csv?.slice(1).split('\r\n')).toEqual([
      '"Company ID","Company","Business Type","Status","Seller Permit ID","Applicant Name","Applicant Email","Verified","Members","Locations","Cities","Applied","Reviewed"',
      '"company-pending","Cloud Nine Smoke","retailer","pending","SP-1001","Pat Lee","pat@cloudnine.test","yes","1","2","Oakland; San Francisco","2025-03-02T12:00:00.000Z",""',
      `"c9","'=HYPERLINK(""x"")","retailer","pending","SP-1001","Pat Lee","pat@cloudnine.test","yes","1","1","","2025-03-02T12:00:00.000Z",""`,
      '',
    ]);
    await expectToast('Export Ready', 'Exported 2 companies.');
    expect(
      await screen.findByText('Only the first 5,000 companies were exported; narrow the filter.'),
    ).toBeInTheDocument();
  });

  it('says when the filter has nothing to export', async () => {
    answer(page([pending]), page([]));
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await expectToast('No Companies', 'No companies match these filters.');
    expect(downloadTextFile).not.toHaveBeenCalled();
  });
});

describe('CompaniesTable on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: /max-width:\s*575/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
    return () => {
      window.matchMedia = realMatchMedia;
    };
  });

  it('shows cards with the company link, what the row shows, and the same actions', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pat', status: 'approved' });
    renderTable();
    const card = within(await screen.findByRole('article', { name: 'Cloud Nine Smoke' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/companies/company-pending',
    );
    expect(card.getByText('Pat Lee')).toBeInTheDocument();
    expect(card.getByText('pat@cloudnine.test')).toBeInTheDocument();
    expect(card.getByText('Seller permit SP-1001')).toBeInTheDocument();
    expect(card.getByText('1 member')).toBeInTheDocument();
    expect(card.getByText('2 locations (Oakland, San Francisco)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Nope Shop' })).getByRole('button', {
        name: 'Reopen Nope Shop',
      }),
    ).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });
});
