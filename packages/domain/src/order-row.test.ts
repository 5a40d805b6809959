import { describe, expect, it } from 'vitest';
import {
  ORDER_ROW_FIELDS,
  orderRowOf,
  parseOrderRow,
  ROW_COPIED_FIELDS,
  type OrderRowSource,
} from './order-row';
import { orderSearchPlacementFields, samePlaceInSearch } from './insights';
import { orderSchema } from './order-schema';

const SHIP_TO = {
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
};

/** A stored order's row fields as the Admin or web SDK hands them over: instants with toDate(). */
const at = (iso: string) => ({ toDate: () => new Date(iso) });
const stored = {
  invoice_number: 'INV-000042',
  user_id: 'buyer-7',
  store_name: 'Cloud Nine Smoke',
  buyer_email: 'owner@cloudnine.test',
  buyer_role: 'wholesaler',
  status: 'shipped',
  amount: 12_500,
  refunded_amount: 500,
  items: [
    {
      product_id: 'p1',
      name: 'Purple Dream Syrup',
      description: '',
      image_url: '',
      unit_amount: 2500,
      quantity: 4,
      line_total: 10_000,
    },
    {
      product_id: 'p2',
      name: 'Cups',
      description: '',
      image_url: '',
      unit_amount: 2500,
      quantity: 1,
      line_total: 2500,
      sku: 'CUP',
      case_pack: 1,
    },
  ],
  payment_type: 'subscription',
  ship_to: SHIP_TO,
  created_at: at('2026-03-04T18:30:00.000Z'),
  paid_at: at('2026-03-04T18:31:00.000Z'),
  payment_method: 'terms',
  po_number: 'PO-55',
  terms: { net_days: 30, state: 'open', due_at: at('2026-04-03T18:30:00.000Z') },
};

const camel = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

describe('the order row codec', () => {
  it('reads only fields of the one order schema', () => {
    const orderFields = Object.keys(orderSchema.def.shape);
    expect(ORDER_ROW_FIELDS.filter((field) => !orderFields.includes(field))).toEqual([]);
    expect(ROW_COPIED_FIELDS.filter((field) => !ORDER_ROW_FIELDS.includes(field))).toEqual([]);
  });

  it('carries every copied field to the row under its camelCase name, instants as ISO', () => {
    const parsed = parseOrderRow('ord1', stored);
    if (!parsed.success) throw new Error(parsed.problem);
    const row = parsed.row as unknown as Record<string, unknown>;
    for (const field of ROW_COPIED_FIELDS) {
      const value = stored[field];
      const expected = typeof value === 'object' && value ? value.toDate().toISOString() : value;
      expect(row[camel(field)], field).toEqual(expected);
    }
    expect(parsed.row).toMatchObject({
      id: 'ord1',
      termsState: 'open',
      dueAt: '2026-04-03T18:30:00.000Z',
      email: 'owner@cloudnine.test',
      role: 'wholesaler',
      itemCount: 2,
      lines: 'Purple Dream Syrup x 4; Cups x 1',
      shipTo: 'Sam Rivera, 500 Market St, San Francisco, CA 94105, United States, +14155550123',
      createdAt: '2026-03-04T18:30:00.000Z',
    });
  });

  it('reads an order from before the order book and the search fields with their defaults', () => {
    const { invoice_number, buyer_email, buyer_role, ship_to, refunded_amount, ...older } = stored;
    void [invoice_number, buyer_email, buyer_role, ship_to, refunded_amount];
    const parsed = parseOrderRow('old1', { ...older, status: 'processing', paid_at: null });
    expect(parsed).toMatchObject({
      success: true,
      row: {
        invoiceNumber: null,
        email: null,
        role: null,
        shipTo: null,
        refundedAmount: 0,
        paidAt: null,
      },
    });
  });

  it('reads an order refunded in full while processing as refunded', () => {
    const source = orderRowSourceOf({ status: 'processing', refunded_amount: stored.amount });
    expect(orderRowOf('r1', source).status).toBe('refunded');
  });

  it('says where a document that is not an order differs, and makes no row', () => {
    expect(parseOrderRow('bad', { ...stored, amount: 'lots' })).toEqual({
      success: false,
      problem: expect.stringMatching(/^amount: /),
    });
    expect(parseOrderRow('bad', { ...stored, status: 'lost' })).toMatchObject({ success: false });
  });
});

describe('where an order sits in a search of the Orders table', () => {
  const refunded = { ...stored, refunded_amount: 1500, updated_at: at('2026-03-05T09:00:00.000Z') };

  it('reads the sort field and the fields of the filters the search has', () => {
    expect(orderSearchPlacementFields({})).toEqual(['created_at']);
    expect(orderSearchPlacementFields({ sort: 'amount', status: 'shipped' })).toEqual([
      'amount',
      'status',
    ]);
    expect(
      orderSearchPlacementFields({
        sort: 'store_name',
        role: 'retailer',
        q: 'cloud',
        range: { from: '2026-03-01', to: '2026-03-31' },
      }),
    ).toEqual(['store_name_lower', 'buyer_role', 'search_keys', 'created_at']);
  });

  it('a refund leaves the order where it was, whatever the filters and the sort', () => {
    for (const request of [{}, { status: 'shipped' as const }, { sort: 'amount' as const }]) {
      expect(samePlaceInSearch(request, stored, refunded)).toBe(true);
    }
  });

  it('a new status moves it only in a search by status', () => {
    const delivered = { ...stored, status: 'delivered' };
    expect(samePlaceInSearch({}, stored, delivered)).toBe(true);
    expect(samePlaceInSearch({ status: 'shipped' }, stored, delivered)).toBe(false);
  });

  it('compares instants by their time and lists by their items', () => {
    const copy = {
      ...stored,
      created_at: at('2026-03-04T18:30:00.000Z'),
      search_keys: ['c', 'cl'],
    };
    expect(samePlaceInSearch({ q: 'cl' }, { ...stored, search_keys: ['c', 'cl'] }, copy)).toBe(
      true,
    );
    expect(samePlaceInSearch({ q: 'cl' }, { ...stored, search_keys: ['c'] }, copy)).toBe(false);
    const later = { ...stored, created_at: new Date('2026-03-04T18:30:01.000Z') };
    expect(samePlaceInSearch({}, stored, later)).toBe(false);
  });
});

function orderRowSourceOf(overrides: Partial<OrderRowSource>): OrderRowSource {
  return {
    ...(Object.fromEntries(Object.entries(stored)) as unknown as OrderRowSource),
    created_at: new Date('2026-03-04T18:30:00.000Z'),
    paid_at: new Date('2026-03-04T18:31:00.000Z'),
    items: [],
    ship_to: null,
    terms: null,
    ...overrides,
  };
}
