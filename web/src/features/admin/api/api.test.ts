import * as lite from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchRecentOrdersPage, ORDERS_PAGE_SIZE } from './get-recent-orders';
import { fetchTotals } from './get-totals';
import { fetchAllProducts } from './get-products';
import { saveProduct } from './save-product';
import { fetchOrdersForExport, EXPORT_MAX_ORDERS } from './export-orders';

/**
 * The api modules against a recording stand-in of Firestore Lite: which queries they build and
 * what they write. (The rules matrix and the e2e tests run the same calls against the emulator.)
 */
vi.mock('@/lib/firebase', () => ({ db: { name: 'db' } }));
const batch = vi.hoisted(() => ({ set: vi.fn(), commit: vi.fn() }));
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
    writeBatch: vi.fn(() => batch),
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
  const product = {
    name: ' Syrup ',
    description: '',
    image_url: '/s.png',
    price_retailer: 1000,
    is_active: false,
    sort_order: 5,
  };
  const data = { ...product, price_wholesaler: 800 };
  const writes = () =>
    batch.set.mock.calls.map(([ref, written]) => [(ref as { path: string }).path, written]);

  it('writes the product (no wholesale price) and its wholesale price in one batch', async () => {
    await expect(saveProduct({ id: 'p1', data })).resolves.toBe('p1');
    expect(writes()).toEqual([
      ['products/p1', { ...product, name: 'Syrup' }],
      ['wholesale_prices/p1', { price_wholesaler: 800 }],
    ]);
    expect(batch.commit).toHaveBeenCalledTimes(1);
    expect(lite.setDoc).not.toHaveBeenCalled();
    expect(lite.updateDoc).not.toHaveBeenCalled();
  });

  it('creates a product and its wholesale price under one new id', async () => {
    await expect(saveProduct({ data })).resolves.toBe('auto-id');
    expect(writes()).toEqual([
      ['products/auto-id', { ...product, name: 'Syrup' }],
      ['wholesale_prices/auto-id', { price_wholesaler: 800 }],
    ]);
  });

  it('leaves an unset wholesale price alone (activating a product that has none)', async () => {
    await saveProduct({ id: 'p1', data: { ...data, price_wholesaler: null } });
    expect(writes()).toEqual([['products/p1', { ...product, name: 'Syrup' }]]);
  });

  it('refuses fractional cents before writing', async () => {
    await expect(saveProduct({ data: { ...data, price_retailer: 10.5 } })).rejects.toThrow();
    await expect(saveProduct({ data: { ...data, price_wholesaler: 7.5 } })).rejects.toThrow();
    expect(batch.set).not.toHaveBeenCalled();
    expect(batch.commit).not.toHaveBeenCalled();
  });
});

describe('fetchAllProducts', () => {
  const docs = (entries: [string, Record<string, unknown>][]) =>
    ({ docs: entries.map(([id, d]) => ({ id, data: () => d })) }) as unknown as lite.QuerySnapshot;
  const stored = (name: string, sort_order: number) => ({
    name,
    description: '',
    image_url: '/s.png',
    price_retailer: 1000,
    is_active: true,
    sort_order,
  });

  it('joins each product with its wholesale price; a missing one is null', async () => {
    vi.mocked(lite.getDocs).mockImplementation(async (q) =>
      (q as unknown as { kind: string }).kind === 'query'
        ? docs([
            ['a', stored('A', 1)],
            ['b', stored('B', 2)],
          ])
        : docs([['a', { price_wholesaler: 700 }]]),
    );
    const products = await fetchAllProducts();
    expect(products.map((p) => [p.id, p.price_retailer, p.price_wholesaler])).toEqual([
      ['a', 1000, 700],
      ['b', 1000, null],
    ]);
    expect(lite.collection).toHaveBeenCalledWith({ name: 'db' }, 'wholesale_prices');
    expect(lite.orderBy).toHaveBeenCalledWith('sort_order', 'asc');
  });
});
