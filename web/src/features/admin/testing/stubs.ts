import type { Order, SalesOverviewResponse, SalesTotals, SupportContent } from '@portal/domain';
import type { ProductWithPrices } from '@/entities/catalog';
import type { ProfileRecord } from '@/entities/profile';

/**
 * Test stand-ins for the entity hooks (tests vi.mock the entity modules). `stub` casts a plain
 * object to a hook's result type: only the fields a component reads are given.
 */
export function stub<F extends (...args: never[]) => unknown>(
  value: Record<string, unknown>,
): ReturnType<F> {
  return value as unknown as ReturnType<F>;
}

export const loaded = (data: unknown) => ({
  data,
  isPending: false,
  isError: false,
  isSuccess: true,
});
export const loading = () => ({
  data: undefined,
  isPending: true,
  isError: false,
  isSuccess: false,
});
export const failed = () => ({
  data: undefined,
  isPending: false,
  isError: true,
  isSuccess: false,
  error: new Error('boom'),
});

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'order0001abcdef',
    user_id: 'buyer-1',
    company_id: 'buyer-1',
    location_id: null,
    location_name: '',
    placed_by_name: '',
    store_name: 'Smoke City',
    items: [
      {
        product_id: 'syrup-purple',
        name: 'Purple Dream Syrup',
        description: 'Grape',
        image_url: '/p.png',
        unit_amount: 2500,
        quantity: 2,
        line_total: 5000,
        sku: 'SYR-PURPLE',
        case_pack: 1,
        backordered: 0,
      },
    ],
    amount: 5000,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'processing',
    stripe_session_id: 'cs_test_order0001abcdef',
    stripe_payment_intent_id: 'pi_test_order0001',
    created_at: new Date('2025-03-04T18:30:00Z'),
    paid_at: new Date('2025-03-04T18:30:00Z'),
    status_history: [],
    seller_permit_id: 'SP-1001',
    source: 'cart',
    cart_fingerprint: '',
    ship_to: {
      name: 'Sam Rivera',
      phone: '+14155550123',
      address: {
        line1: '500 Market St',
        line2: '',
        city: 'San Francisco',
        state: 'CA',
        postal_code: '94105',
        country: 'US',
      },
    },
    invoice_number: 'INV-000042',
    shipment: null,
    shipments: [],
    backorder_open: false,
    store_credit_applied: 0,
    store_credit_returned: 0,
    shipping_charge: 0,
    claim_credits: [],
    refunds: [],
    refunded_amount: 0,
    dispute: null,
    payment_method: 'card',
    po_number: '',
    terms: null,
    receivable: false,
    tax: null,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<ProfileRecord> = {}): ProfileRecord {
  return {
    id: 'uid-1',
    user_id: 'uid-1',
    full_name: 'Pat Pending',
    store_name: 'Cloud Nine Smoke',
    seller_permit_id: 'SP-1001',
    role: 'retailer',
    status: 'pending',
    created_at: new Date('2025-02-01T12:00:00Z'),
    reviewed_at: null,
    reviewed_by: null,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ProductWithPrices> = {}): ProductWithPrices {
  return {
    id: 'prod-1',
    name: 'Purple Dream Syrup',
    description: 'Grape flavoured syrup',
    image_url: '/images/purple.png',
    price_retailer: 2999,
    price_wholesaler: 2499,
    is_active: true,
    sort_order: 10,
    sku: 'SYR-PURPLE',
    category: 'Syrups',
    images: [],
    case_pack: 1,
    min_quantity: 1,
    price_breaks: [],
    wholesale_breaks: [],
    stock_on_hand: null,
    stock_reserved: 0,
    backorders_allowed: false,
    restock_date: null,
    created_at: null,
    ...overrides,
  };
}

export function makeTutorial(overrides: Partial<SupportContent> = {}): SupportContent {
  return {
    id: 'tut-1',
    title: 'Cleaning your slushie machine',
    category: 'Maintenance',
    video_url: 'https://videos.example/cleaning',
    ...overrides,
  };
}

const noSales: SalesTotals = {
  revenue: 0,
  refunded: 0,
  paidOrders: 0,
  averageOrderValue: 0,
  approvedBuyers: 0,
  listDiscount: 0,
  collected: 0,
  credits: 0,
  netAfterCredits: 0,
};

/** A getSalesOverview answer for 2026-03-09 – 2026-03-15 (a week, per day), with no sales. */
export function makeSalesOverview(
  overrides: Partial<SalesOverviewResponse> = {},
): SalesOverviewResponse {
  const days = ['09', '10', '11', '12', '13', '14', '15'];
  return {
    range: { from: '2026-03-09', to: '2026-03-15' },
    previousRange: { from: '2026-03-02', to: '2026-03-08' },
    totals: noSales,
    previousTotals: noSales,
    interval: 'day',
    series: days.map((d) => ({ start: `2026-03-${d}`, revenue: 0, orders: 0 })),
    byStatus: {
      awaiting_payment: 0,
      processing: 0,
      partially_shipped: 0,
      shipped: 0,
      delivered: 0,
      cancelled: 0,
      refunded: 0,
    },
    topProductsByRevenue: [],
    topProductsByUnits: [],
    topStores: [],
    ...overrides,
  };
}
