import { parseOrderRow, type OrderRow, type SearchOrdersResponse } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import {
  BOOK_ECHO_WAIT_MS,
  BOOK_MAX_WAIT_MS,
  BOOK_SETTLE_MS,
  orderBookOf,
  type StoredChange,
} from './book';
import { parseOrder } from './documents';
import { orderKeys } from './keys';

/** An order as stored (instants as Dates, as the SDKs' Timestamps read). */
function stored(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const created = new Date('2026-11-30T18:00:00.000Z');
  return {
    user_id: 'buyer-1',
    company_id: 'company-1',
    store_name: 'Probe Shop',
    buyer_email: 'owner@probe.test',
    buyer_role: 'retailer',
    items: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        description: '',
        image_url: '',
        unit_amount: 2000,
        quantity: 3,
        line_total: 6000,
      },
    ],
    amount: 6000,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'processing',
    stripe_session_id: 'cs_test_1',
    created_at: created,
    updated_at: created,
    paid_at: created,
    status_history: [{ status: 'processing', at: created, by: 'system' }],
    invoice_number: 'INV-000007',
    refunds: [],
    refunded_amount: 0,
    shipments: [],
    backorder_open: false,
    ...overrides,
  };
}

const refund = (amount: number) => ({
  refund_id: 're_1',
  amount,
  at: new Date('2026-12-01T10:00:00.000Z'),
  by: 'manager-1',
  request_id: 'req-1',
  goodwill: amount,
});

const shipment = {
  id: 'shp_1',
  number: 1,
  lines: [{ product_id: 'blue-coast', quantity: 3 }],
  carrier: 'ups',
  tracking_number: '1Z999AA10123456784',
  shipped_at: new Date('2026-12-01T10:00:00.000Z'),
  by: 'manager-1',
};

function rowOf(id: string, data: Record<string, unknown>): OrderRow {
  const parsed = parseOrderRow(id, data);
  if (!parsed.success) throw new Error(parsed.problem);
  return parsed.row;
}

function orderOf(id: string, data: Record<string, unknown>) {
  const parsed = parseOrder(id, data);
  if (!parsed.success) throw new Error('not an order');
  return parsed.data;
}

const answer = (rows: OrderRow[]): SearchOrdersResponse => ({
  rows,
  total: rows.length,
  page: 1,
  pageSize: 25,
  truncated: false,
});

const BEFORE = stored();
const REFUNDED = stored({ refunds: [refund(100)], refunded_amount: 100 });
const SHIPPED = stored({ status: 'shipped', shipments: [shipment] });

let client: QueryClient;
let invalidated: () => unknown[];

/** The book on screen: its first page (and a filtered one), the queue and the totals. */
function openBook() {
  client = createTestQueryClient();
  client.setQueryData(orderKeys.search({}), answer([rowOf('o1', BEFORE), rowOf('o2', stored())]));
  client.setQueryData(orderKeys.search({ status: 'processing' }), answer([rowOf('o1', BEFORE)]));
  client.setQueryData(orderKeys.backorders(), []);
  client.setQueryData(orderKeys.totals(), { totalOrders: 2, totalUsers: 1, revenue: 12_000 });
  const spy = vi.spyOn(client, 'invalidateQueries');
  invalidated = () => spy.mock.calls.map(([filters]) => filters?.queryKey);
  return orderBookOf(client);
}

const change = (after: Record<string, unknown>, before = BEFORE): StoredChange[] => [
  { id: 'o1', before, after },
];
const rowOnFirstPage = (id: string) =>
  client.getQueryData<SearchOrdersResponse>(orderKeys.search({}))?.rows.find((r) => r.id === id);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the order book, as its listener sees changes', () => {
  it('puts a refund in its row, and reads only the totals, once the burst settles', async () => {
    const book = openBook();
    book.listening();
    book.saw(change(REFUNDED), [orderOf('o1', REFUNDED)]);
    expect(rowOnFirstPage('o1')).toEqual(rowOf('o1', REFUNDED));
    expect(rowOnFirstPage('o1')?.refundedAmount).toBe(100);
    expect(invalidated()).toEqual([]);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(invalidated()).toEqual([orderKeys.totals()]);
  });

  it('reads nothing again for a shipment outside a status filter: its row is put in place', async () => {
    const book = openBook();
    client.removeQueries({ queryKey: orderKeys.search({ status: 'processing' }) });
    book.listening();
    book.saw(change(SHIPPED), [orderOf('o1', SHIPPED)]);
    expect(rowOnFirstPage('o1')?.status).toBe('shipped');
    await vi.advanceTimersByTimeAsync(BOOK_MAX_WAIT_MS);
    expect(invalidated()).toEqual([]);
  });

  it('searches again only where the change moves the order (a status filter)', async () => {
    const book = openBook();
    book.listening();
    book.saw(change(SHIPPED), [orderOf('o1', SHIPPED)]);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(invalidated()).toEqual([orderKeys.search({ status: 'processing' })]);
    expect(client.getQueryState(orderKeys.search({}))?.isInvalidated).toBe(false);
  });

  it('reads the queue again when the order leaves it, the whole book for an order not seen before', async () => {
    const book = openBook();
    book.listening();
    const waiting = stored({ backorder_open: true });
    book.saw(change(BEFORE, waiting), [orderOf('o1', BEFORE)]);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(invalidated()).toEqual([orderKeys.backorders()]);
    book.saw([{ id: 'o3', before: undefined, after: stored() }], [orderOf('o3', stored())]);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(invalidated().slice(1)).toEqual([orderKeys.recent(), orderKeys.totals()]);
  });

  it('searches again a page being read when the change came: its answer may predate it', async () => {
    const book = openBook();
    client.removeQueries({ queryKey: orderKeys.search({ status: 'processing' }) });
    let answered: (value: SearchOrdersResponse) => void = () => undefined;
    void client.fetchQuery({
      queryKey: orderKeys.search({ page: 2 }),
      queryFn: () => new Promise<SearchOrdersResponse>((resolve) => (answered = resolve)),
    });
    book.listening();
    book.saw(change(SHIPPED), [orderOf('o1', SHIPPED)]);
    answered(answer([]));
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(invalidated()).toEqual([orderKeys.search({ page: 2 })]);
  });

  it('reads once for a burst, and no later than BOOK_MAX_WAIT_MS after its first change', async () => {
    const book = openBook();
    book.listening();
    let version = BEFORE;
    const refundOf = (cents: number) => {
      const next = stored({ refunds: [refund(cents)], refunded_amount: cents });
      book.saw(change(next, version), [orderOf('o1', next)]);
      version = next;
    };
    refundOf(1);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS - 1);
    refundOf(2);
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS - 1);
    expect(invalidated()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidated()).toEqual([orderKeys.totals()]);
    // Changes that never pause for BOOK_SETTLE_MS are read BOOK_MAX_WAIT_MS after the first.
    const start = Date.now();
    while (invalidated().length === 1) {
      refundOf(Date.now() - start + 3);
      await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS / 3);
    }
    expect(Date.now() - start).toBeLessThanOrEqual(BOOK_MAX_WAIT_MS + BOOK_SETTLE_MS / 3);
    expect(invalidated()).toEqual([orderKeys.totals(), orderKeys.totals()]);
  });
});

describe("the order book after a manager's own change", () => {
  const refunded = (order: { refunds: { refund_id: string }[] }) =>
    order.refunds.some((entry) => entry.refund_id === 're_1');

  it('with no listener live, reads the whole book at once', async () => {
    const book = openBook();
    await book.afterChange('o1', refunded);
    expect(invalidated()).toEqual([orderKeys.recent(), orderKeys.totals()]);
  });

  it('waits for the listener to show the change, then reads what it left at once', async () => {
    const book = openBook();
    book.listening();
    book.saw([], [orderOf('o1', BEFORE)]);
    let done = false;
    void book.afterChange('o1', refunded).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(BOOK_SETTLE_MS);
    expect(done).toBe(false);
    book.saw(change(REFUNDED), [orderOf('o1', REFUNDED)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(invalidated()).toEqual([orderKeys.totals()]);
    // The listener's reads were those: nothing is read again after the burst settles.
    await vi.advanceTimersByTimeAsync(BOOK_MAX_WAIT_MS);
    expect(invalidated()).toEqual([orderKeys.totals()]);
  });

  it('a change the listener showed first is read at once, once', async () => {
    const book = openBook();
    book.listening();
    book.saw(change(REFUNDED), [orderOf('o1', REFUNDED)]);
    await book.afterChange('o1', refunded);
    expect(invalidated()).toEqual([orderKeys.totals()]);
    await vi.advanceTimersByTimeAsync(BOOK_MAX_WAIT_MS);
    expect(invalidated()).toEqual([orderKeys.totals()]);
  });

  it('reads the whole book when the listener does not show the change in time, or stops', async () => {
    const book = openBook();
    const stop = book.listening();
    book.saw([], [orderOf('o1', BEFORE)]);
    const late = book.afterChange('o1', refunded);
    await vi.advanceTimersByTimeAsync(BOOK_ECHO_WAIT_MS);
    await late;
    expect(invalidated()).toEqual([orderKeys.recent(), orderKeys.totals()]);
    const stopped = book.afterChange('o1', refunded);
    stop();
    await stopped;
    expect(invalidated().slice(2)).toEqual([orderKeys.recent(), orderKeys.totals()]);
  });
});
