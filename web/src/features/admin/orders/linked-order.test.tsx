import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SearchOrdersRequest, SearchOrdersResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useOrder } from '@/entities/orders';
import { makeOrderRow, page } from '../testing/search-stubs';
import { loaded, makeOrder, stub } from '../testing/stubs';
import { RecentOrdersTable } from './recent-orders-table';

/**
 * The new-order mail's "Open the order" (/admin?tab=orders&order=<id>): the table searches for
 * the order, opens its row and says so; an unknown id says that no such order was found.
 */
const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchCompanies: vi.fn(),
  callGetCompanyDetails: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/orders', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const search = callables.callSearchOrders;
const ORDER_ID = 'ebluQw4SxYz0123456AB';
const linked = makeOrderRow({ id: ORDER_ID, storeName: 'Cloud Nine Smoke', status: 'processing' });

function answer(result: SearchOrdersResponse) {
  search.mockImplementation(async () => result);
}
const requests = () => search.mock.calls.map(([request]) => request as SearchOrdersRequest);

function renderTable(route: string) {
  return renderWithProviders(<RecentOrdersTable />, { route, path: '/admin' });
}

beforeEach(() => {
  search.mockReset();
  vi.mocked(useOrder).mockReturnValue(
    stub<typeof useOrder>(loaded(makeOrder({ id: ORDER_ID, status: 'processing' }))),
  );
});

describe('RecentOrdersTable: a link to one order', () => {
  it('searches for the linked order, opens its row and says so', async () => {
    answer(page([linked]));
    const { router } = renderTable(`/admin?tab=orders&order=${ORDER_ID}`);
    expect(
      await screen.findByText('Order #ebluQw4S from your link is open below.'),
    ).toBeInTheDocument();
    expect(requests().at(-1)?.q).toBe(ORDER_ID);
    expect(screen.getByRole('button', { name: 'Details of order #ebluQw4S' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(useOrder).toHaveBeenCalledWith(ORDER_ID);
    // The search box shows what was searched, and the link stays in the address.
    expect(screen.getByRole('searchbox')).toHaveValue(ORDER_ID);
    expect(router.state.location.search).toContain(`order=${ORDER_ID}`);
  });

  it('opens a claim’s replacement order (<claimId>-replacement) from the Claims tab’s link', async () => {
    const replacementId = 'claim0123456789ABCDE-replacement';
    answer(page([makeOrderRow({ id: replacementId, storeName: 'Cloud Nine Smoke' })]));
    renderTable(`/admin?tab=orders&order=${replacementId}`);
    expect(
      await screen.findByText('Order #claim012 from your link is open below.'),
    ).toBeInTheDocument();
    expect(requests().at(-1)?.q).toBe(replacementId);
  });

  it('says clearly when no such order exists, and Show all orders goes back to every order', async () => {
    answer(page([]));
    const { router } = renderTable('/admin?tab=orders&order=missing0ABCDEFGHIJKL');
    expect(await screen.findByText('No order #missing0 was found.')).toBeInTheDocument();
    expect(screen.queryByText(/from your link is open below/)).not.toBeInTheDocument();
    answer(page([linked]));
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(requests().at(-1)?.q).toBe(''));
    expect(router.state.location.search).not.toContain('order=');
    expect(router.state.location.search).toContain('tab=orders');
    expect(screen.queryByText(/No order #missing0/)).not.toBeInTheDocument();
  });

  it('ignores an order parameter that is not an order id, and opens nothing without one', async () => {
    answer(page([linked]));
    renderTable('/admin?tab=orders&order=%3Cscript%3E');
    expect(await screen.findByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(requests().at(-1)?.q).toBe('');
    expect(screen.getByRole('button', { name: 'Details of order #ebluQw4S' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('status', { name: /from your link/ })).not.toBeInTheDocument();
  });
});
