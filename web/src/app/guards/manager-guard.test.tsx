import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
});
