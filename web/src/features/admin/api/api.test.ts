import * as lite from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRecentOrdersPage, ORDERS_PAGE_SIZE } from './get-recent-orders';
import { fetchTotals } from './get-totals';
import { saveProduct } from './save-product';
import { fetchOrdersForExport, EXPORT_MAX_ORDERS } from './export-orders';

/**
 * The api modules against a recording stand-in of Firestore Lite: which queries they build and
 * what they write. (The rules matrix and the e2e tests run the same calls against the emulator.)
 */
vi.mock('@/lib/firebase', () => ({ db: { name: 'db' } }));
vi.mock('firebase/firestore/lite', () => {
  const tag =
    (kind: string) =>
    (...args: unknown[]) => ({ kind, args });
  return {
    collection: vi.fn((_db: unknown, name: string) => ({ kind: 'collection', name })),
    doc: vi.fn((_db: unknown, path?: string) => ({
      kind: 'doc',
      path,
      id: path ? path.split('/').pop() : 'auto-id',
    })),
    query: vi.fn((ref: unknown, ...constraints: unknown[]) => ({
      kind: 'query',
      ref,
      constraints,
    })),
    where: vi.fn(tag('where')),
    orderBy: vi.fn(tag('orderBy')),
    limit: vi.fn(tag('limit')),
    startAfter: vi.fn(tag('startAfter')),
    sum: vi.fn(tag('sum')),
    getCount: vi.fn(),
    getAggregate: vi.fn(),
    getDocs: vi.fn(),
    setDoc: vi.fn(),
    updateDoc: vi.fn(),
    deleteDoc: vi.fn(),
    Timestamp: class {},
  };
});

const orderData = (i: number) => ({
  user_id: 'u',
  store_name: `Store ${i}`,
  items: [],
  amount: 100 * i,
  currency: 'usd',
  payment_type: 'one_time',
  status: 'processing',
  created_at: new Date(2025, 0, i + 1),
});

function snapshotOf(count: number) {
  const docs = Array.from({ length: count }, (_, i) => ({ id: `o${i}`, data: () => orderData(i) }));
  return { docs } as unknown as lite.QuerySnapshot;
}

beforeEach(() => vi.clearAllMocks());

describe('fetchTotals', () => {
  it('counts and sums on the server, revenue over paid statuses only', async () => {
    vi.mocked(lite.getCount)
      .mockResolvedValueOnce({ data: () => ({ count: 7 }) } as never)
      .mockResolvedValueOnce({ data: () => ({ count: 4 }) } as never);
    vi.mocked(lite.getAggregate).mockResolvedValue({ data: () => ({ revenue: 4200 }) } as never);

    await expect(fetchTotals()).resolves.toEqual({ totalOrders: 7, totalUsers: 4, revenue: 4200 });
    expect(lite.getDocs).not.toHaveBeenCalled();
    expect(vi.mocked(lite.getCount).mock.calls.map(([ref]) => ref)).toEqual([
      { kind: 'collection', name: 'orders' },
      { kind: 'collection', name: 'profiles' },
    ]);
    expect(lite.where).toHaveBeenCalledWith('status', 'in', ['processing', 'shipped', 'delivered']);
    expect(lite.sum).toHaveBeenCalledWith('amount');
  });

  it('reads a missing sum (no paid orders) as zero', async () => {
    vi.mocked(lite.getCount).mockResolvedValue({ data: () => ({ count: 0 }) } as never);
    vi.mocked(lite.getAggregate).mockResolvedValue({ data: () => ({ revenue: null }) } as never);
    await expect(fetchTotals()).resolves.toMatchObject({ revenue: 0 });
  });
});

describe('fetchRecentOrdersPage', () => {
  it('asks for one page plus one, newest first, and hands back a cursor when more exist', async () => {
    vi.mocked(lite.getDocs).mockResolvedValue(snapshotOf(ORDERS_PAGE_SIZE + 1));
    const page = await fetchRecentOrdersPage(null);
    expect(lite.orderBy).toHaveBeenCalledWith('created_at', 'desc');
    expect(lite.limit).toHaveBeenCalledWith(ORDERS_PAGE_SIZE + 1);
    expect(lite.startAfter).not.toHaveBeenCalled();
    expect(page.orders).toHaveLength(ORDERS_PAGE_SIZE);
    expect(page.nextCursor).toMatchObject({ id: `o${ORDERS_PAGE_SIZE - 1}` });
  });

  it('starts after the cursor and ends when the page is short', async () => {
    vi.mocked(lite.getDocs).mockResolvedValue(snapshotOf(3));
    const cursor = { id: 'last' } as unknown as lite.QueryDocumentSnapshot;
    const page = await fetchRecentOrdersPage(cursor);
    expect(lite.startAfter).toHaveBeenCalledWith(cursor);
    expect(page.orders.map((o) => o.store_name)).toEqual(['Store 0', 'Store 1', 'Store 2']);
    expect(page.nextCursor).toBeNull();
  });
});

describe('fetchOrdersForExport', () => {
  it('queries the half-open range oldest first with a bound', async () => {
    vi.mocked(lite.getDocs).mockResolvedValue(snapshotOf(2));
    const start = new Date(2025, 2, 1);
    const endExclusive = new Date(2025, 3, 1);
    const result = await fetchOrdersForExport({ start, endExclusive });
    expect(lite.where).toHaveBeenCalledWith('created_at', '>=', start);
    expect(lite.where).toHaveBeenCalledWith('created_at', '<', endExclusive);
    expect(lite.orderBy).toHaveBeenCalledWith('created_at', 'asc');
    expect(lite.limit).toHaveBeenCalledWith(EXPORT_MAX_ORDERS + 1);
    expect(result).toMatchObject({ truncated: false });
    expect(result.orders).toHaveLength(2);
  });
});

describe('saveProduct', () => {
  const data = {
    name: ' Syrup ',
    description: '',
    image_url: '/s.png',
    price_retailer: 1000,
    price_wholesaler: 800,
    is_active: false,
    sort_order: 5,
  };

  it('updates an existing product with the validated fields', async () => {
    await saveProduct({ id: 'p1', data });
    expect(lite.updateDoc).toHaveBeenCalledWith(expect.objectContaining({ path: 'products/p1' }), {
      ...data,
      name: 'Syrup',
    });
    expect(lite.setDoc).not.toHaveBeenCalled();
  });

  it('creates a product under a new id', async () => {
    await expect(saveProduct({ data })).resolves.toBe('auto-id');
    expect(lite.setDoc).toHaveBeenCalledWith(expect.objectContaining({ id: 'auto-id' }), {
      ...data,
      name: 'Syrup',
    });
  });

  it('refuses fractional cents before writing', async () => {
    await expect(saveProduct({ data: { ...data, price_retailer: 10.5 } })).rejects.toThrow();
    expect(lite.setDoc).not.toHaveBeenCalled();
  });
});
