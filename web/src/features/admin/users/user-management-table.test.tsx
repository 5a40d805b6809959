import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SearchUsersRequest, SearchUsersResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { useProfiles, useSetProfileStatus } from '@/entities/profile';
import { makeUserRow, page } from '../testing/search-stubs';
import { loaded, makeProfile, stub } from '../testing/stubs';
import { downloadTextFile } from '@/components/table/download-file';
import { UserManagementTable } from './user-management-table';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchUsers: vi.fn(),
  callGetStoreDetails: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/entities/profile', { spy: true });
vi.mock('@/components/table/download-file', () => ({ downloadTextFile: vi.fn() }));

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const search = callables.callSearchUsers;
const mutateAsync = vi.fn();

const pending = makeUserRow({
  uid: 'uid-pending',
  storeName: 'Cloud Nine Smoke',
  email: 'pat@cloudnine.test',
  status: 'pending',
  emailVerified: true,
  createdAt: '2025-03-02T12:00:00.000Z',
});
const unverified = makeUserRow({
  uid: 'uid-unverified',
  storeName: 'Late Night Vapes',
  email: 'una@latenight.test',
  status: 'pending',
  emailVerified: false,
});
const approved = makeUserRow({
  uid: 'uid-approved',
  storeName: 'Blue Coast Vapes',
  email: 'alex@bluecoast.test',
  role: 'wholesaler',
  status: 'approved',
  emailVerified: false,
  reviewedAt: '2025-03-03T12:00:00.000Z',
});
const rejected = makeUserRow({ uid: 'uid-rejected', storeName: 'Nope Shop', status: 'rejected' });

const DEFAULTS: SearchUsersRequest = {
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
  result: SearchUsersResponse,
  exported: SearchUsersResponse = { ...result, truncated: false },
) {
  search.mockImplementation(async (request: SearchUsersRequest) =>
    request.all ? exported : result,
  );
}

const lastRequest = () => search.mock.calls.at(-1)?.[0] as SearchUsersRequest;

function renderTable(route = '/admin?tab=users') {
  return renderWithProviders(<UserManagementTable />, { route, path: '/admin' });
}

function rowOf(store: string) {
  const row = screen.getByText(store).closest('tr');
  if (!row) throw new Error(`no row for ${store}`);
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
      loaded([makeProfile({ status: 'pending' }), makeProfile({ id: 'u2', status: 'approved' })]),
    ),
  );
});

describe('UserManagementTable: the URL is the query', () => {
  it('asks searchUsers for the first page, newest first, without parameters', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
  });

  it('maps q, status, role, range, sort, dir, page and size to the request', async () => {
    answer(page([pending], { total: 80, page: 3, pageSize: 10 }));
    renderTable(
      '/admin?tab=users&q=cloud&status=pending&role=retailer&from=2025-01-01&to=2025-03-31&sort=store&dir=asc&page=3&size=10',
    );
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual({
      q: 'cloud',
      status: 'pending',
      role: 'retailer',
      range: { from: '2025-01-01', to: '2025-03-31' },
      sort: 'store_name',
      direction: 'asc',
      page: 3,
      pageSize: 10,
    });
  });

  it('searches after the debounce, keeping the tab', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.type(screen.getByPlaceholderText('Search store or email'), 'blue');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&q=blue'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, q: 'blue' }));
  });

  it('filters by status, with the pending count beside Pending', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(within(status).getByRole('option', { name: /Pending/ })).toHaveTextContent(
      'Pending (1)',
    );
    await user.selectOptions(status, 'Pending (1)');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&status=pending'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, status: 'pending' }));
  });

  it('sorts by Applied and Store Name on the server', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await sortBy(/Store Name/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&sort=store&dir=asc'));
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, sort: 'store_name', direction: 'asc' }),
    );
    await sortBy(/Applied/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users'));
    await sortBy(/Applied/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&dir=asc'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, direction: 'asc' }));
  });

  it('pages on the server', async () => {
    answer(page([pending, approved], { total: 41 }));
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users&page=3'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, page: 3 }));
  });

  it('ignores garbage in the URL with a warning', async () => {
    renderTable('/admin?tab=users&status=banned&sort=amount');
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
    expect(screen.getByText('Unknown status "banned".')).toBeInTheDocument();
    expect(screen.getByText('Unknown sort "amount".')).toBeInTheDocument();
  });

  it('shows an empty filter with Clear filters', async () => {
    answer(page([]));
    const { router } = renderTable('/admin?tab=users&q=zzz');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=users'));
  });

  it("shows 'Could not load users' with Retry when the search fails", async () => {
    search.mockRejectedValue(new Error('internal'));
    renderTable();
    expect(await screen.findByText('Could not load users')).toBeInTheDocument();
    await expectToast('Error', 'Failed to fetch data');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('UserManagementTable rows', () => {
  it('shows store (linked to its page), email with verification, role, status, applied and reviewed', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    for (const header of ['Email', 'Role', 'Status', 'Reviewed', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = rowOf('Cloud Nine Smoke');
    expect(row.getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/stores/uid-pending',
    );
    expect(row.getByText('pat@cloudnine.test')).toBeInTheDocument();
    expect(row.getByText('Verified')).toBeInTheDocument();
    expect(row.getByText('Retailer')).toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
    expect(row.getByText('Mar 2, 2025')).toBeInTheDocument();
    const other = rowOf('Blue Coast Vapes');
    expect(other.getByText('Wholesaler')).toBeInTheDocument();
    expect(other.getByText('Not verified')).toBeInTheDocument();
    expect(other.getByText('Mar 3, 2025')).toBeInTheDocument();
  });

  it('offers Approve and Decline on pending rows, Reject on approved rows, Reopen on rejected rows', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const buttonsOf = (store: string) =>
      rowOf(store)
        .queryAllByRole('button')
        .map((button) => button.textContent);
    expect(buttonsOf('Cloud Nine Smoke')).toEqual(['Approve', 'Decline']);
    expect(buttonsOf('Blue Coast Vapes')).toEqual(['Reject']);
    expect(buttonsOf('Nope Shop')).toEqual(['Reopen']);
  });

  it("declines after a confirmation, with the optional reason, and toasts 'Profile declined successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'rejected' });
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(
      rowOf('Cloud Nine Smoke').getByRole('button', { name: 'Decline Cloud Nine Smoke' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Decline Cloud Nine Smoke?' });
    expect(
      within(confirm).getByText('We email them that their application was declined.'),
    ).toBeInTheDocument();
    const reason = within(confirm).getByRole('textbox', {
      name: 'Reason (optional, included in the email)',
    });
    // The field takes the focus first, never the confirming button.
    await waitFor(() => expect(reason).toHaveFocus());
    await user.type(reason, '  We only supply California stores.  ');
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-pending',
      status: 'rejected',
      reason: 'We only supply California stores.',
    });
    expect(await screen.findByText('Profile declined successfully')).toBeInTheDocument();
  });

  it('declines without a reason when the field is left empty, and Cancel sends nothing', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'rejected' });
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const open = () =>
      user.click(
        rowOf('Cloud Nine Smoke').getByRole('button', { name: 'Decline Cloud Nine Smoke' }),
      );
    await open();
    let confirm = await screen.findByRole('alertdialog');
    await user.type(within(confirm).getByRole('textbox'), 'draft');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(mutateAsync).not.toHaveBeenCalled();
    await open();
    confirm = await screen.findByRole('alertdialog');
    // A new opening starts empty.
    expect(within(confirm).getByRole('textbox')).toHaveValue('');
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-pending', status: 'rejected' });
  });

  it("reopens a rejected row after a confirmation and toasts 'Profile reopened successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-rejected', status: 'pending' });
    renderTable();
    await screen.findByText('Nope Shop');
    await user.click(rowOf('Nope Shop').getByRole('button', { name: 'Reopen Nope Shop' }));
    expect(mutateAsync).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('alertdialog', { name: 'Reopen Nope Shop?' });
    await user.click(within(confirm).getByRole('button', { name: 'Reopen' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-rejected', status: 'pending' });
    expect(await screen.findByText('Profile reopened successfully')).toBeInTheDocument();
  });

  it("approves through setProfileStatus and toasts 'Profile approved successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'approved' });
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-pending', status: 'approved' });
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });

  it("rejects after a confirmation and toasts 'Profile rejected successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-approved', status: 'rejected' });
    renderTable();
    await screen.findByText('Blue Coast Vapes');
    await user.click(rowOf('Blue Coast Vapes').getByRole('button', { name: /Reject/ }));
    expect(mutateAsync).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Reject Blue Coast Vapes?')).toBeInTheDocument();
    expect(within(confirm).getByText('They lose access to the portal.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-approved', status: 'rejected' });
    expect(await screen.findByText('Profile rejected successfully')).toBeInTheDocument();
  });

  it('asks before approving an unverified applicant, and approves with allowUnverified', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-unverified', status: 'approved' });
    answer(page([unverified]));
    renderTable();
    await screen.findByText('Late Night Vapes');
    await user.click(rowOf('Late Night Vapes').getByRole('button', { name: /Approve/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Approve without a verified email?')).toBeInTheDocument();
    expect(
      within(confirm).getByText('Late Night Vapes has not verified their email address yet.'),
    ).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-unverified',
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

describe('UserManagementTable: Export CSV', () => {
  it('downloads every buyer of the filter, escaped, and warns when cut at the limit', async () => {
    answer(
      page([pending]),
      page([pending, makeUserRow({ uid: 'u9', storeName: '=HYPERLINK("x")' })], {
        truncated: true,
      }),
    );
    renderTable('/admin?tab=users&status=pending&role=retailer');
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
    expect(fileName).toBe('users-all-pending-retailer.csv');
    expect(csv?.slice(1).split('\r\n')).toEqual([
      '"User ID","Store","Full Name","Seller Permit ID","Email","Role","Status","Verified","Applied","Reviewed"',
      '"uid-pending","Cloud Nine Smoke","Pat Lee","SP-1001","pat@cloudnine.test","retailer","pending","yes","2025-03-02T12:00:00.000Z",""',
      `"u9","'=HYPERLINK(""x"")","Pat Lee","SP-1001","pat@cloudnine.test","retailer","pending","yes","2025-03-02T12:00:00.000Z",""`,
      '',
    ]);
    expect(
      await screen.findByText('Only the first 5,000 users were exported; narrow the filter.'),
    ).toBeInTheDocument();
  });
});

describe('UserManagementTable on a phone', () => {
  it('shows on each card what the table shows before approving: contact name and seller permit', async () => {
    answer(
      page([makeUserRow({ ...pending, fullName: 'Pat Lee', sellerPermitId: 'SP-1001' }), rejected]),
    );
    renderTable();
    const card = within(await screen.findByRole('article', { name: 'Cloud Nine Smoke' }));
    expect(card.getByText('Pat Lee')).toBeInTheDocument();
    expect(card.getByText('Seller permit SP-1001')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Decline Cloud Nine Smoke' })).toBeInTheDocument();
    const other = within(screen.getByRole('article', { name: 'Nope Shop' }));
    expect(other.getByRole('button', { name: 'Reopen Nope Shop' })).toBeInTheDocument();
  });

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

  it('shows cards with the store link and the same Approve action', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'approved' });
    renderTable();
    const card = within(await screen.findByRole('article', { name: 'Cloud Nine Smoke' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/stores/uid-pending',
    );
    expect(card.getByText('pat@cloudnine.test')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });
});
