import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReload } from '@/components/server-unreachable';
import { signOutUser, useManagerCheck, type ManagerCheck } from '@/lib/session';
import { noteAuthUser } from '@/lib/session-end';
import { resetLastViewState, restoreLastView } from '@/lib/last-view';
import { storeLastView } from '@/testing/last-view';
import { QueryClient } from '@tanstack/react-query';
import { fakeLive } from '@/testing/fake-live-firestore';
import { renderWithProviders } from '@/testing/render';
import { useAllProducts } from '@/entities/catalog';
import { usePendingProfiles, useProfiles } from '@/entities/profile';
import { useEditableSupportContent } from '@/entities/support';
import { callGetProductClaims } from '@/lib/manager-callables';
import { useTotals } from './get-totals';
import { useSearchCompanies, useSearchOrders } from '../common/search';
import { loaded, makeProfile, stub } from '../testing/stubs';
import { AdminDashboardPage } from './admin-dashboard-page';

vi.mock('@/lib/session', () => ({ useManagerCheck: vi.fn(), signOutUser: vi.fn() }));
vi.mock('./get-totals', () => ({ useTotals: vi.fn() }));
vi.mock('../common/search', { spy: true });
vi.mock('@/entities/orders', { spy: true });
vi.mock('@/entities/profile', { spy: true });
vi.mock('@/entities/catalog', { spy: true });
vi.mock('@/entities/support', { spy: true });
// The Catalog tab's claims column (getProductClaims): answered here, never a real request.
vi.mock('@/lib/manager-callables', { spy: true });

const user = { uid: 'm1', email: 'manager@demo.test' } as User;

function checked(isManager: boolean, who: User | null = user): ManagerCheck {
  return { status: 'success', user: who, isManager };
}

function renderPage(route = '/admin') {
  return renderWithProviders(<AdminDashboardPage />, {
    route,
    routes: [{ path: '/admin/login', element: <h1>Admin Login page</h1> }],
  });
}

async function expectAccessDenied() {
  expect(await screen.findByText('Access Denied')).toBeInTheDocument();
  expect(screen.getByText("You don't have manager privileges")).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Admin Login page' })).toBeInTheDocument();
}

beforeEach(() => {
  localStorage.clear();
  resetLastViewState();
  vi.mocked(useTotals).mockReturnValue(
    stub<typeof useTotals>(loaded({ totalOrders: 3, totalUsers: 5, revenue: 123456 })),
  );
  const noRows = { rows: [], total: 0, page: 1, pageSize: 20, truncated: false };
  vi.mocked(useSearchOrders).mockReturnValue(stub<typeof useSearchOrders>(loaded(noRows)));
  vi.mocked(useSearchCompanies).mockReturnValue(stub<typeof useSearchCompanies>(loaded(noRows)));
  vi.mocked(useProfiles).mockReturnValue(
    stub<typeof useProfiles>(
      loaded([makeProfile(), makeProfile({ id: 'uid-2', status: 'pending' })]),
    ),
  );
  vi.mocked(usePendingProfiles).mockReturnValue(
    stub<typeof usePendingProfiles>(
      loaded([makeProfile(), makeProfile({ id: 'uid-2', status: 'pending' })]),
    ),
  );
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([])));
  vi.mocked(useEditableSupportContent).mockReturnValue(
    stub<typeof useEditableSupportContent>(loaded([])),
  );
  vi.mocked(signOutUser).mockResolvedValue(undefined);
  // No product was claimed in the last 90 days (there are no products either).
  vi.mocked(callGetProductClaims).mockResolvedValue({
    range: { from: '2026-01-01', to: '2026-03-31' },
    products: [],
  });
});

describe('/admin access', () => {
  it('draws the dashboard, without an email, while the session and the ID token load', () => {
    vi.mocked(useManagerCheck).mockReturnValue({ status: 'loading' });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Orders/ })).toBeInTheDocument();
    expect(screen.queryByText('manager@demo.test')).not.toBeInTheDocument();
    expect(screen.getByText('Checking access')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it("waits for the check, without drawing the dashboard, on a device that keeps a buyer's view", () => {
    storeLastView({ kind: 'buyer', uid: 'b1', email: 'b@x.test' });
    restoreLastView(new QueryClient());
    vi.mocked(useManagerCheck).mockReturnValue({ status: 'loading' });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Checking access');
    expect(screen.queryByText('Admin Dashboard')).not.toBeInTheDocument();
  });

  it('sends a visitor with no user to /admin/login with Access Denied', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(false, null));
    renderPage();
    await expectAccessDenied();
  });

  it('sends a signed-in user without the manager claim to /admin/login with Access Denied', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(false));
    renderPage();
    await expectAccessDenied();
  });

  it('says the server cannot be reached when the token cannot be read, with Retry, and stays', async () => {
    vi.mocked(useManagerCheck).mockReturnValue({ status: 'error' });
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { router } = renderPage();
    expect(await screen.findByText("We can't reach the server right now.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    reload.mockRestore();
  });

  it('sends a manager whose session ended by itself to /admin/login with the message and this page to return to', async () => {
    noteAuthUser(true);
    noteAuthUser(false);
    vi.mocked(useManagerCheck).mockReturnValue(checked(false, null));
    const { router } = renderPage('/admin?tab=users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/admin?tab=users')}`);
    expect(router.state.location.state).toEqual({
      notice: 'Your session has expired. Please sign in again.',
    });
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('shows a manager the dashboard with the brand, their email and Logout', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Electric Slush Co.')).toBeInTheDocument();
    expect(screen.getByText('manager@demo.test')).toBeInTheDocument();
    for (const tab of ['Orders', 'Standing orders', 'Companies', 'Catalog', 'Tutorials']) {
      expect(screen.getByRole('tab', { name: new RegExp(tab) })).toBeInTheDocument();
    }
    // The Orders tab is its own chunk: it arrives after the header.
    expect(
      await screen.findByRole('heading', { name: 'Recent Orders' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('logs out to /admin/login without an Access Denied toast', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    const { router } = renderPage();
    // After signOut the session reads signed-out; the page must not treat that as an intruder.
    vi.mocked(signOutUser).mockImplementation(async () => {
      vi.mocked(useManagerCheck).mockReturnValue(checked(false, null));
    });
    await userEvent.click(screen.getByRole('button', { name: /Logout/ }));
    expect(signOutUser).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('shows how many companies are pending on the Companies tab, each once', () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    vi.mocked(usePendingProfiles).mockReturnValue(
      stub<typeof usePendingProfiles>(
        loaded([
          makeProfile({ id: 'uid-1', company_id: 'c1' }),
          // A second member of the same pending company.
          makeProfile({ id: 'uid-2', company_id: 'c1' }),
          makeProfile({ id: 'uid-3', company_id: 'c3' }),
        ]),
      ),
    );
    renderPage();
    expect(screen.getByRole('tab', { name: /Companies/ })).toHaveTextContent('2');
  });

  it('keeps the pending count live as companies apply and are reviewed', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage();
    const companies = () => screen.getByRole('tab', { name: /Companies/ });
    // The applicants read with the page, until the listener answers.
    expect(companies()).toHaveTextContent('2');
    fakeLive.load();
    await waitFor(() =>
      expect(fakeLive.listeners.map((listener) => listener.target.path)).toContain('profiles'),
    );
    const listener = fakeLive.listeners.find((each) => each.target.path === 'profiles')!;
    expect(listener.target.constraints).toEqual([{ where: ['status', '==', 'pending'] }]);
    const pending = (id: string, company_id: string) => {
      const { id: _id, ...data } = makeProfile({ id, company_id, status: 'pending' });
      return data as unknown as Record<string, unknown>;
    };
    act(() =>
      fakeLive.send(listener, {
        a: pending('a', 'c1'),
        b: pending('b', 'c2'),
        c: pending('c', 'c3'),
      }),
    );
    expect(companies()).toHaveTextContent('3');
    act(() => fakeLive.send(listener, { c: pending('c', 'c3') }));
    expect(companies()).toHaveTextContent('1');
    act(() => fakeLive.send(listener, {}));
    expect(companies()).not.toHaveTextContent(/\d/);
  });

  it('watches the order book only while the Orders tab is open', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage('/admin?tab=orders');
    fakeLive.load();
    const book = () => fakeLive.listeners.filter((each) => each.target.path === 'orders');
    await waitFor(() => expect(book()).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: 'Catalog' }));
    await waitFor(() => expect(book()[0]!.stopped).toBe(true));
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    await waitFor(() => expect(book()).toHaveLength(2));
    expect(book()[1]!.stopped).toBe(false);
  });

  it('opens the tab named in ?tab= (the Companies link in mails) and keeps the chosen tab in the URL', async () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    const { router } = renderPage('/admin?tab=companies');
    expect(screen.getByRole('tab', { name: /Companies/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Catalog' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=catalog'));
    await userEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('lists Overview first, and still opens Orders without ?tab=', () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs.slice(0, 2)).toEqual(['Overview', 'Orders']);
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the Companies tab for the Users tab of older links', () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage('/admin?tab=users');
    expect(screen.getByRole('tab', { name: /Companies/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('falls back to Orders for an unknown tab', () => {
    vi.mocked(useManagerCheck).mockReturnValue(checked(true));
    renderPage('/admin?tab=nope');
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  });
});
