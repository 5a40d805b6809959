import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { SearchOrdersRequest, SearchOrdersResponse } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import {
  useAbandonedCheckouts,
  useBackorderedOrders,
  useOrder,
  useOrderNotes,
  useRefundOrder,
  useShipOrder,
  useUpdateOrderStatus,
} from '@/entities/orders';
import OrdersTab from './orders-tab';
import { makeOrderRow, page } from '../testing/search-stubs';
import { loaded, makeOrder, stub } from '../testing/stubs';
import { downloadTextFile } from '@/components/table/download-file';
import { RecentOrdersTable } from './recent-orders-table';

const callables = vi.hoisted(() => ({
  callSearchOrders: vi.fn(),
  callSearchCompanies: vi.fn(),
  callGetCompanyDetails: vi.fn(),
  callResendVerificationEmail: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/orders', { spy: true });
vi.mock('@/components/table/download-file', () => ({ downloadTextFile: vi.fn() }));

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const search = callables.callSearchOrders;
const mutateAsync = vi.fn();
const refundAsync = vi.fn();
const shipAsync = vi.fn();

const newest = makeOrderRow({
  id: 'newest01xyz',
  userId: 'uid-cloud',
  // Placed by a member of the company: the store links to the company, not to the member.
  companyId: 'company-cloud',
  storeName: 'Cloud Nine Smoke',
  email: 'pat@cloudnine.test',
  amount: 12345,
  paymentType: 'one_time',
  status: 'pending',
  invoiceNumber: null,
  createdAt: '2025-03-05T10:00:00.000Z',
});
const older = makeOrderRow({
  id: 'older002xyz',
  storeName: 'Blue Coast Vapes',
  role: 'wholesaler',
  amount: 990,
  paymentType: 'subscription',
  status: 'delivered',
  createdAt: '2025-03-01T10:00:00.000Z',
});
const shipped = makeOrderRow({ id: 'shipped3xyz', storeName: 'Green Machine', status: 'shipped' });
const paid = makeOrderRow({ id: 'paid0005xyz', storeName: 'Paid Shop', status: 'processing' });
const cancelled = makeOrderRow({ id: 'cancel04xyz', storeName: 'Gone Shop', status: 'cancelled' });

/** A refund of an amount: no lines, no tax, shipping or goodwill parts. */
const NO_LINES = { lines: [], tax: 0, shipping: 0, goodwill: 0 };

const DEFAULTS: SearchOrdersRequest = {
  q: '',
  status: null,
  role: null,
  range: null,
  sort: 'created_at',
  direction: 'desc',
  page: 1,
  pageSize: 20,
};

/** The table's page answers with these rows; the export (all: true) with `exported`. */
function answer(
  result: SearchOrdersResponse,
  exported: SearchOrdersResponse = { ...result, truncated: false },
) {
  search.mockImplementation(async (request: SearchOrdersRequest) =>
    request.all ? exported : result,
  );
}

/**
 * The table's searches wait until the test answers: the function returned answers the latest one
 * (each search asks again, with a promise of its own).
 */
function answerLater(): (result: SearchOrdersResponse) => void {
  let answerNow: (result: SearchOrdersResponse) => void = () => undefined;
  search.mockImplementation(
    () =>
      new Promise<SearchOrdersResponse>((resolve) => {
        answerNow = resolve;
      }),
  );
  return (result) => answerNow(result);
}

const lastRequest = () => search.mock.calls.at(-1)?.[0] as SearchOrdersRequest;
const pageRequests = () =>
  search.mock.calls.map(([request]) => request as SearchOrdersRequest).filter((r) => !r.all);

function renderTable(route = '/admin') {
  return renderWithProviders(<RecentOrdersTable />, { route, path: '/admin' });
}

function rowOf(store: string) {
  const row = screen.getByText(store).closest('tr');
  if (!row) throw new Error(`no row for ${store}`);
  return within(row);
}

/** Clicks a sortable column's header (its button). */
async function sortBy(name: string | RegExp) {
  await user.click(within(screen.getByRole('columnheader', { name })).getByRole('button'));
}

beforeEach(() => {
  search.mockReset();
  mutateAsync.mockReset();
  refundAsync.mockReset();
  vi.mocked(downloadTextFile).mockReset();
  answer(page([newest, older]));
  vi.mocked(useUpdateOrderStatus).mockReturnValue(
    stub<typeof useUpdateOrderStatus>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useRefundOrder).mockReturnValue(
    stub<typeof useRefundOrder>({ mutateAsync: refundAsync, isPending: false }),
  );
  shipAsync.mockReset();
  vi.mocked(useShipOrder).mockReturnValue(
    stub<typeof useShipOrder>({ mutateAsync: shipAsync, isPending: false }),
  );
  vi.mocked(useBackorderedOrders).mockReturnValue(stub<typeof useBackorderedOrders>(loaded([])));
});

describe('RecentOrdersTable: the URL is the query', () => {
  it('asks searchOrders for the first page, newest first, without parameters', async () => {
    renderTable();
    expect(await screen.findByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(search).toHaveBeenCalledTimes(1);
    expect(lastRequest()).toEqual(DEFAULTS);
  });

  it('maps q, status, role, range, sort, dir, page and size to the request', async () => {
    answer(page([newest], { total: 120, page: 2, pageSize: 50 }));
    renderTable(
      '/admin?q=cloud%20nine&status=shipped&role=wholesaler&from=2026-11-01&to=2026-11-26&sort=amount&dir=asc&page=2&size=50',
    );
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual({
      q: 'cloud nine',
      status: 'shipped',
      role: 'wholesaler',
      range: { from: '2026-11-01', to: '2026-11-26' },
      sort: 'amount',
      direction: 'asc',
      page: 2,
      pageSize: 50,
    });
    expect(screen.getByRole('searchbox', { name: /Search store/ })).toHaveValue('cloud nine');
    expect(screen.getByPlaceholderText('From')).toHaveValue('2026-11-01');
    expect(screen.getByPlaceholderText('To')).toHaveValue('2026-11-26');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.queryByText('Some filters in this link were ignored.')).not.toBeInTheDocument();
  });

  it('searches 300 ms after the last key, once, and resets the page', async () => {
    const { router } = renderTable('/admin?page=3');
    await screen.findByText('Cloud Nine Smoke');
    await user.type(
      screen.getByPlaceholderText('Search store, email, order or invoice number'),
      'cloud',
    );
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cloud'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, q: 'cloud' }));
    expect(pageRequests().map((r) => r.q)).toEqual(['', 'cloud']);
  });

  it('searches at once on Enter', async () => {
    const { router } = renderTable();
    await screen.findByText('Cloud Nine Smoke');
    await user.type(
      screen.getByPlaceholderText('Search store, email, order or invoice number'),
      'INV-000123{Enter}',
    );
    expect(router.state.location.search).toBe('?q=INV-000123');
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, q: 'INV-000123' }));
  });

  it('filters by status and role through the selects', async () => {
    const { router } = renderTable('/admin?page=2');
    await screen.findByText('Cloud Nine Smoke');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(router.state.location.search).toBe('?status=shipped'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Wholesaler');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=shipped&role=wholesaler'),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, status: 'shipped', role: 'wholesaler' }),
    );
  });

  it('sorts on the server when a sortable column header is clicked', async () => {
    const { router } = renderTable('/admin?page=2');
    await screen.findByText('Cloud Nine Smoke');
    await sortBy(/Amount/);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount'));
    await waitFor(() => expect(lastRequest()).toEqual({ ...DEFAULTS, sort: 'amount' }));
    await sortBy(/Amount/);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount&dir=asc'));
    await sortBy(/Store/);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=store&dir=asc'));
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, sort: 'store_name', direction: 'asc' }),
    );
    await sortBy(/Date/);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('pages on the server with the total from the answer', async () => {
    answer(page([newest, older], { total: 45 }));
    const { router } = renderTable('/admin?status=delivered');
    await screen.findByText('Cloud Nine Smoke');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=delivered&page=3'));
    await waitFor(() =>
      expect(lastRequest()).toEqual({ ...DEFAULTS, status: 'delivered', page: 3 }),
    );
  });

  it('keeps the tab parameter', async () => {
    const { router } = renderTable('/admin?tab=orders');
    await screen.findByText('Cloud Nine Smoke');
    await sortBy(/Amount/);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders&sort=amount'));
  });

  it('falls back to the defaults for garbage in the URL and says what it ignored', async () => {
    renderTable('/admin?status=lost&role=boss&page=abc&size=7&from=2026-11-26&to=2026-11-01');
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
    expect(screen.getByText('Some filters in this link were ignored.')).toBeInTheDocument();
    for (const problem of [
      'Unknown status "lost".',
      'Unknown role "boss".',
      'Dates: The end date is before the start date.',
      'Page "abc" is not a page number.',
      'Page size "7" is not one of 10, 20, 50, 100.',
    ]) {
      expect(screen.getByText(problem)).toBeInTheDocument();
    }
  });

  it('filters by a date range once both days are typed, the earlier first, and drops it when a day is emptied', async () => {
    const { router } = renderTable('/admin?page=2');
    await screen.findByText('Cloud Nine Smoke');
    const from = screen.getByLabelText('Order dates: from');
    const to = screen.getByLabelText('Order dates: to');
    expect(from).toHaveAttribute('type', 'date');
    // One end alone is no range: it stays in its field and asks for nothing.
    await user.type(from, '2026-11-20');
    expect(router.state.location.search).toBe('?page=2');
    expect(from).toHaveValue('2026-11-20');
    // To before From: the range runs from the earlier day.
    await user.type(to, '2026-11-02');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2026-11-02&to=2026-11-20'),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({
        ...DEFAULTS,
        range: { from: '2026-11-02', to: '2026-11-20' },
      }),
    );
    expect(from).toHaveValue('2026-11-02');
    expect(to).toHaveValue('2026-11-20');
    await user.clear(to);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastRequest()).toEqual(DEFAULTS));
    expect(from).toHaveValue('2026-11-02');
    // A range from elsewhere (a link, Back) replaces what the fields hold.
    await act(() => router.navigate('/admin?from=2026-10-01&to=2026-10-31'));
    expect(from).toHaveValue('2026-10-01');
    expect(to).toHaveValue('2026-10-31');
  });

  it('ignores a range over 5 years', async () => {
    renderTable('/admin?from=2020-01-01&to=2026-01-01');
    await screen.findByText('Cloud Nine Smoke');
    expect(lastRequest()).toEqual(DEFAULTS);
    expect(screen.getByText('Dates: A range can be at most 5 years.')).toBeInTheDocument();
  });

  it('shows an empty filter with Clear filters, which goes back to every order', async () => {
    answer(page([]));
    const { router } = renderTable('/admin?tab=orders&q=zzz&status=cancelled&sort=amount&page=2');
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    answer(page([newest]));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=orders'));
    expect(await screen.findByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(lastRequest()).toEqual(DEFAULTS);
  });

  it("says 'No orders yet' when there are none at all", async () => {
    answer(page([]));
    renderTable();
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('never shows the empty state behind the spinner while a page is being read', async () => {
    const answerNow = answerLater();
    const { queryClient } = renderTable();
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(document.querySelector('.data-table__spinner')).not.toBeNull();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    answerNow(page([]));
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
    // Read again (an order was moved elsewhere, say): the empty page is no answer meanwhile.
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    await waitFor(() => expect(search).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(document.querySelector('.data-table__spinner')).not.toBeNull());
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
    answerNow(page([newest]));
    expect(await screen.findByText('Cloud Nine Smoke')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
  });

  it('shows what follows the table (the abandoned checkouts) only once the first page has come', async () => {
    const answerNow = answerLater();
    renderWithProviders(<RecentOrdersTable after={<p>Below the table</p>} />, {
      route: '/admin',
      path: '/admin',
    });
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Below the table')).not.toBeInTheDocument();
    answerNow(page([newest]));
    expect(await screen.findByText('Below the table')).toBeInTheDocument();
  });

  it('the Orders tab reads the backorders and the abandoned checkouts beside the order book, and shows them after it', async () => {
    const answerNow = answerLater();
    vi.mocked(useAbandonedCheckouts).mockClear();
    vi.mocked(useBackorderedOrders).mockClear();
    renderWithProviders(<OrdersTab />, { route: '/admin', path: '/admin' });
    await waitFor(() => expect(search).toHaveBeenCalledTimes(1));
    expect(useAbandonedCheckouts).toHaveBeenCalled();
    expect(useBackorderedOrders).toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Abandoned checkouts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Backorders' })).not.toBeInTheDocument();
    answerNow(page([newest]));
    expect(await screen.findByRole('heading', { name: 'Abandoned checkouts' })).toBeInTheDocument();
    // The queue is a chunk of its own, shown once it has come.
    expect(await screen.findByRole('heading', { name: 'Backorders' })).toBeInTheDocument();
    expect(screen.getByText('No backorders waiting.')).toBeInTheDocument();
  });

  it('shows what follows the table when the first page fails too', async () => {
    search.mockRejectedValue(new Error('internal'));
    renderWithProviders(<RecentOrdersTable after={<p>Below the table</p>} />, {
      route: '/admin',
      path: '/admin',
    });
    expect(await screen.findByText('Could not load orders')).toBeInTheDocument();
    expect(screen.getByText('Below the table')).toBeInTheDocument();
  });

  it("shows the failure in place with Retry, and toasts 'Failed to fetch data'", async () => {
    search.mockRejectedValue(new Error('internal'));
    renderTable();
    expect(await screen.findByText('Could not load orders')).toBeInTheDocument();
    await expectToast('Error', 'Failed to fetch data');
    answer(page([newest]));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cloud Nine Smoke')).toBeInTheDocument();
  });
});

describe('RecentOrdersTable rows', () => {
  it('shows order, date, store (linked, with email and role), amount, type, status and invoice', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    for (const header of ['Order', 'Type', 'Status', 'Invoice', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    for (const header of [/Date/, /Store/, /Amount/]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    const first = rowOf('Cloud Nine Smoke');
    expect(first.getByText('#newest01')).toBeInTheDocument();
    expect(first.getByText('$123.45')).toBeInTheDocument();
    expect(first.getByText('One-time')).toBeInTheDocument();
    expect(first.getByText('Mar 5, 2025', { exact: false })).toBeInTheDocument();
    expect(first.getByText('pat@cloudnine.test · Retailer')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/companies/company-cloud',
    );
    const second = rowOf('Blue Coast Vapes');
    expect(second.getByText('Subscription')).toBeInTheDocument();
    expect(second.getByText('$9.90')).toBeInTheDocument();
    expect(second.getByRole('link', { name: /Invoice INV-000042/ })).toHaveAttribute(
      'href',
      '/admin/orders/older002xyz/invoice',
    );
  });

  it('badges delivered/processing/shipped as normal and pending/cancelled as warnings, with refunds', async () => {
    answer(page([newest, older, shipped, cancelled, makeOrderRow({ refundedAmount: 700 })]));
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    const tone = (label: string) =>
      screen.getByText(label, { selector: '.tag' }).getAttribute('data-status-tone');
    expect(tone('Delivered')).toBe('normal');
    expect(tone('Processing')).toBe('normal');
    expect(tone('Shipped')).toBe('normal');
    expect(tone('Pending')).toBe('warning');
    expect(tone('Cancelled')).toBe('warning');
    expect(rowOf('Smoke City').getByText('Refunded $7.00')).toBeInTheDocument();
  });

  it('offers only the moves a manager may make: a pending order (payment processing) is Stripe’s', async () => {
    answer(page([newest, older, shipped, cancelled, paid]));
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
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
    answer(page([shipped]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'shipped3xyz', status: 'delivered' });
    expect(await screen.findByText('Order #shipped3 is now Delivered')).toBeInTheDocument();
  });

  it('toasts the failure when the move is refused', async () => {
    mutateAsync.mockRejectedValue(new Error('Order cannot move from shipped to delivered'));
    answer(page([shipped]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Mark Delivered' }));
    expect(
      await screen.findByText(
        'Failed to update order: Order cannot move from shipped to delivered',
      ),
    ).toBeInTheDocument();
  });

  it('asks before cancelling a paid order, saying how much goes back to the buyer', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'paid0005xyz', status: 'cancelled' });
    answer(page([{ ...paid, refundedAmount: 1000 }]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Cancel Order' }));
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(await screen.findByText('Cancel order #paid0005?')).toBeInTheDocument();
    expect(screen.getByText('Cancel and refund $40.00 to the buyer?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'paid0005xyz', status: 'cancelled' });
    expect(await screen.findByText('Order #paid0005 is now Cancelled')).toBeInTheDocument();
  });

  it('ships with a carrier and a checked tracking number', async () => {
    vi.mocked(useOrder).mockReturnValue(
      stub<typeof useOrder>(loaded(makeOrder({ id: 'paid0005xyz' }))),
    );
    shipAsync.mockResolvedValue({
      orderId: 'paid0005xyz',
      status: 'shipped',
      shipmentId: 's1',
      number: 1,
    });
    answer(page([paid]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Mark Shipped' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    expect(await dialog.findByText('Choose the carrier.')).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Carrier'));
    await user.click(await screen.findByTitle('UPS'));
    await user.type(dialog.getByLabelText('Tracking number'), '1z 999-aa1 0123456784');
    expect(dialog.getByText('Saved as 1Z999AA10123456784')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(shipAsync).toHaveBeenCalledWith({
        orderId: 'paid0005xyz',
        requestId: expect.any(String),
        lines: [{ productId: 'syrup-purple', quantity: 2 }],
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' },
      }),
    );
    await expectToast('Success', 'Order #paid0005 is now Shipped');
  });

  it('refunds part of a paid order, what is left read from the order', async () => {
    vi.mocked(useOrder).mockReturnValue(
      stub<typeof useOrder>(
        loaded(
          makeOrder({
            id: 'shipped3xyz',
            status: 'shipped',
            refunded_amount: 1000,
            refunds: [
              {
                refund_id: 're_1',
                amount: 1000,
                customer_note: '',
                at: new Date(),
                by: 'm1',
                ...NO_LINES,
              },
            ],
          }),
        ),
      ),
    );
    refundAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'shipped', amount: 1250 });
    answer(page([{ ...shipped, refundedAmount: 1000 }]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Refund #shipped3' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Paid \$50\.00, refunded \$10\.00 so far/)).toBeInTheDocument();
    const goodwill = dialog.getByLabelText('Goodwill amount');
    await user.type(goodwill, '40.01');
    expect(
      await dialog.findByText('The refund is more than the $40.00 left to refund on this order.'),
    ).toBeInTheDocument();
    await user.clear(goodwill);
    await user.type(goodwill, '12.50');
    await user.type(
      dialog.getByLabelText('Internal note (optional)'),
      'Dented lid, carrier claim 44',
    );
    await user.type(
      dialog.getByLabelText('Note to the customer (optional)'),
      'Sorry about the dented lid.',
    );
    await user.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({
        orderId: 'shipped3xyz',
        lines: [],
        shipping: 0,
        goodwill: 1250,
        internalNote: 'Dented lid, carrier claim 44',
        customerNote: 'Sorry about the dented lid.',
        requestId: expect.any(String),
      }),
    );
    expect(await screen.findByText('Refunded $12.50 on order #shipped3')).toBeInTheDocument();
  });

  it('reads the whole order when a row is expanded: ship-to, tracking, refunds and their internal notes, print pages, lines', async () => {
    const full = makeOrder({
      id: 'shipped3xyz',
      status: 'shipped',
      shipment: { carrier: 'ups', tracking_number: '1Z999AA10123456784', shipped_at: new Date() },
      refunded_amount: 1000,
      refunds: [
        {
          refund_id: 're_1',
          amount: 700,
          customer_note: 'Dented lid',
          at: new Date(),
          by: 'm1',
          ...NO_LINES,
        },
        // Recorded before the notes were split: its one reason was for the books.
        {
          refund_id: 're_0',
          amount: 300,
          customer_note: '',
          reason: 'Goodwill',
          at: new Date(),
          by: 'm1',
          ...NO_LINES,
        },
      ],
    });
    vi.mocked(useOrder).mockReturnValue(stub<typeof useOrder>(loaded(full)));
    vi.mocked(useOrderNotes).mockReturnValue(
      stub<typeof useOrderNotes>(
        loaded({
          refunds: { re_1: { internal_note: 'Carrier claim 44', by: 'm1', at: new Date() } },
        }),
      ),
    );
    answer(page([shipped]));
    renderTable();
    await screen.findByText('Green Machine');
    expect(useOrder).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Details of order #shipped3' }));
    expect(useOrder).toHaveBeenCalledWith('shipped3xyz');
    const details = within(
      await screen.findByRole('group', { name: 'Fulfilment of order #shipped3' }),
    );
    expect(details.getByText('500 Market St')).toBeInTheDocument();
    expect(
      details.getByRole('link', { name: /Track package 1Z999AA10123456784 with UPS/ }),
    ).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(details.getByText(/\$7\.00 on .*\(Dented lid\)/)).toBeInTheDocument();
    expect(useOrderNotes).toHaveBeenCalledWith('shipped3xyz', true);
    expect(details.getByText('Internal note: Carrier claim 44')).toBeInTheDocument();
    expect(details.getByText('Internal note: Goodwill')).toBeInTheDocument();
    expect(details.getByRole('link', { name: /Invoice INV-000042/ })).toHaveAttribute(
      'href',
      '/admin/orders/shipped3xyz/invoice',
    );
    expect(
      details.getByRole('link', { name: 'Packing slip of order #shipped3 (opens in a new tab)' }),
    ).toHaveAttribute('href', '/admin/orders/shipped3xyz/packing-slip');
    // Shipped whole before shipments: one shipment of every unit, with its own packing slip.
    const shipments = within(details.getByRole('list', { name: 'Shipments of order #shipped3' }));
    expect(shipments.getByText(/^Shipment 1 · /)).toBeInTheDocument();
    expect(shipments.getByText('2 × Purple Dream Syrup')).toBeInTheDocument();
    expect(
      shipments.getByRole('link', {
        name: 'Packing slip of shipment 1 of order #shipped3 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', '/admin/orders/shipped3xyz/packing-slip?shipment=shipment-1');
    const lines = screen.getByRole('table', { name: 'Items of order #shipped3' });
    expect(within(lines).getByText('Purple Dream Syrup')).toBeInTheDocument();
    expect(within(lines).getByText('$25.00')).toBeInTheDocument();
  });

  it('warns on an order whose payment is disputed, and shows how a closed dispute ended', async () => {
    const dispute = {
      dispute_id: 'dp_1',
      status: 'needs_response',
      reason: 'product_not_received',
      amount: 5000,
      opened_at: new Date('2025-03-06T12:00:00Z'),
      closed_at: null,
    };
    vi.mocked(useOrder).mockReturnValue(
      stub<typeof useOrder>(loaded(makeOrder({ id: 'shipped3xyz', dispute }))),
    );
    answer(page([shipped]));
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Details of order #shipped3' }));
    const details = within(
      await screen.findByRole('group', { name: 'Fulfilment of order #shipped3' }),
    );
    const warning = details.getByRole('alert');
    expect(warning).toHaveTextContent('Payment disputed: needs response');
    expect(warning).toHaveTextContent(
      '$50.00 disputed on Mar 6, 2025 (product not received). Do not ship until the dispute is resolved in Stripe.',
    );

    vi.mocked(useOrder).mockReturnValue(
      stub<typeof useOrder>(
        loaded(
          makeOrder({
            id: 'shipped3xyz',
            dispute: { ...dispute, status: 'won', closed_at: new Date('2025-04-01T12:00:00Z') },
          }),
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Details of order #shipped3' }));
    await user.click(screen.getByRole('button', { name: 'Details of order #shipped3' }));
    const closed = within(
      await screen.findByRole('group', { name: 'Fulfilment of order #shipped3' }),
    );
    expect(closed.queryByRole('alert')).not.toBeInTheDocument();
    expect(closed.getByRole('status')).toHaveTextContent(
      'Payment dispute closed: won$50.00 disputed on Mar 6, 2025 (product not received); closed on Apr 1, 2025.',
    );
  });
});

describe('RecentOrdersTable: Export CSV', () => {
  const hostile = makeOrderRow({
    id: 'ord_2',
    storeName: '=cmd|" /C calc"!A0',
    status: 'shipped',
    invoiceNumber: null,
  });

  it('asks for every order of the same filter and downloads them, named after the filter', async () => {
    answer(page([shipped], { total: 2 }), page([shipped, hostile]));
    renderTable(
      '/admin?q=smoke&status=shipped&from=2026-11-01&to=2026-11-26&sort=amount&dir=asc&page=2',
    );
    await screen.findByText('Green Machine');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(search).toHaveBeenLastCalledWith({
      q: 'smoke',
      status: 'shipped',
      role: null,
      range: { from: '2026-11-01', to: '2026-11-26' },
      sort: 'amount',
      direction: 'asc',
      all: true,
    });
    await waitFor(() => expect(downloadTextFile).toHaveBeenCalledTimes(1));
    const [fileName, csv] = vi.mocked(downloadTextFile).mock.calls[0] ?? [];
    expect(fileName).toBe('orders-2026-11-01-to-2026-11-26-shipped-search-smoke.csv');
    expect(csv?.slice(1).split('\r\n')).toEqual([
      '"Order ID","Date","Store","Status","Payment Type","Amount (USD)","Refunded (USD)","Invoice","Email","Role","Ship To","Items","Paid At"',
      '"shipped3xyz","2025-03-04T18:30:00.000Z","Green Machine","shipped","one_time","50.00","0.00","INV-000042","owner@smokecity.test","retailer","","Purple Dream Syrup x 1","2025-03-04T18:31:00.000Z"',
      `"ord_2","2025-03-04T18:30:00.000Z","'=cmd|"" /C calc""!A0","shipped","one_time","50.00","0.00","","owner@smokecity.test","retailer","","Purple Dream Syrup x 1","2025-03-04T18:31:00.000Z"`,
      '',
    ]);
    await expectToast('Export Ready', 'Exported 2 orders.');
    expect(
      screen.queryByText('Only the first 5,000 orders were exported; narrow the filter.'),
    ).not.toBeInTheDocument();
  });

  it('warns when the export was cut at the limit', async () => {
    answer(page([shipped]), page([shipped], { truncated: true }));
    renderTable('/admin?status=shipped');
    await screen.findByText('Green Machine');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(
      await screen.findByText('Only the first 5,000 orders were exported; narrow the filter.'),
    ).toBeInTheDocument();
    expect(vi.mocked(downloadTextFile).mock.calls[0]?.[0]).toBe('orders-all-shipped.csv');
  });

  it('says so and downloads nothing when the filter has no orders', async () => {
    answer(page([]));
    renderTable('/admin?status=cancelled');
    await screen.findByText('No orders match these filters.');
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await expectToast('No Orders', 'No orders match these filters.');
    expect(downloadTextFile).not.toHaveBeenCalled();
  });

  it('toasts when the export fails', async () => {
    renderTable();
    await screen.findByText('Cloud Nine Smoke');
    search.mockRejectedValue(new Error('permission-denied'));
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await expectToast('Error', 'Failed to export orders');
    expect(downloadTextFile).not.toHaveBeenCalled();
  });
});

describe('RecentOrdersTable on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    // The phone layout's query is (max-width: 575.98px): report a 390 px wide screen.
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

  it('shows each order as a card with its actions, a sort and server pages', async () => {
    mutateAsync.mockResolvedValue({ orderId: 'shipped3xyz', status: 'delivered' });
    answer(page([newest, shipped], { total: 30 }));
    const { router } = renderTable();
    const card = within(await screen.findByRole('article', { name: 'Order #shipped3' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card.getByText('Green Machine')).toBeInTheDocument();
    expect(card.getByText('Shipped')).toBeInTheDocument();
    expect(card.getByText('$50.00')).toBeInTheDocument();
    expect(card.getByText('1 item')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Mark Delivered' }));
    expect(mutateAsync).toHaveBeenCalledWith({ orderId: 'shipped3xyz', status: 'delivered' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Amount, high to low');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount'));
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount&page=2'));
  });
});
