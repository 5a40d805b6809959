import { act, screen, waitFor } from '@testing-library/react';
import { parseOrderRow, type SearchOrdersResponse } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { orderKeys } from '@/entities/orders';
import { BOOK_SETTLE_MS } from '@/entities/orders/book';
import { Timestamp } from '@/testing/fake-firestore-lite';
import { fakeLive } from '@/testing/fake-live-firestore';
import { renderWithProviders } from '@/testing/render';
import { page } from '../testing/search-stubs';
import { LiveOrderNotice } from './live-order-notice';

const at = (date: Date) => Timestamp.fromDate(date);

/** An order document as the functions write it. */
function order(
  status: string,
  store_name: string,
  amount: number,
  created = new Date(),
  updated = created,
) {
  return {
    user_id: 'buyer-1',
    company_id: 'buyer-1',
    store_name,
    items: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        description: '',
        image_url: '/products/blue-coast.svg',
        unit_amount: amount,
        quantity: 1,
        line_total: amount,
      },
    ],
    amount,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: 'cs_test_1',
    created_at: at(created),
    updated_at: at(updated),
    paid_at: null,
    status_history: [{ status: 'pending', at: at(created), by: 'system' }],
  };
}

async function openBook() {
  const view = renderWithProviders(<LiveOrderNotice />);
  fakeLive.load();
  await waitFor(() => expect(fakeLive.listeners).toHaveLength(1));
  return { ...view, listener: fakeLive.listeners[0]! };
}

describe('LiveOrderNotice', () => {
  it('watches the most recently changed orders', async () => {
    const { listener } = await openBook();
    expect(listener.target).toEqual({
      path: 'orders',
      constraints: [{ orderBy: ['updated_at', 'desc'] }, { limit: 25 }],
    });
  });

  it('says a new order once, politely, and not the orders already there', async () => {
    const { listener, queryClient } = await openBook();
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    const old = order('processing', 'Old Shop', 1000, new Date(Date.now() - 86_400_000));
    act(() => fakeLive.send(listener, { old }));
    expect(region).toHaveTextContent('');
    // The book's pages and the totals are read again when an order comes (once the burst settles).
    queryClient.setQueryData(orderKeys.search({}), { rows: [] });
    const fresh = order('processing', 'Probe Shop', 6998);
    act(() => fakeLive.send(listener, { old, fresh }));
    expect(region).toHaveTextContent('New order from Probe Shop, $69.98');
    await waitFor(
      () => expect(queryClient.getQueryState(orderKeys.search({}))?.isInvalidated).toBe(true),
      { timeout: 3000 },
    );
    // A later change to it (shipped) is a change, not a second arrival.
    act(() => fakeLive.send(listener, { old, fresh: { ...fresh, status: 'shipped' } }));
    expect(region).toHaveTextContent('New order from Probe Shop, $69.98');
    act(() => fakeLive.send(listener, { old: { ...old, status: 'shipped' } }));
    expect(region).toHaveTextContent('New order from Probe Shop, $69.98');
  });

  it('says a checkout that was open when the manager looked once it is paid', async () => {
    const { listener } = await openBook();
    const region = screen.getByRole('status');
    const checkout = order('pending', 'Late Shop', 2500, new Date(Date.now() - 86_400_000));
    act(() => fakeLive.send(listener, { checkout }));
    act(() => fakeLive.send(listener, { checkout: { ...checkout, status: 'processing' } }));
    expect(region).toHaveTextContent('New order from Late Shop, $25.00');
  });

  it('catches up on an order placed while the listener was starting, and reads the book again', async () => {
    const { listener, queryClient } = await openBook();
    queryClient.setQueryData(orderKeys.search({}), { rows: [] });
    const day = 86_400_000;
    const old = order('shipped', 'Old Shop', 1000, new Date(Date.now() - 2 * day));
    const checkout = order('pending', 'Slow Shop', 4200, new Date(Date.now() - 60_000));
    const paid = {
      ...checkout,
      status: 'processing',
      paid_at: at(new Date(Date.now() + 1000)),
      updated_at: at(new Date(Date.now() + 1000)),
    };
    act(() => fakeLive.send(listener, { old, paid }));
    expect(screen.getByRole('status')).toHaveTextContent('New order from Slow Shop, $42.00');
    await waitFor(
      () => expect(queryClient.getQueryState(orderKeys.search({}))?.isInvalidated).toBe(true),
      { timeout: 3000 },
    );
  });

  it('reads nothing again when the first snapshot is what the book shows', async () => {
    const { listener, queryClient } = await openBook();
    queryClient.setQueryData(orderKeys.search({}), { rows: [] });
    const old = order('processing', 'Old Shop', 1000, new Date(Date.now() - 86_400_000));
    act(() => fakeLive.send(listener, { old }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    // Past the time a burst's reads wait for the rest of it: still nothing read again.
    await act(() => new Promise((resolve) => setTimeout(resolve, BOOK_SETTLE_MS + 100)));
    expect(queryClient.getQueryState(orderKeys.search({}))?.isInvalidated).toBe(false);
  });

  it('says the same words again for a second order of the same shop and total', async () => {
    const { listener } = await openBook();
    const region = screen.getByRole('status');
    act(() => fakeLive.send(listener, {}));
    const first = order('processing', 'Probe Shop', 6998);
    act(() => fakeLive.send(listener, { first }));
    const said = region.querySelector('p');
    expect(said).toHaveTextContent('New order from Probe Shop, $69.98');
    act(() => fakeLive.send(listener, { first, second: order('processing', 'Probe Shop', 6998) }));
    // A new node, so screen readers say it again.
    expect(region.querySelector('p')).not.toBe(said);
    expect(region).toHaveTextContent('New order from Probe Shop, $69.98');
  });

  it('ignores a snapshot from the SDK’s cache: an offline start is not the book', async () => {
    const { listener, queryClient } = await openBook();
    queryClient.setQueryData(orderKeys.search({}), { rows: [] });
    act(() => fakeLive.send(listener, {}, { fromCache: true }));
    // The server's first snapshot only then: the orders in it are the book, not arrivals.
    const old = order('processing', 'Old Shop', 1000, new Date(Date.now() - 86_400_000));
    act(() => fakeLive.send(listener, { old }));
    expect(screen.getByRole('status')).toHaveTextContent('');
    const fresh = order('processing', 'Probe Shop', 6998);
    act(() => fakeLive.send(listener, { old, fresh }));
    expect(screen.getByRole('status')).toHaveTextContent('New order from Probe Shop, $69.98');
  });

  it('listening again: a refund after the server confirms the cached orders is put in its row, with no new search', async () => {
    const { listener, queryClient } = await openBook();
    const paid = order('processing', 'Probe Shop', 6998, new Date(Date.now() - 60_000));
    const row = parseOrderRow('o1', paid);
    if (!row.success) throw new Error(row.problem);
    queryClient.setQueryData(orderKeys.search({}), page([row.row]));
    // The SDK shows the orders it kept first, then the server confirms them, changing nothing.
    act(() => fakeLive.send(listener, { o1: paid }, { fromCache: true }));
    act(() => fakeLive.send(listener, { o1: paid }));
    const refund = { refund_id: 're_1', amount: 100, at: at(new Date()), by: 'manager-1' };
    const refunded = {
      ...paid,
      refunds: [refund],
      refunded_amount: 100,
      updated_at: at(new Date()),
    };
    act(() => fakeLive.send(listener, { o1: refunded }));
    const rows = () => queryClient.getQueryData<SearchOrdersResponse>(orderKeys.search({}))?.rows;
    expect(rows()?.[0]?.refundedAmount).toBe(100);
    await act(() => new Promise((resolve) => setTimeout(resolve, BOOK_SETTLE_MS + 100)));
    expect(queryClient.getQueryState(orderKeys.search({}))?.isInvalidated).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('does not say an old order that a change brings into view', async () => {
    const { listener } = await openBook();
    act(() => fakeLive.send(listener, {}));
    const old = order('shipped', 'Old Shop', 1000, new Date(Date.now() - 30 * 86_400_000));
    act(() => fakeLive.send(listener, { old }));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
