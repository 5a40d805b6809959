import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callUpdateOrderStatus } from '@/lib/callables';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import {
  EXPORT_MAX_ORDERS,
  fetchOrdersForExport,
  fetchRecentOrdersPage,
  orderKeys,
  ORDERS_PAGE_SIZE,
  useUpdateOrderStatus,
} from '.';

vi.mock('@/lib/callables', () => ({ callUpdateOrderStatus: vi.fn() }));

/** orders/o{i}, created on January i+1, 2025 (local time). */
function seedOrder(i: number, created = new Date(2025, 0, i + 1)) {
  fakeDb.seed(`orders/o${i}`, {
    user_id: 'u',
    store_name: `Store ${i}`,
    items: [],
    amount: 100 * i,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'processing',
    created_at: Timestamp.fromDate(created),
  });
}

const seedOrders = (count: number) => Array.from({ length: count }, (_, i) => seedOrder(i));
const lastQuery = () => fakeDb.calls.filter((c) => c.op === 'getDocs').at(-1);

describe('fetchRecentOrdersPage', () => {
  it('asks for one page plus one, newest first, and hands back a cursor when more exist', async () => {
    seedOrders(ORDERS_PAGE_SIZE + 1);
    const page = await fetchRecentOrdersPage(null);
    expect(lastQuery()?.constraints).toEqual([
      { type: 'orderBy', field: 'created_at', direction: 'desc' },
      { type: 'limit', count: ORDERS_PAGE_SIZE + 1 },
    ]);
    expect(page.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(page.orders[0]).toMatchObject({ id: `o${ORDERS_PAGE_SIZE}`, store_name: 'Store 20' });
    expect(page.nextCursor).toMatchObject({ id: page.orders.at(-1)?.id });
  });

  it('starts after the cursor and ends when the page is short', async () => {
    seedOrders(ORDERS_PAGE_SIZE + 3);
    const first = await fetchRecentOrdersPage(null);
    const cursor = first.nextCursor;
    const page = await fetchRecentOrdersPage(cursor);
    expect(lastQuery()?.constraints).toContainEqual({ type: 'startAfter', cursor });
    expect(page.orders.map((o) => o.store_name)).toEqual(['Store 2', 'Store 1', 'Store 0']);
    expect(page.nextCursor).toBeNull();
  });
});

describe('fetchOrdersForExport', () => {
  it('queries the half-open range oldest first with a bound', async () => {
    const start = new Date(2025, 2, 1);
    const endExclusive = new Date(2025, 3, 1);
    seedOrder(1, new Date(2025, 1, 28, 23, 59));
    seedOrder(2, new Date(2025, 2, 20));
    seedOrder(3, start);
    seedOrder(4, endExclusive);
    const result = await fetchOrdersForExport({ start, endExclusive });
    expect(lastQuery()?.constraints).toEqual([
      { type: 'where', field: 'created_at', op: '>=', value: start },
      { type: 'where', field: 'created_at', op: '<', value: endExclusive },
      { type: 'orderBy', field: 'created_at', direction: 'asc' },
      { type: 'limit', count: EXPORT_MAX_ORDERS + 1 },
    ]);
    expect(result).toMatchObject({ truncated: false });
    expect(result.orders.map((o) => o.id)).toEqual(['o3', 'o2']);
  });
});

describe('useUpdateOrderStatus', () => {
  beforeEach(() => {
    vi.mocked(callUpdateOrderStatus).mockReset();
  });

  it('goes through the callable and refreshes the orders and the totals', async () => {
    vi.mocked(callUpdateOrderStatus).mockResolvedValue({ orderId: 'o1', status: 'shipped' });
    const { result, invalidatedKeys } = renderQueryHook(useUpdateOrderStatus);
    await act(() => result.current.mutateAsync({ orderId: 'o1', status: 'shipped' }));
    expect(callUpdateOrderStatus).toHaveBeenCalledWith({ orderId: 'o1', status: 'shipped' });
    expect(invalidatedKeys()).toEqual([
      orderKeys.recent(),
      orderKeys.totals(),
      orderKeys.one('o1'),
    ]);
  });

  it('a failed call invalidates nothing', async () => {
    vi.mocked(callUpdateOrderStatus).mockRejectedValue(new Error('failed-precondition'));
    const { result, invalidatedKeys } = renderQueryHook(useUpdateOrderStatus);
    await expect(
      act(() => result.current.mutateAsync({ orderId: 'o1', status: 'delivered' })),
    ).rejects.toThrow('failed-precondition');
    expect(invalidatedKeys()).toEqual([]);
  });
});
