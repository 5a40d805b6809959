import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callShipOrder } from '@/lib/callables';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderQueryHook } from '@/testing/render';
import { orderKeys } from './keys';
import { fetchBackorderedOrders, useShipOrder } from './shipments';

vi.mock('@/lib/callables', () => ({ callShipOrder: vi.fn() }));

function seedOrder(id: string, created: string, backorderOpen: boolean) {
  fakeDb.seed(`orders/${id}`, {
    user_id: 'buyer-1',
    company_id: 'company-1',
    store_name: 'Cloud Nine Smokeshop',
    items: [
      {
        product_id: 'dome-lids',
        name: 'Dome Lids',
        description: '',
        image_url: '/lids.svg',
        unit_amount: 500,
        quantity: 10,
        line_total: 5000,
        backordered: 6,
      },
    ],
    amount: 5000,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'processing',
    stripe_session_id: 'cs_test_1',
    created_at: Timestamp.fromDate(new Date(created)),
    paid_at: null,
    status_history: [],
    backorder_open: backorderOpen,
  });
}

describe('fetchBackorderedOrders (the managers backorder queue)', () => {
  it('reads the orders with a backorder waiting, oldest first', async () => {
    seedOrder('newer', '2026-11-20T12:00:00Z', true);
    seedOrder('shipped', '2026-11-01T12:00:00Z', false);
    seedOrder('oldest', '2026-11-02T12:00:00Z', true);
    const orders = await fetchBackorderedOrders();
    expect(orders.map((order) => order.id)).toEqual(['oldest', 'newer']);
    expect(fakeDb.calls.at(-1)).toEqual({
      op: 'getDocs',
      path: 'orders',
      constraints: [
        { type: 'where', field: 'backorder_open', op: '==', value: true },
        { type: 'orderBy', field: 'created_at', direction: 'asc' },
        { type: 'limit', count: 100 },
      ],
    });
  });
});

describe('useShipOrder', () => {
  it('goes through the callable and refreshes the order, and the order book (with the queue) and the totals at once with no listener', async () => {
    vi.mocked(callShipOrder).mockResolvedValue({
      orderId: 'o1',
      status: 'partially_shipped',
      shipmentId: 's2',
      number: 2,
    });
    const request = {
      orderId: 'o1',
      requestId: '6f1c1a2e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
      lines: [{ productId: 'dome-lids', quantity: 2 }],
      shipment: { carrier: 'ups' as const, trackingNumber: '1Z999AA10123456784' },
    };
    const { result, invalidatedKeys } = renderQueryHook(useShipOrder);
    await act(() => result.current.mutateAsync(request));
    expect(callShipOrder).toHaveBeenCalledWith(request);
    expect(invalidatedKeys()).toEqual([
      orderKeys.one('o1'),
      orderKeys.recent(),
      orderKeys.totals(),
    ]);
  });
});
