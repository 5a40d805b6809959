import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageReload } from '@/components/server-unreachable';
import { noteAuthUser } from '@/lib/session-end';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ManagerGuard } from './manager-guard';

const check = vi.hoisted(() => ({ value: { status: 'loading' } as Record<string, unknown> }));
vi.mock('@/lib/session', () => ({ useManagerCheck: () => check.value }));

function renderGuarded() {
  return renderWithProviders(
    <ManagerGuard>
      <h1>Packing slip</h1>
    </ManagerGuard>,
    {
      route: '/admin/orders/o1/packing-slip',
      path: '/admin/orders/:orderId/packing-slip',
      routes: [{ path: '/admin/login', element: <h1>Admin Login</h1> }],
    },
  );
}

beforeEach(() => {
  check.value = { status: 'loading' };
});

describe('ManagerGuard', () => {
  it('waits for the session, then shows a manager the page', () => {
    const view = renderGuarded();
    expect(screen.getByRole('status')).toHaveTextContent('Checking access');
    check.value = { status: 'success', isManager: true, user: { email: 'm@x.test' } };
    view.unmount();
    renderGuarded();
    expect(screen.getByRole('heading', { name: 'Packing slip' })).toBeInTheDocument();
  });

  it('sends anyone else to the admin login with Access Denied', async () => {
    check.value = { status: 'success', isManager: false, user: { email: 'buyer@x.test' } };
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByText('Packing slip')).not.toBeInTheDocument();
    await expectToast('Access Denied', "You don't have manager privileges");
  });

  it('sends a manager whose session ended by itself to the admin login with the message, to come back here', async () => {
    noteAuthUser(true);
    noteAuthUser(false);
    check.value = { status: 'success', isManager: false, user: null };
    const { router } = renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/admin/orders/o1/packing-slip')}`,
    );
    expect(router.state.location.state).toEqual({
      notice: 'Your session has expired. Please sign in again.',
    });
    expect(document.querySelector('.toast')).toBeNull();
  });

  it('says the server cannot be reached when the session cannot be read, with Retry', async () => {
    check.value = { status: 'error' };
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { router } = renderGuarded();
    expect(await screen.findByText("We can't reach the server right now.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/admin/orders/o1/packing-slip');
    expect(document.querySelector('.toast')).toBeNull();
    reload.mockRestore();
  });
});
