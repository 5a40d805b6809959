import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useProfiles, useSetProfileStatus } from '@/entities/profile';
import { failed, loaded, makeProfile, stub } from '../testing/stubs';
import { UserManagementTable } from './user-management-table';

vi.mock('@/entities/profile', { spy: true });

const mutateAsync = vi.fn();

const pending = makeProfile({
  id: 'uid-pending',
  store_name: 'Cloud Nine Smoke',
  full_name: 'Pat Pending',
  seller_permit_id: 'SP-1001',
  status: 'pending',
  email_verified: true,
  created_at: new Date('2025-03-02T12:00:00Z'),
});
const unverified = makeProfile({
  id: 'uid-unverified',
  store_name: 'Late Night Vapes',
  full_name: 'Una Verified',
  status: 'pending',
  email_verified: false,
});
const legacy = makeProfile({ id: 'uid-legacy', store_name: 'Old Town Smoke', status: 'pending' });
const approved = makeProfile({
  id: 'uid-approved',
  store_name: 'Blue Coast Vapes',
  full_name: 'Alex Approved',
  seller_permit_id: 'SP-2002',
  role: 'wholesaler',
  status: 'approved',
});
const rejected = makeProfile({ id: 'uid-rejected', store_name: 'Nope Shop', status: 'rejected' });
const manager = makeProfile({
  id: 'uid-manager',
  store_name: 'Electric Slush HQ',
  role: 'manager',
  status: 'approved',
  seller_permit_id: '',
});

function rowOf(store: string) {
  const row = screen.getByText(store).closest('tr');
  if (!row) throw new Error(`no row for ${store}`);
  return within(row);
}

beforeEach(() => {
  mutateAsync.mockReset();
  vi.mocked(useSetProfileStatus).mockReturnValue(
    stub<typeof useSetProfileStatus>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useProfiles).mockReturnValue(
    stub<typeof useProfiles>(loaded([pending, approved, rejected, manager])),
  );
});

describe('UserManagementTable', () => {
  it('shows store name, permit ID, role, status and joined date for each profile', () => {
    renderWithProviders(<UserManagementTable />);
    for (const header of [
      'Store Name',
      'Seller Permit ID',
      'Role',
      'Status',
      'Email',
      'Joined',
      'Actions',
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const row = rowOf('Cloud Nine Smoke');
    expect(row.getByText('Pat Pending')).toBeInTheDocument();
    expect(row.getByText('SP-1001')).toBeInTheDocument();
    expect(row.getByText('Retailer')).toBeInTheDocument();
    expect(row.getByText('Pending')).toBeInTheDocument();
    expect(row.getByText('Mar 2, 2025')).toBeInTheDocument();
    expect(rowOf('Blue Coast Vapes').getByText('Wholesaler')).toBeInTheDocument();
  });

  it('offers Approve only on pending rows and Reject only on approved rows, nothing for managers', () => {
    renderWithProviders(<UserManagementTable />);
    const p = rowOf('Cloud Nine Smoke');
    expect(p.getByRole('button', { name: /Approve/ })).toBeInTheDocument();
    expect(p.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    const a = rowOf('Blue Coast Vapes');
    expect(a.getByRole('button', { name: /Reject/ })).toBeInTheDocument();
    expect(a.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(rowOf('Nope Shop').queryAllByRole('button')).toHaveLength(0);
    expect(rowOf('Electric Slush HQ').queryAllByRole('button')).toHaveLength(0);
  });

  it("approves through setProfileStatus and toasts 'Profile approved successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'approved' });
    renderWithProviders(<UserManagementTable />);
    await userEvent.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-pending', status: 'approved' });
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });

  it("rejects after a confirmation and toasts 'Profile rejected successfully'", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-approved', status: 'rejected' });
    renderWithProviders(<UserManagementTable />);
    await userEvent.click(rowOf('Blue Coast Vapes').getByRole('button', { name: /Reject/ }));
    expect(mutateAsync).not.toHaveBeenCalled();
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-approved', status: 'rejected' });
    expect(await screen.findByText('Profile rejected successfully')).toBeInTheDocument();
  });

  it("toasts 'Failed to update profile' when the function refuses", async () => {
    mutateAsync.mockRejectedValue(new Error('permission-denied'));
    renderWithProviders(<UserManagementTable />);
    await userEvent.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('shows whether each buyer verified their email (absent counts as not verified)', () => {
    vi.mocked(useProfiles).mockReturnValue(
      stub<typeof useProfiles>(loaded([pending, unverified, legacy, approved, manager])),
    );
    renderWithProviders(<UserManagementTable />);
    expect(rowOf('Cloud Nine Smoke').getByText('Verified')).toBeInTheDocument();
    expect(rowOf('Late Night Vapes').getByText('Not verified')).toBeInTheDocument();
    expect(rowOf('Old Town Smoke').getByText('Not verified')).toBeInTheDocument();
    expect(rowOf('Blue Coast Vapes').getByText('Not verified')).toBeInTheDocument();
    expect(rowOf('Electric Slush HQ').queryByText(/verified/i)).not.toBeInTheDocument();
  });

  it.each([
    ['unverified', 'Late Night Vapes', 'uid-unverified'],
    ['never synced', 'Old Town Smoke', 'uid-legacy'],
  ])(
    'asks before approving an %s applicant, and approves with allowUnverified once confirmed',
    async (_name, store, uid) => {
      mutateAsync.mockResolvedValue({ uid, status: 'approved' });
      vi.mocked(useProfiles).mockReturnValue(
        stub<typeof useProfiles>(loaded([pending, unverified, legacy])),
      );
      renderWithProviders(<UserManagementTable />);
      await userEvent.click(rowOf(store).getByRole('button', { name: /Approve/ }));
      const confirm = await screen.findByRole('tooltip');
      expect(within(confirm).getByText('Approve without a verified email?')).toBeInTheDocument();
      expect(
        within(confirm).getByText(`${store} has not verified their email address yet.`),
      ).toBeInTheDocument();
      expect(mutateAsync).not.toHaveBeenCalled();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
      expect(mutateAsync).toHaveBeenCalledTimes(1);
      expect(mutateAsync).toHaveBeenCalledWith({ uid, status: 'approved', allowUnverified: true });
      expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
    },
  );

  it('does not approve an unverified applicant when the manager cancels', async () => {
    vi.mocked(useProfiles).mockReturnValue(stub<typeof useProfiles>(loaded([unverified])));
    renderWithProviders(<UserManagementTable />);
    await userEvent.click(rowOf('Late Night Vapes').getByRole('button', { name: /Approve/ }));
    const confirm = await screen.findByRole('tooltip');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses the approval", async () => {
    mutateAsync.mockRejectedValue(
      Object.assign(new Error('The applicant has not verified their email address.'), {
        code: 'functions/failed-precondition',
      }),
    );
    renderWithProviders(<UserManagementTable />);
    await userEvent.click(rowOf('Cloud Nine Smoke').getByRole('button', { name: /Approve/ }));
    expect(
      await screen.findByText('The applicant has not verified their email address.'),
    ).toBeInTheDocument();
  });

  it('filters by status with a count for each', async () => {
    renderWithProviders(<UserManagementTable />);
    expect(screen.getByText('All (4)')).toBeInTheDocument();
    expect(screen.getByText('Approved (2)')).toBeInTheDocument();
    expect(screen.getByText('Rejected (1)')).toBeInTheDocument();
    const pendingOption = screen.getByRole('radio', { name: /Pending/ });
    expect(pendingOption.closest('label')).toHaveTextContent('Pending 1');
    await userEvent.click(pendingOption.closest('label') ?? pendingOption);
    expect(screen.getByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(screen.queryByText('Blue Coast Vapes')).not.toBeInTheDocument();
    expect(screen.queryByText('Nope Shop')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Rejected (1)'));
    expect(screen.getByText('Nope Shop')).toBeInTheDocument();
    expect(screen.queryByText('Cloud Nine Smoke')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('All (4)'));
    expect(screen.getByText('Blue Coast Vapes')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch data' when profiles cannot load", async () => {
    vi.mocked(useProfiles).mockReturnValue(stub<typeof useProfiles>(failed()));
    renderWithProviders(<UserManagementTable />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
    expect(screen.getByText('Could not load users')).toBeInTheDocument();
  });
});

describe('UserManagementTable on a phone', () => {
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

  it('shows cards with the permit ID and the same Approve action', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pending', status: 'approved' });
    renderWithProviders(<UserManagementTable />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Cloud Nine Smoke' }));
    expect(card.getByText('Permit SP-1001')).toBeInTheDocument();
    expect(card.getByText('Pat Pending')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Electric Slush HQ' })).queryAllByRole('button'),
    ).toHaveLength(0);
    await userEvent.click(card.getByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });
});
