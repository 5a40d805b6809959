import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListCompanyMembersResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUYER_UID, seedLocation, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({
  callListCompanyMembers: vi.fn(),
  callInviteMember: vi.fn(),
  callResendInvitation: vi.fn(),
  callRevokeInvitation: vi.fn(),
  callChangeMemberRole: vi.fn(),
  callRemoveMember: vi.fn(),
  callSaveLocation: vi.fn(),
  callArchiveLocation: vi.fn(),
}));
// The lazy parts that call functions through their own modules (back-in-stock, order lists).
vi.mock('@/lib/stock-alert-callables', () => ({
  callSubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: true })),
  callUnsubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: false })),
}));
vi.mock('@/lib/order-list-callables', () => ({
  callSaveOrderList: vi.fn(async () => ({ listId: 'l1' })),
  callDeleteOrderList: vi.fn(),
}));
vi.mock('@/lib/callables', () => mocks);
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

const MEMBERS: ListCompanyMembersResponse = {
  members: [
    {
      uid: BUYER_UID,
      fullName: 'Dana Buyer',
      email: 'dana@shop.test',
      role: 'owner',
      locationIds: [],
    },
    {
      uid: 'u-bianca',
      fullName: 'Bianca Ortiz',
      email: 'bianca@shop.test',
      role: 'buyer',
      locationIds: ['mission'],
    },
  ],
  invitations: [
    {
      invitationId: 'inv-1',
      email: 'books@shop.test',
      role: 'viewer',
      locationIds: [],
      invitedBy: 'Dana Buyer',
      expiresAt: '2026-12-09T10:00:00.000Z',
      expired: false,
    },
  ],
};

function renderProfileTab() {
  return renderWithProviders(<AccountPage />, {
    route: '/portal/my-account?tab=profile',
    path: '/portal/my-account',
  });
}

beforeEach(() => {
  for (const fn of Object.values(mocks)) fn.mockReset();
  mocks.callListCompanyMembers.mockResolvedValue(MEMBERS);
});

describe('My Account: members', () => {
  it('lists the members with their roles and a buyer’s locations, and the pending invitations', async () => {
    seedProfile('retailer');
    seedLocation('mission', 'Mission store');
    renderProfileTab();
    const card = within(await screen.findByRole('region', { name: 'Members' }));
    const bianca = within(await card.findByRole('listitem', { name: 'Bianca Ortiz' }));
    expect(bianca.getByText('Buyer')).toBeInTheDocument();
    expect(bianca.getByText('bianca@shop.test')).toBeInTheDocument();
    expect(await bianca.findByText('Orders for: Mission store')).toBeInTheDocument();
    const dana = within(card.getByRole('listitem', { name: 'Dana Buyer' }));
    expect(dana.getByText('You')).toBeInTheDocument();
    const invitation = within(
      card.getByRole('listitem', { name: 'Invitation to books@shop.test' }),
    );
    expect(invitation.getByText('Viewer')).toBeInTheDocument();
    expect(mocks.callListCompanyMembers).toHaveBeenCalledWith({});
  });

  it('invites a buyer for chosen locations; the server’s refusal is shown and the form stays', async () => {
    seedProfile('retailer');
    seedLocation('mission', 'Mission store');
    seedLocation('venice', 'Venice store');
    mocks.callInviteMember
      .mockRejectedValueOnce(
        Object.assign(new Error('This address belongs to another company on the portal.'), {
          code: 'functions/failed-precondition',
        }),
      )
      .mockResolvedValueOnce({ invitationId: 'inv-2' });
    renderProfileTab();
    const card = within(await screen.findByRole('region', { name: 'Members' }));
    await userEvent.click(await card.findByRole('button', { name: 'Invite member' }));
    await userEvent.click(card.getByRole('button', { name: 'Send invitation' }));
    expect(await card.findByText('Email is required')).toBeInTheDocument();
    expect(mocks.callInviteMember).not.toHaveBeenCalled();

    await userEvent.type(card.getByLabelText('Email'), 'new@shop.test');
    await userEvent.click(await card.findByLabelText('Mission store'));
    await userEvent.click(card.getByRole('button', { name: 'Send invitation' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'This address belongs to another company on the portal.',
    );
    await userEvent.click(card.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(mocks.callInviteMember).toHaveBeenCalledTimes(2));
    expect(mocks.callInviteMember).toHaveBeenLastCalledWith({
      email: 'new@shop.test',
      role: 'buyer',
      locationIds: ['mission'],
    });
    expect(
      await screen.findByText('We mailed an invitation to new@shop.test.'),
    ).toBeInTheDocument();
  });

  it('changes a role, removes a member after confirming, and resends or withdraws an invitation', async () => {
    seedProfile('retailer');
    seedLocation('mission', 'Mission store');
    mocks.callChangeMemberRole.mockResolvedValue({ uid: 'u-bianca' });
    mocks.callRemoveMember.mockResolvedValue({ uid: 'u-bianca' });
    mocks.callResendInvitation.mockResolvedValue({ invitationId: 'inv-1' });
    mocks.callRevokeInvitation.mockResolvedValue({ invitationId: 'inv-1' });
    renderProfileTab();
    const card = within(await screen.findByRole('region', { name: 'Members' }));
    await userEvent.click(await card.findByRole('button', { name: 'Change role: Bianca Ortiz' }));
    await userEvent.selectOptions(card.getByLabelText('Role'), 'viewer');
    await userEvent.click(card.getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(mocks.callChangeMemberRole).toHaveBeenCalledWith({
        uid: 'u-bianca',
        role: 'viewer',
        locationIds: [],
      }),
    );

    await userEvent.click(card.getByRole('button', { name: 'Remove Bianca Ortiz' }));
    expect(mocks.callRemoveMember).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(mocks.callRemoveMember).toHaveBeenCalledWith({ uid: 'u-bianca' }));

    await userEvent.click(
      card.getByRole('button', { name: 'Resend the invitation to books@shop.test' }),
    );
    await waitFor(() =>
      expect(mocks.callResendInvitation).toHaveBeenCalledWith({ invitationId: 'inv-1' }),
    );
    await userEvent.click(
      card.getByRole('button', { name: 'Withdraw the invitation to books@shop.test' }),
    );
    await waitFor(() =>
      expect(mocks.callRevokeInvitation).toHaveBeenCalledWith({ invitationId: 'inv-1' }),
    );
  });

  it('shows a buyer or viewer the members read-only', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    mocks.callListCompanyMembers.mockResolvedValue({ ...MEMBERS, invitations: [] });
    renderProfileTab();
    const card = within(await screen.findByRole('region', { name: 'Members' }));
    expect(await card.findByRole('listitem', { name: 'Bianca Ortiz' })).toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
    expect(card.queryByText('Pending invitations')).not.toBeInTheDocument();
  });
});
