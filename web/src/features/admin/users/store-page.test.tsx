import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { useSetProfileStatus } from '@/entities/profile';
import { makeOrderRow, makeStoreDetails } from '../testing/search-stubs';
import { stub } from '../testing/stubs';
import { AdminStorePage } from './store-page';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchUsers: vi.fn(),
  callGetStoreDetails: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/entities/profile', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const mutateAsync = vi.fn();

const details = makeStoreDetails({
  user: {
    uid: 'uid-cloud',
    storeName: 'Cloud Nine Smoke',
    fullName: 'Pat Lee',
    email: 'pat@cloudnine.test',
    role: 'wholesaler',
    status: 'pending',
    emailVerified: false,
    createdAt: '2025-03-02T12:00:00.000Z',
    reviewedAt: null,
    phone: '+14155550123',
    sellerPermitId: 'SP-1001',
  },
  // Given out of order: the page shows the oldest first.
  history: [
    { at: '2025-03-04T09:00:00.000Z', event: 'Approved by manager@demo.test' },
    { at: '2025-03-02T12:00:00.000Z', event: 'Applied' },
  ],
  orders: [
    makeOrderRow({
      id: 'ord-new-123',
      invoiceNumber: 'INV-000123',
      status: 'shipped',
      amount: 25000,
      createdAt: '2025-04-01T17:00:00.000Z',
    }),
    makeOrderRow({
      id: 'ord-old-456',
      invoiceNumber: null,
      status: 'cancelled',
      amount: 1999,
      createdAt: '2025-03-10T17:00:00.000Z',
    }),
  ],
  orderCount: 2,
  lifetimeRevenue: 123456,
  lastOrderAt: '2025-04-01T17:00:00.000Z',
});

function renderPage(uid = 'uid-cloud') {
  return renderWithProviders(<AdminStorePage uid={uid} />, {
    route: `/admin/stores/${uid}`,
    path: '/admin/stores/:uid',
    routes: [{ path: '/admin', element: <h1>Dashboard page</h1> }],
  });
}

beforeEach(() => {
  mutateAsync.mockReset();
  callables.callGetStoreDetails.mockReset().mockResolvedValue(details);
  callables.callResendVerificationEmail.mockReset().mockResolvedValue({ accepted: true });
  vi.mocked(useSetProfileStatus).mockReturnValue(
    stub<typeof useSetProfileStatus>({ mutateAsync, isPending: false }),
  );
});

describe('AdminStorePage', () => {
  it('shows the profile, the history oldest first, the revenue and the orders', async () => {
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' }),
    ).toBeInTheDocument();
    expect(callables.callGetStoreDetails).toHaveBeenCalledWith({ uid: 'uid-cloud' });
    await waitFor(() => expect(document.title).toMatch(/^Cloud Nine Smoke · Store \|/));
    expect(screen.getByRole('link', { name: /Back to dashboard/ })).toHaveAttribute(
      'href',
      '/admin?tab=users',
    );

    expect(screen.getByText('pat@cloudnine.test')).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByText('Wholesaler')).toBeInTheDocument();
    expect(screen.getByText('Pending', { selector: '.tag' })).toBeInTheDocument();
    expect(screen.getByText('+14155550123')).toBeInTheDocument();
    expect(screen.getByText('SP-1001')).toBeInTheDocument();
    expect(screen.getByText('Mar 2, 2025')).toBeInTheDocument();

    const events = [...document.querySelectorAll('.admin-timeline__item')].map(
      (item) => item.textContent,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toContain('Applied');
    expect(events[1]).toContain('Approved by manager@demo.test');

    expect(screen.getByText('$1,234.56')).toBeInTheDocument();
    expect(screen.getByText('Apr 1, 2025')).toBeInTheDocument();

    const orders = within(screen.getByRole('table', { name: 'Orders of Cloud Nine Smoke' }));
    expect(orders.getByRole('link', { name: /INV-000123/ })).toHaveAttribute(
      'href',
      '/admin/orders/ord-new-123/invoice',
    );
    expect(orders.getByText('$250.00')).toBeInTheDocument();
    expect(orders.getByText('Shipped')).toBeInTheDocument();
    expect(orders.getByText('#ord-old-')).toBeInTheDocument();
    expect(orders.getByText('$19.99')).toBeInTheDocument();
  });

  it('approves through setProfileStatus, asking first when the email is not verified', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-cloud', status: 'approved' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve Cloud Nine Smoke' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Approve without a verified email?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Approve anyway' }));
    expect(mutateAsync).toHaveBeenCalledWith({
      uid: 'uid-cloud',
      status: 'approved',
      allowUnverified: true,
    });
    expect(await screen.findByText('Profile approved successfully')).toBeInTheDocument();
  });

  it('offers Reject for an approved store and no resend once verified', async () => {
    mutateAsync.mockResolvedValue({ uid: 'uid-cloud', status: 'rejected' });
    callables.callGetStoreDetails.mockResolvedValue({
      ...details,
      user: { ...details.user, status: 'approved', emailVerified: true },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reject Cloud Nine Smoke' }));
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Resend verification email/ }),
    ).not.toBeInTheDocument();
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect(mutateAsync).toHaveBeenCalledWith({ uid: 'uid-cloud', status: 'rejected' });
  });

  it('resends the verification email for the store and says so', async () => {
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Resend verification email/ }));
    expect(callables.callResendVerificationEmail).toHaveBeenCalledWith({ uid: 'uid-cloud' });
    await expectToast('Email sent', 'Verification email sent.');
  });

  it("shows the server's message when the resend is refused", async () => {
    callables.callResendVerificationEmail.mockRejectedValue(
      Object.assign(new Error('Too many requests. Try again in a few minutes.'), {
        code: 'functions/resource-exhausted',
      }),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: /Resend verification email/ }));
    await expectToast('Error', 'Too many requests. Try again in a few minutes.');
  });

  it('says there is no such store, with the way back, without retrying', async () => {
    callables.callGetStoreDetails.mockRejectedValue(
      Object.assign(new Error('No such store.'), { code: 'functions/not-found' }),
    );
    renderPage('nope');
    expect(await screen.findByText('No store with this id.')).toBeInTheDocument();
    expect(callables.callGetStoreDetails).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('link', { name: /Back to dashboard/ }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    callables.callGetStoreDetails.mockRejectedValueOnce(new Error('internal'));
    renderPage();
    expect(await screen.findByText('Could not load this store.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cloud Nine Smoke' }),
    ).toBeInTheDocument();
  });
});
