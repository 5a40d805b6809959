import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useRecentOrders, useUpdateOrderStatus } from '@/entities/orders';
import { failed, loaded, makeOrder, stub } from '../testing/stubs';
import { RecentOrdersTable } from './recent-orders-table';

vi.mock('@/entities/orders', { spy: true });

const mutateAsync = vi.fn();
const fetchNextPage = vi.fn();

const newest = makeOrder({
  id: 'newest01xyz',
  store_name: 'Cloud Nine Smoke',
  amount: 12345,
  payment_type: 'one_time',
  status: 'pending',
  created_at: new Date('2025-03-05T10:00:00Z'),
});
const older = makeOrder({
  id: 'older002xyz',
  store_name: 'Blue Coast Vapes',
  amount: 990,
  payment_type: 'subscription',
  status: 'delivered',
  created_at: new Date('2025-03-01T10:00:00Z'),
});
const shipped = makeOrder({ id: 'shipped3xyz', store_name: 'Green Machine', status: 'shipped' });
const cancelled = makeOrder({ id: 'cancel04xyz', store_name: 'Gone Shop', status: 'cancelled' });

function withPages(pages: { orders: ReturnType<typeof makeOrder>[] }[], hasNextPage = false) {
  vi.mocked(useRecentOrders).mockReturnValue(
    stub<typeof useRecentOrders>({
      ...loaded({ pages: pages.map((p) => ({ ...p, nextCursor: null })) }),
      hasNextPage,
      isFetchingNextPage: false,
      fetchNextPage,
    }),
  );
}

function rowOf(store: string) {
  const row = screen.getByText(store).closest('tr');
  if (!row) throw new Error(`no row for ${store}`);
  return within(row);
}

beforeEach(() => {
  mutateAsync.mockReset();
  fetchNextPage.mockReset();
  vi.mocked(useUpdateOrderStatus).mockReturnValue(
    stub<typeof useUpdateOrderStatus>({ mutateAsync, isPending: false }),
  );
});

describe('RecentOrdersTable', () => {
  it('lists orders newest first with date, store, amount, type and status', () => {
    withPages([{ orders: [newest, older] }]);
    renderWithProviders(<RecentOrdersTable />);
    for (const header of ['Date', 'Store', 'Amount', 'Type', 'Status']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const rows = screen.getAllByRole('row').filter((r) => r.textContent?.includes('#'));
    expect(rows[0]).toHaveTextContent('Cloud Nine Smoke');
    expect(rows[1]).toHaveTextContent('Blue Coast Vapes');
    const first = rowOf('Cloud Nine Smoke');
    expect(first.getByText('#newest01')).toBeInTheDocument();
    expect(first.getByText('$123.45')).toBeInTheDocument();
    expect(first.getByText('One-time')).toBeInTheDocument();
    expect(first.getByText('Mar 5, 2025', { exact: false })).toBeInTheDocument();
    expect(rowOf('Blue Coast Vapes').getByText('Subscription')).toBeInTheDocument();
    expect(rowOf('Blue Coast Vapes').getByText('$9.90')).toBeInTheDocument();
  });

  it('badges delivered/processing/shipped as normal and pending/cancelled as warnings', () => {
    withPages([
      {
        orders: [
          newest,
          older,
          shipped,
          cancelled,
          makeOrder({ id: 'proc0005', store_name: 'Proc Shop' }),
        ],
      },
    ]);
    renderWithProviders(<RecentOrdersTable />);
    const tone = (label: string) =>
      screen.getByText(label, { selector: '.ant-tag' }).getAttribute('data-status-tone');
    expect(tone('Delivered')).toBe('normal');
    expect(tone('Processing')).toBe('normal');
    expect(tone('Shipped')).toBe('normal');
    expect(tone('Pending')).toBe('warning');
    expect(tone('Cancelled')).toBe('warning');
  });

  it('expands a row to its lines', async () => {
    withPages([{ orders: [newest] }]);
    renderWithProviders(<RecentOrdersTable />);
    expect(screen.queryByText('Purple Dream Syrup')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const lines = await screen.findByRole('table', { name: 'Items of order #newest01' });
    expect(within(lines).getByText('Purple Dream Syrup')).toBeInTheDocument();
    expect(within(lines).getByText('$25.00')).toBeInTheDocument();
    expect(within(lines).getByText('$50.00')).toBeInTheDocument();
  });

  it('offers only the moves a manager may make (a payment, not a manager, marks processing)', () => {
    withPages([{ orders: [newest, older, shipped, cancelled] }]);
    renderWithProviders(<RecentOrdersTable />);
    const pending = rowOf('Cloud Nine Smoke');
    expect(pending.queryByRole('button', { name: 'Mark Processing' })).not.toBeInTheDocument();
    expect(pending.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(pending.queryByRole('button', { name: 'Mark Shipped' })).not.toBeInTheDocument();
    const ship = rowOf('Green Machine');
    expect(ship.getByRole('button', { name: 'Mark Delivered' })).toBeInTheDocument();
    expect(ship.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(
      rowOf('Blue Coast Vapes').queryAllByRole('button', { name: /Mark|Cancel/ }),
    ).toHaveLength(0);
    expect(rowOf('Gone Shop').queryAllByRole('button', { name: /Mark|Cancel/ })).toHaveLength(0);
  });

  it('moves an order through updateOrderStatus and toasts success', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'delivered' });
    withPages([{ orders: [shipped] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Delivered' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'shipped3xyz', status: 'delivered' });
    expect(await screen.findByText('Order #shipped3 is now Delivered')).toBeInTheDocument();
  });

  it('asks before cancelling an order', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'newest01xyz', status: 'cancelled' });
    withPages([{ orders: [newest] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(await screen.findByText('Cancel order #newest01?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'newest01xyz', status: 'cancelled' });
    expect(await screen.findByText('Order #newest01 is now Cancelled')).toBeInTheDocument();
  });

  it('toasts the failure when the move is refused', async () => {
    mutateAsync.mockRejectedValue(new Error('Order cannot move from shipped to delivered'));
    withPages([{ orders: [shipped] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Delivered' }));
    expect(
      await screen.findByText(
        'Failed to update order: Order cannot move from shipped to delivered',
      ),
    ).toBeInTheDocument();
  });

  it('pages forward with the cursor query and back from the cache', async () => {
    const page2 = makeOrder({ id: 'page2ord', store_name: 'Second Page Shop' });
    withPages([{ orders: [newest] }], true);
    renderWithProviders(<RecentOrdersTable />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fetchNextPage.mockImplementation(async () => {
      withPages([{ orders: [newest] }, { orders: [page2] }], false);
      return { isError: false };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('Second Page Shop')).toBeInTheDocument());
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("toasts 'Failed to fetch data' when orders cannot load", async () => {
    vi.mocked(useRecentOrders).mockReturnValue(
      stub<typeof useRecentOrders>({ ...failed(), hasNextPage: false, isFetchingNextPage: false }),
    );
    renderWithProviders(<RecentOrdersTable />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
    expect(screen.getByText('Could not load orders')).toBeInTheDocument();
  });
});

describe('RecentOrdersTable on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    // antd's xs breakpoint is (max-width: 575px): report a 390 px wide screen.
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

  it('shows each order as a card with its lines and actions instead of a wide table', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'delivered' });
    withPages([{ orders: [newest, shipped] }]);
    renderWithProviders(<RecentOrdersTable />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Order #shipped3' }));
    expect(card.getByText('Green Machine')).toBeInTheDocument();
    expect(card.getByText('Shipped')).toBeInTheDocument();
    expect(card.getByText('$50.00')).toBeInTheDocument();
    expect(card.getByText('1 item')).toBeInTheDocument();
    expect(card.getByText(/Purple Dream Syrup x 2/)).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Mark Delivered' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'shipped3xyz', status: 'delivered' });
  });
});
