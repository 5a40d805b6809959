import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useRecentOrders, useRefundOrder, useUpdateOrderStatus } from '@/entities/orders';
import { failed, loaded, makeOrder, stub } from '../testing/stubs';
import { RecentOrdersTable } from './recent-orders-table';

vi.mock('@/entities/orders', { spy: true });

const mutateAsync = vi.fn();
const refundAsync = vi.fn();
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
const shipped = makeOrder({
  id: 'shipped3xyz',
  store_name: 'Green Machine',
  status: 'shipped',
  shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784', shipped_at: new Date() },
});
const paid = makeOrder({ id: 'paid0005xyz', store_name: 'Paid Shop', status: 'processing' });
const cancelled = makeOrder({ id: 'cancel04xyz', store_name: 'Gone Shop', status: 'cancelled' });

/** An order's refund fields, consistent with each other. */
function refundedOf(cents: number) {
  return {
    refunded_amount: cents,
    refunds: [{ refund_id: 're_t', amount: cents, reason: '', at: new Date(), by: 'm1' }],
  };
}

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
  refundAsync.mockReset();
  fetchNextPage.mockReset();
  vi.mocked(useUpdateOrderStatus).mockReturnValue(
    stub<typeof useUpdateOrderStatus>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useRefundOrder).mockReturnValue(
    stub<typeof useRefundOrder>({ mutateAsync: refundAsync, isPending: false }),
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

  it('offers only the moves a manager may make: a pending order (payment processing) is Stripe’s', () => {
    withPages([{ orders: [newest, older, shipped, cancelled, paid] }]);
    renderWithProviders(<RecentOrdersTable />);
    const pending = rowOf('Cloud Nine Smoke');
    expect(pending.queryAllByRole('button', { name: /Mark|Cancel|Refund/ })).toHaveLength(0);
    expect(pending.getByText('Waiting for payment')).toBeInTheDocument();
    const processing = rowOf('Paid Shop');
    expect(processing.getByRole('button', { name: 'Mark Shipped' })).toBeInTheDocument();
    expect(processing.getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();
    expect(processing.getByRole('button', { name: 'Refund #paid0005' })).toBeInTheDocument();
    const ship = rowOf('Green Machine');
    expect(ship.getByRole('button', { name: 'Mark Delivered' })).toBeInTheDocument();
    expect(ship.queryByRole('button', { name: 'Cancel Order' })).not.toBeInTheDocument();
    expect(ship.getByRole('button', { name: 'Refund #shipped3' })).toBeInTheDocument();
    expect(
      rowOf('Blue Coast Vapes').queryAllByRole('button', { name: /Mark|Cancel/ }),
    ).toHaveLength(0);
    expect(
      rowOf('Gone Shop').queryAllByRole('button', { name: /Mark|Cancel|Refund/ }),
    ).toHaveLength(0);
  });

  it('moves an order through updateOrderStatus and toasts success', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'delivered' });
    withPages([{ orders: [shipped] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Delivered' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'shipped3xyz', status: 'delivered' });
    expect(await screen.findByText('Order #shipped3 is now Delivered')).toBeInTheDocument();
  });

  it('asks before cancelling a paid order, saying how much goes back to the buyer', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'paid0005xyz', status: 'cancelled' });
    withPages([{ orders: [makeOrder({ ...paid, ...refundedOf(1000) })] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Order' }));
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(await screen.findByText('Cancel order #paid0005?')).toBeInTheDocument();
    expect(screen.getByText('Cancel and refund $40.00 to the buyer?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'paid0005xyz', status: 'cancelled' });
    expect(await screen.findByText('Order #paid0005 is now Cancelled')).toBeInTheDocument();
  });

  it('ships with a carrier and a checked tracking number', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'paid0005xyz', status: 'shipped' });
    withPages([{ orders: [paid] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark Shipped' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(await dialog.findByText('Choose the carrier.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the tracking number.')).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Tracking number'), '1Z<b>99');
    await userEvent.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(
      await dialog.findByText('A tracking number has only letters and digits.'),
    ).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();

    await userEvent.click(dialog.getByLabelText('Carrier'));
    await userEvent.click(await screen.findByTitle('UPS'));
    await userEvent.clear(dialog.getByLabelText('Tracking number'));
    await userEvent.type(dialog.getByLabelText('Tracking number'), '1z 999-aa1 0123456784');
    expect(dialog.getByText('Saved as 1Z999AA10123456784')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        orderId: 'paid0005xyz',
        status: 'shipped',
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      }),
    );
  });

  it('refunds part of a paid order in cents, refusing more than is left or three decimals', async () => {
    refundAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'shipped', amount: 1250 });
    withPages([{ orders: [makeOrder({ ...shipped, ...refundedOf(1000) })] }]);
    renderWithProviders(<RecentOrdersTable />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund #shipped3' }));
    const dialog = within(await screen.findByRole('dialog'));
    const amount = dialog.getByLabelText('Refund amount');
    expect(amount).toHaveValue('40.00');
    await userEvent.clear(amount);
    await userEvent.type(amount, '40.01');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(
      await dialog.findByText('The refund is more than the $40.00 left to refund on this order.'),
    ).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.505');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    expect(await dialog.findByText('Enter an amount in dollars, like 12.50.')).toBeInTheDocument();
    expect(refundAsync).not.toHaveBeenCalled();

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.50');
    await userEvent.type(dialog.getByLabelText('Reason'), 'Dented lid');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({
        orderId: 'shipped3xyz',
        amount: 1250,
        reason: 'Dented lid',
      }),
    );
    expect(await screen.findByText('Refunded $12.50 on order #shipped3')).toBeInTheDocument();
  });

  it('shows the ship-to, the tracking link, refunds and the print pages in the expanded row', async () => {
    const refunded = makeOrder({
      ...shipped,
      refunded_amount: 700,
      refunds: [{ refund_id: 're_1', amount: 700, reason: 'Dented lid', at: new Date(), by: 'm1' }],
    });
    withPages([{ orders: [refunded] }]);
    renderWithProviders(<RecentOrdersTable />);
    expect(rowOf('Green Machine').getByText('Refunded $7.00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const details = within(
      await screen.findByRole('group', { name: 'Fulfilment of order #shipped3' }),
    );
    expect(details.getByText('500 Market St')).toBeInTheDocument();
    expect(details.getByText('San Francisco, CA 94105')).toBeInTheDocument();
    expect(
      details.getByRole('link', { name: /Track package 1Z999AA10123456784 with UPS/ }),
    ).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(details.getByText(/\$7\.00 on .*\(Dented lid\)/)).toBeInTheDocument();
    expect(details.getByRole('link', { name: /Invoice INV-000042/ })).toHaveAttribute(
      'href',
      '/admin/orders/shipped3xyz/invoice',
    );
    expect(details.getByRole('link', { name: /Packing slip/ })).toHaveAttribute(
      'href',
      '/admin/orders/shipped3xyz/packing-slip',
    );
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
