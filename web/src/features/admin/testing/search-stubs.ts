import type { OrderRow, SearchResponse, StoreDetailsResponse, UserRow } from '@portal/domain';

/** Test rows of the searchOrders / searchUsers / getStoreDetails answers. */
export function makeOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 'order0001abcdef',
    invoiceNumber: 'INV-000042',
    userId: 'buyer-1',
    storeName: 'Smoke City',
    email: 'owner@smokecity.test',
    role: 'retailer',
    status: 'processing',
    amount: 5000,
    refundedAmount: 0,
    itemCount: 1,
    lines: 'Purple Dream Syrup x 1',
    shipTo: null,
    paymentType: 'one_time',
    createdAt: '2025-03-04T18:30:00.000Z',
    paidAt: '2025-03-04T18:31:00.000Z',
    ...overrides,
  };
}

export function makeUserRow(overrides: Partial<UserRow> = {}): UserRow {
  return {
    uid: 'uid-1',
    storeName: 'Cloud Nine Smoke',
    fullName: 'Pat Lee',
    sellerPermitId: 'SP-1001',
    email: 'pat@cloudnine.test',
    role: 'retailer',
    status: 'pending',
    emailVerified: true,
    createdAt: '2025-03-02T12:00:00.000Z',
    reviewedAt: null,
    ...overrides,
  };
}

/** One page of a search answer holding these rows (total: the rows unless given). */
export function page<Row>(
  rows: Row[],
  overrides: Partial<SearchResponse<Row>> = {},
): SearchResponse<Row> {
  return { rows, total: rows.length, page: 1, pageSize: 20, truncated: false, ...overrides };
}

export function makeStoreDetails(
  overrides: Partial<StoreDetailsResponse> = {},
): StoreDetailsResponse {
  return {
    user: {
      ...makeUserRow({ uid: 'uid-cloud', storeName: 'Cloud Nine Smoke', status: 'pending' }),
      phone: '+14155550123',
      sellerPermitId: 'SP-1001',
    },
    history: [
      { at: '2025-03-02T12:00:00.000Z', event: 'Applied' },
      { at: '2025-03-02T12:05:00.000Z', event: 'Email verified' },
    ],
    orders: [],
    orderCount: 0,
    lifetimeRevenue: 0,
    lastOrderAt: null,
    ...overrides,
  };
}
