import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { CompanyDetailsResponse, ListCompanyMembersResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { useSetProfileStatus } from '@/entities/profile';
import { makeCompanyDetails, makeCompanyOrderRow } from '../testing/search-stubs';
import { stub } from '../testing/stubs';
import { AdminCompanyPage } from './company-page';

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

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const mutateAsync = vi.fn();

const base = makeCompanyDetails();
const details: CompanyDetailsResponse = makeCompanyDetails({
  company: {
    ...base.company,
    id: 'company-cloud',
    name: 'Cloud Nine Smoke',
    businessType: 'wholesaler',
    status: 'pending',
    sellerPermitId: 'SP-1001',
    applicantUid: 'uid-pat',
    applicantEmail: 'pat@cloudnine.test',
    applicantEmailVerified: false,
    ownerUid: 'uid-pat',
    createdAt: '2025-03-02T12:00:00.000Z',
  },
  members: [
    {
      uid: 'uid-pat',
      fullName: 'Pat Lee',
      email: 'pat@cloudnine.test',
      role: 'owner',
      locationIds: [],
      emailVerified: false,
    },
    {
      uid: 'uid-sam',
      fullName: 'Sam Rivera',
      email: 'sam@cloudnine.test',
      role: 'buyer',
      locationIds: ['mission'],
      emailVerified: true,
    },
  ],
  locations: [
    {
      id: 'main',
      name: 'Venice Beach store',
      address: '1 Ocean Front Walk, Venice, CA 90291',
      phone: '+13105550100',
      archived: false,
      orderCount: 3,
      revenue: 120000,
    },
    {
      id: 'mission',
      name: 'Mission St store',
      address: '2290 Mission St, San Francisco, CA 94110',
      phone: '',
      archived: false,
      orderCount: 1,
      revenue: 3456,
    },
    {
      id: 'old',
      name: 'Old Town store',
      address: '1 Old Town, Sacramento, CA 95814',
      phone: '',
      archived: true,
      orderCount: 0,
      revenue: 0,
    },
  ],
  // Given out of order: the page shows the oldest first.
  history: [
    { at: '2025-03-04T09:00:00.000Z', event: 'Approved by manager@demo.test' },
    { at: '2025-03-02T12:00:00.000Z', event: 'Applied' },
  ],
  orders: [
    makeCompanyOrderRow({
      id: 'ord-new-123',
      invoiceNumber: 'INV-000123',
      status: 'shipped',
      amount: 25000,
      createdAt: '2025-04-01T17:00:00.000Z',
      locationName: 'Mission St store',
      placedByName: 'Sam Rivera',
    }),
    makeCompanyOrderRow({
      id: 'ord-old-456',
      invoiceNumber: null,
      status: 'cancelled',
      amount: 1999,
      createdAt: '2025-03-10T17:00:00.000Z',
      locationId: null,
      locationName: '',
      placedByName: '',
    }),
  ],
  orderCount: 4,
  lifetimeRevenue: 123456,
  lastOrderAt: '2025-04-01T17:00:00.000Z',
});

const noInvitations: ListCompanyMembersResponse = { members: [], invitations: [] };

function renderPage(companyId = 'company-cloud') {
  return renderWithProviders(<AdminCompanyPage companyId={companyId} />, {
    route: `/admin/companies/${companyId}`,
    path: '/admin/companies/:companyId',
    routes: [{ path: '/admin', element: <h1>Dashboard page</h1> }],
  });
}

const panel = (name: string) => within(screen.getByRole('region', { name }));

beforeEach(() => {
  mutateAsync.mockReset();
  callables.callGetCompanyDetails.mockReset().mockResolvedValue(details);
  callables.callListCompanyMembers.mockReset().mockResolvedValue(noInvitations);
  callables.callInviteMember.mockReset().mockResolvedValue({ invitationId: 'inv-1' });
  callables.callResendVerificationEmail.mockReset().mockResolvedValue({ accepted: true });
  vi.mocked(useSetProfileStatus).mockReturnValue(
    stub<typeof useSetProfileStatus>({ mutateAsync, isPending: false }),
  );
});

describe('AdminCompanyPage', () => {
  it('shows the company with its type and status, its figures, orders and history', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' }),
    ).toBeInTheDocument();
    expect(callables.callGetCompanyDetails).toHaveBeenCalledWith({ companyId: 'company-cloud' });
    await waitFor(() => expect(document.title).toMatch(/^Cloud Nine Smoke · Company \|/));
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/admin?tab=companies',
    );
    expect(document.querySelector('.company-page__type')).toHaveTextContent('Wholesaler Pending');

    const company = panel('Company');
    expect(company.getByText(/Pat Lee, pat@cloudnine\.test/)).toBeInTheDocument();
    expect(company.getByText('Not verified')).toBeInTheDocument();
    expect(company.getByText('SP-1001')).toBeInTheDocument();
    expect(company.getByText('Mar 2, 2025')).toBeInTheDocument();

    const sales = panel('Sales');
    expect(sales.getByText('$1,234.56')).toBeInTheDocument();
    expect(sales.getByText('4')).toBeInTheDocument();
    expect(sales.getByText('Apr 1, 2025')).toBeInTheDocument();

    const events = [...document.querySelectorAll('.admin-timeline__item')].map(
      (item) => item.textContent,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('Applied');
    expect(events[1]).toContain('Approved by manager@demo.test');

    expect(screen.getByText('The newest 2 of 4 orders.')).toBeInTheDocument();
    const orders = within(screen.getByRole('table', { name: 'Orders of Cloud Nine Smoke' }));
    expect(orders.getByRole('link', { name: /INV-000123/ })).toHaveAttribute(
      'href',
      '/admin/orders/ord-new-123/invoice',
    );
    const newest = within(orders.getByText('INV-000123').closest('tr')!);
    expect(newest.getByText('Mission St store')).toBeInTheDocument();
    expect(newest.getByText('Sam Rivera')).toBeInTheDocument();
    expect(newest.getByText('$250.00')).toBeInTheDocument();
    expect(newest.getByText('Shipped')).toBeInTheDocument();
    expect(orders.getByText('#ord-old-')).toBeInTheDocument();
    expect(orders.getByText('$19.99')).toBeInTheDocument();
  });

  it('lists the members with their role and locations, and the locations with their figures', async () => {
    renderPage();
    const members = within(
      await screen.findByRole('table', { name: 'Members of Cloud Nine Smoke' }),
    );
    const owner = within(members.getByText('Pat Lee').closest('tr')!);
    expect(owner.getByText('Owner')).toBeInTheDocument();
    expect(owner.getByText('All locations')).toBeInTheDocument();
    expect(owner.getByText('Not verified')).toBeInTheDocument();
    const buyer = within(members.getByText('Sam Rivera').closest('tr')!);
    expect(buyer.getByText('sam@cloudnine.test')).toBeInTheDocument();
    expect(buyer.getByText('Buyer')).toBeInTheDocument();
    expect(buyer.getByText('Mission St store')).toBeInTheDocument();
    expect(buyer.getByText('Verified')).toBeInTheDocument();

    const locations = within(screen.getByRole('table', { name: 'Locations of Cloud Nine Smoke' }));
    const venice = within(locations.getByText('Venice Beach store').closest('tr')!);
    expect(venice.getByText('1 Ocean Front Walk, Venice, CA 90291')).toBeInTheDocument();
    expect(venice.getByText('+13105550100')).toBeInTheDocument();
    expect(venice.getByText('3')).toBeInTheDocument();
    expect(venice.getByText('$1,200.00')).toBeInTheDocument();
    expect(venice.queryByText('Archived')).not.toBeInTheDocument();
    const old = within(locations.getByText('Old Town store').closest('tr')!);
    expect(old.getByText('Archived')).toBeInTheDocument();
    expect(old.getByText('$0.00')).toBeInTheDocument();
  });

  it("approves through setProfileStatus naming the owner, asking first when the applicant's email is not verified", async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pat', status: 'approved' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve Cloud Nine Smoke' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Approve without a verified email?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-pat',
      status: 'approved',
      allowUnverified: true,
    });
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });

  it('offers Reject for an approved company and no resend once the applicant is verified', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-pat', status: 'rejected' });
    callables.callGetCompanyDetails.mockResolvedValue({
      ...details,
      company: { ...details.company, status: 'approved', applicantEmailVerified: true },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject Cloud Nine Smoke' }));
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Resend verification email/ }),
    ).not.toBeInTheDocument();
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-pat', status: 'rejected' });
  });

  it("resends the applicant's verification email and says so, or the server's refusal", async () => {
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Resend verification email/ }));
    expect(callables.callResendVerificationEmail).toHaveBeenCalledWith({ uid: 'uid-pat' });
    await expectToast('Email sent', 'Verification email sent.');
    callables.callResendVerificationEmail.mockRejectedValue(
      Object.assign(new Error('Too many requests. Try again in a few minutes.'), {
        code: 'functions/resource-exhausted',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Resend verification email/ }));
    await expectToast('Error', 'Too many requests. Try again in a few minutes.');
  });

  it('says there is no such company, with the way back, without retrying', async () => {
    callables.callGetCompanyDetails.mockRejectedValue(
      Object.assign(new Error('No company with this id.'), { code: 'functions/not-found' }),
    );
    renderPage('nope');
    expect(await screen.findByText('No company with this id.')).toBeInTheDocument();
    expect(callables.callGetCompanyDetails).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: /Back to dashboard/ }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('shows loading, then a failure with Retry', async () => {
    callables.callGetCompanyDetails.mockRejectedValueOnce(new Error('internal'));
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading company' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load this company.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' }),
    ).toBeInTheDocument();
  });

  it('shows the company’s claims, the credits they gave and its store credit', async () => {
    callables.callGetCompanyDetails.mockResolvedValue({
      ...details,
      claims: {
        open: 2,
        settled: 5,
        rejected: 1,
        refunds: 1_200,
        creditNotes: 700,
        storeCredit: 3_000,
        replacements: 2,
        storeCreditBalance: 900,
      },
    });
    renderPage();
    const claims = within(await screen.findByRole('region', { name: 'Claims' }));
    const figure = (title: string) =>
      claims.getByText(title).closest('.admin-figure')?.textContent?.slice(title.length);
    expect(figure('Open claims')).toBe('2');
    expect(figure('Settled claims')).toBe('51 rejected');
    expect(figure('Credits given')).toBe(
      '$49.00Refunds $12.00 · Credit notes $7.00 · Store credit $30.00',
    );
    expect(figure('Replacements')).toBe('2');
    expect(figure('Store credit balance')).toBe('$9.00');
  });

  it('has no Claims panel when the answer has none (functions before claims)', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' });
    expect(screen.queryByRole('region', { name: 'Claims' })).not.toBeInTheDocument();
  });

  it('shows the empty states of a company without members, locations or orders', async () => {
    callables.callGetCompanyDetails.mockResolvedValue({
      ...details,
      members: [],
      locations: [],
      orders: [],
      orderCount: 0,
      history: [],
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' });
    expect(screen.getByText('No members')).toBeInTheDocument();
    expect(screen.getByText('No locations yet')).toBeInTheDocument();
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
  });
});

describe('AdminCompanyPage: Add member', () => {
  const form = () => within(screen.getByRole('form', { name: 'Add member' }));

  it('invites an address as a buyer of the locations chosen, naming the company', async () => {
    renderPage();
    await screen.findByText('No pending invitations.');
    expect(callables.callListCompanyMembers).toHaveBeenCalledWith({ companyId: 'company-cloud' });
    // Each role with what it may do.
    expect(
      form().getByRole('radio', { name: /Owner Everything, including members and locations/ }),
    ).toBeInTheDocument();
    expect(form().getByRole('radio', { name: /Viewer Read-only/ })).toBeInTheDocument();
    expect(form().getByRole('radio', { name: /^Buyer/ })).toBeChecked();
    // A buyer's locations: the open ones (not the archived store).
    const locations = within(form().getByRole('group', { name: 'Locations' }));
    expect(locations.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(
      ['Venice Beach store', 'Mission St store'],
    );
    await user.type(form().getByRole('textbox', { name: 'Email' }), ' Jo@CloudNine.test ');
    await user.click(locations.getByRole('checkbox', { name: 'Mission St store' }));
    await user.click(form().getByRole('button', { name: 'Send invitation' }));
    // Trimmed (the server compares addresses without case).
    expect(callables.callInviteMember).toHaveBeenCalledWith({
      companyId: 'company-cloud',
      email: 'Jo@CloudNine.test',
      role: 'buyer',
      locationIds: ['mission'],
    });
    await expectToast('Invitation sent', 'We emailed an invitation to Jo@CloudNine.test.');
    // The invitations are read again, and the form is empty for the next one.
    await waitFor(() => expect(callables.callListCompanyMembers).toHaveBeenCalledTimes(2));
    expect(form().getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('sends no locations for an owner or a viewer, and checks the address first', async () => {
    renderPage();
    await screen.findByText('No pending invitations.');
    await user.click(form().getByRole('button', { name: 'Send invitation' }));
    expect(await form().findByText('Email is required')).toBeInTheDocument();
    expect(callables.callInviteMember).not.toHaveBeenCalled();
    await user.click(form().getByRole('radio', { name: /^Viewer/ }));
    expect(form().queryByRole('group', { name: 'Locations' })).not.toBeInTheDocument();
    await user.type(form().getByRole('textbox', { name: 'Email' }), 'books@cloudnine.test');
    await user.click(form().getByRole('button', { name: 'Send invitation' }));
    expect(callables.callInviteMember).toHaveBeenCalledWith({
      companyId: 'company-cloud',
      email: 'books@cloudnine.test',
      role: 'viewer',
      locationIds: [],
    });
  });

  it("shows the server's message when the invitation is refused, and keeps what was typed", async () => {
    callables.callInviteMember.mockRejectedValue(
      Object.assign(new Error('This address belongs to another company on the portal.'), {
        code: 'functions/failed-precondition',
      }),
    );
    renderPage();
    await screen.findByText('No pending invitations.');
    await user.type(form().getByRole('textbox', { name: 'Email' }), 'taken@elsewhere.test');
    await user.click(form().getByRole('radio', { name: /^Owner/ }));
    await user.click(form().getByRole('button', { name: 'Send invitation' }));
    expect(
      await form().findByText('This address belongs to another company on the portal.'),
    ).toBeInTheDocument();
    expect(form().getByRole('textbox', { name: 'Email' })).toHaveValue('taken@elsewhere.test');
    // A failure the server does not explain: the form's own words.
    callables.callInviteMember.mockRejectedValue(new Error('internal'));
    await user.click(form().getByRole('button', { name: 'Send invitation' }));
    expect(await form().findByText('Could not send the invitation.')).toBeInTheDocument();
  });

  it('lists the pending invitations, an expired one marked', async () => {
    callables.callListCompanyMembers.mockResolvedValue({
      members: [],
      invitations: [
        {
          invitationId: 'inv-1',
          email: 'jo@cloudnine.test',
          role: 'buyer',
          locationIds: ['main', 'mission'],
          invitedBy: 'manager@demo.test',
          expiresAt: '2025-04-08T12:00:00.000Z',
          expired: false,
        },
        {
          invitationId: 'inv-2',
          email: 'old@cloudnine.test',
          role: 'viewer',
          locationIds: [],
          invitedBy: 'pat@cloudnine.test',
          expiresAt: '2025-03-01T12:00:00.000Z',
          expired: true,
        },
      ],
    } satisfies ListCompanyMembersResponse);
    renderPage();
    const list = within(await screen.findByRole('list', { name: 'Pending invitations' }));
    const first = within(list.getByRole('listitem', { name: 'jo@cloudnine.test' }));
    expect(first.getByText('Buyer · Venice Beach store, Mission St store')).toBeInTheDocument();
    expect(
      first.getByText('Invited by manager@demo.test · expires Apr 8, 2025'),
    ).toBeInTheDocument();
    expect(first.queryByText('Expired')).not.toBeInTheDocument();
    const second = within(list.getByRole('listitem', { name: 'old@cloudnine.test' }));
    expect(second.getByText('Expired')).toBeInTheDocument();
    expect(second.getByText('Viewer · All locations')).toBeInTheDocument();
  });

  it('says when the invitations cannot be read, with Retry; the rest of the page stays', async () => {
    callables.callListCompanyMembers.mockRejectedValueOnce(
      Object.assign(new Error('not found'), { code: 'functions/not-found' }),
    );
    renderPage();
    expect(await screen.findByText('Could not load the invitations.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Members of Cloud Nine Smoke' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('region', { name: 'Pending invitations' })).getByRole('button', {
        name: 'Retry',
      }),
    );
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
  });
});
