import { describe, expect, it } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { fetchTotals } from './get-totals';

const seedOrder = (id: string, status: string, amount: number, refunded_amount?: number) =>
  fakeDb.seed(`orders/${id}`, {
    status,
    amount,
    ...(refunded_amount === undefined ? {} : { refunded_amount }),
  });

describe('fetchTotals', () => {
  it('counts and sums on the server, revenue over paid statuses only, net of refunds', async () => {
    seedOrder('o1', 'processing', 1000);
    seedOrder('o2', 'shipped', 2000, 500);
    seedOrder('o8', 'cancelled', 900, 900);
    seedOrder('o3', 'delivered', 1200);
    seedOrder('o4', 'pending', 5000);
    seedOrder('o5', 'cancelled', 700);
    seedOrder('o6', 'processing', 0);
    seedOrder('o7', 'pending', 10);
    seedOrder('o9', 'refunded', 800, 800);
    seedOrder('o10', 'partially_shipped', 600, 100);
    for (const uid of ['u1', 'u2', 'u3', 'u4']) fakeDb.seed(`profiles/${uid}`, { user_id: uid });

    // 1000 + (2000 - 500) + 1200 + (800 - 800) + (600 - 100); the cancelled orders (refunded in
    // full, or never paid) add nothing, and the refunded one is paid but nets to zero.
    await expect(fetchTotals()).resolves.toEqual({ totalOrders: 10, totalUsers: 4, revenue: 4200 });
    expect(fakeDb.calls.some((c) => c.op === 'getDocs')).toBe(false);
    expect(fakeDb.calls).toEqual([
      { op: 'getCount', path: 'orders', constraints: [] },
      { op: 'getCount', path: 'profiles', constraints: [] },
      {
        op: 'getAggregate',
        path: 'orders',
        constraints: [
          {
            type: 'where',
            field: 'status',
            op: 'in',
            value: ['processing', 'partially_shipped', 'shipped', 'delivered', 'refunded'],
          },
        ],
        aggregate: {
          revenue: { aggregateType: 'sum', field: 'amount' },
          refunded: { aggregateType: 'sum', field: 'refunded_amount' },
        },
      },
    ]);
  });

  it('reads the sum over no paid orders as zero', async () => {
    seedOrder('o1', 'pending', 5000);
    await expect(fetchTotals()).resolves.toMatchObject({ totalOrders: 1, revenue: 0 });
  });
});
