import type {
  CompanyDetailsResponse,
  CompanyOrderRow,
  CompanyRow,
  OrderRow,
  SearchResponse,
} from '@portal/domain';

/** Test rows of the searchOrders / searchCompanies / getCompanyDetails answers. */
export function makeOrderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 'order0001abcdef',
    invoiceNumber: 'INV-000042',
    userId: 'buyer-1',
    companyId: 'buyer-1',
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
    paymentMethod: 'card',
    poNumber: '',
    termsState: null,
    dueAt: null,
    ...overrides,
  };
}

export function makeCompanyRow(overrides: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id: 'company-1',
    name: 'Cloud Nine Smoke',
    businessType: 'retailer',
    sellerPermitId: 'SP-1001',
    status: 'pending',
    memberCount: 1,
    locationCount: 1,
    cities: ['San Francisco'],
    createdAt: '2025-03-02T12:00:00.000Z',
    reviewedAt: null,
    applicantName: 'Pat Lee',
    applicantEmail: 'pat@cloudnine.test',
    applicantEmailVerified: true,
    ownerUid: 'company-1',
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

export function makeCompanyOrderRow(overrides: Partial<CompanyOrderRow> = {}): CompanyOrderRow {
  return {
    ...makeOrderRow(),
    locationId: 'main',
    locationName: 'Main St store',
    placedByName: 'Pat Lee',
    ...overrides,
  };
}

export function makeCompanyDetails(
  overrides: Partial<CompanyDetailsResponse> = {},
): CompanyDetailsResponse {
  return {
    company: {
      ...makeCompanyRow({ id: 'company-cloud', ownerUid: 'uid-owner' }),
      applicantUid: 'uid-owner',
    },
    members: [
      {
        uid: 'uid-owner',
        fullName: 'Pat Lee',
        email: 'pat@cloudnine.test',
        role: 'owner',
        locationIds: [],
        emailVerified: true,
      },
    ],
    locations: [
      {
        id: 'main',
        name: 'Main St store',
        address: '500 Market St, San Francisco, CA 94105',
        phone: '+14155550123',
        archived: false,
        orderCount: 0,
        revenue: 0,
      },
    ],
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
