import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  paths,
  type GetTaxReportResponse,
  type OrderStatus,
  type TaxReportRow,
  type TaxReportTotals,
} from '@portal/domain';
import { getTaxReportHandler } from '../../src/handlers/tax-report';
import { firestore } from '../../src/lib/admin';
import { TAX_REPORT_PAGE } from '../../src/tax/tax-report';
import { createUser, type TestUser } from '../payments/support';

/**
 * getTaxReport on the shared stack: a few hundred orders written with the Admin SDK (states,
 * months, taxed and exempt, cancelled and pending, orders from before tax, orders a millisecond
 * either side of a month's start in Pacific time), read back by the handler and compared with a
 * plain loop over the same orders written here (not the domain's taxReportOf). The months are in
 * 2014, where no other file of the suite books orders.
 */

const RUN = randomUUID().slice(0, 8);
const db = () => firestore();
let manager: TestUser;
let buyer: TestUser;

interface Seeded {
  id: string;
  status: OrderStatus;
  createdAt: Date;
  amount: number;
  tax: {
    amount: number;
    state: string;
    exemption: { certificate_id: string; number: string; state: string; expires_on: null } | null;
  } | null;
  /** Absent: an order from before tax, without the field at all. */
  taxAbsent?: true;
  shipState: string;
}

/** A small deterministic generator, so a failure can be reproduced. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
}

const STATES = ['CA', 'NV', 'OR', 'WA', 'TX', 'NY'];
const STATUSES: OrderStatus[] = [
  'processing',
  'processing',
  'shipped',
  'delivered',
  'delivered',
  'awaiting_payment',
  'refunded',
  'cancelled',
  'pending',
];

/** Pacific month of an instant, by the platform's time zone data (not the domain's helpers). */
const pacificMonth = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
});
const monthOf = (at: Date) => {
  const parts = pacificMonth.formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
};

function seedOrders(): Seeded[] {
  const next = generator(20_140_101);
  const orders: Seeded[] = [];
  // 650 orders from mid-December 2013 to mid-July 2014: more than a page of the handler's reads.
  const first = Date.UTC(2013, 11, 15);
  const span = Date.UTC(2014, 6, 15) - first;
  for (let i = 0; i < 650; i++) {
    const createdAt = new Date(first + Math.floor((next(1_000_000) / 1_000_000) * span));
    const shipState = STATES[next(STATES.length)]!;
    const goods = 1_000 + next(200_000);
    const kind = next(10);
    let tax: Seeded['tax'] = null;
    let taxAbsent: true | undefined;
    if (kind === 0) {
      taxAbsent = true;
    } else if (kind === 1) {
      tax = null;
    } else if (kind <= 3) {
      tax = {
        amount: 0,
        state: shipState,
        exemption: {
          certificate_id: `cert-${RUN}-${i}`,
          number: `RC-${i}`,
          state: shipState,
          expires_on: null,
        },
      };
    } else {
      // Some tax records name no state: the ship-to's stands in.
      const named = next(8) !== 0;
      tax = { amount: Math.round(goods * 0.0725), state: named ? shipState : '', exemption: null };
    }
    orders.push({
      id: `tax-report-${RUN}-${i}`,
      status: STATUSES[next(STATUSES.length)]!,
      createdAt,
      amount: goods + (tax?.amount ?? 0),
      tax,
      ...(taxAbsent ? { taxAbsent } : {}),
      shipState,
    });
  }
  // Either side of Pacific midnight on the 1st: January 31st 23:59:59.999 PST, then February 1st.
  const edge = (id: string, iso: string, state: string): Seeded => ({
    id: `tax-report-${RUN}-${id}`,
    status: 'processing',
    createdAt: new Date(iso),
    amount: 10_725,
    tax: { amount: 725, state, exemption: null },
    shipState: state,
  });
  orders.push(
    edge('jan-last', '2014-02-01T07:59:59.999Z', 'AK'),
    edge('feb-first', '2014-02-01T08:00:00.000Z', 'AK'),
    // The range's edges (PST in January, PDT in July).
    edge('dec-last', '2014-01-01T07:59:59.999Z', 'AK'),
    edge('jan-first', '2014-01-01T08:00:00.000Z', 'AK'),
    edge('jun-last', '2014-07-01T06:59:59.999Z', 'AK'),
    edge('jul-first', '2014-07-01T07:00:00.000Z', 'AK'),
  );
  return orders;
}

const orders = seedOrders();

function documentOf(order: Seeded): Record<string, unknown> {
  const createdAt = Timestamp.fromDate(order.createdAt);
  return {
    user_id: `tax-report-buyer-${RUN}`,
    company_id: `tax-report-company-${RUN}`,
    store_name: 'Tax Report Store',
    items: [],
    amount: order.amount,
    currency: 'usd',
    payment_type: 'one_time',
    status: order.status,
    stripe_session_id: null,
    created_at: createdAt,
    paid_at: order.status === 'pending' ? null : createdAt,
    status_history: [],
    ship_to: {
      name: 'Sam Rivera',
      phone: '+14155550123',
      address: {
        line1: '1 Main St',
        city: 'Somewhere',
        state: order.shipState,
        postal_code: '90001',
        country: 'US',
      },
    },
    ...(order.taxAbsent ? {} : { tax: order.tax }),
  };
}

/** The report of the seeded orders for the months from `from` to `to`, by a plain loop. */
function expected(from: string, to: string): { rows: TaxReportRow[]; totals: TaxReportTotals } {
  const byKey: Record<string, TaxReportRow> = {};
  const totals = { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 };
  for (const order of orders) {
    if (!order.tax || order.status === 'cancelled' || order.status === 'pending') continue;
    const month = monthOf(order.createdAt);
    if (month < from || month > to) continue;
    const state = order.tax.state === '' ? order.shipState : order.tax.state;
    const row = (byKey[`${month}/${state}`] ??= {
      month,
      state,
      orders: 0,
      taxableSales: 0,
      taxCollected: 0,
      exemptSales: 0,
    });
    const goods = order.amount - order.tax.amount;
    row.orders++;
    totals.orders++;
    if (order.tax.exemption === null) {
      row.taxableSales += goods;
      row.taxCollected += order.tax.amount;
      totals.taxableSales += goods;
      totals.taxCollected += order.tax.amount;
    } else {
      row.exemptSales += goods;
      totals.exemptSales += goods;
    }
  }
  const rows = Object.values(byKey).sort((a, b) =>
    `${a.month} ${a.state}` < `${b.month} ${b.state}` ? -1 : 1,
  );
  return { rows, totals };
}

const report = (user: TestUser, data: unknown): Promise<GetTaxReportResponse> =>
  getTaxReportHandler(user.request(data));

async function refusal(promise: Promise<unknown>): Promise<HttpsError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpsError);
  return error as HttpsError;
}

beforeAll(async () => {
  [manager, buyer] = await Promise.all([createUser('manager'), createUser('retailer')]);
  for (let i = 0; i < orders.length; i += 400) {
    const batch = db().batch();
    for (const order of orders.slice(i, i + 400)) {
      batch.set(db().doc(paths.order(order.id)), documentOf(order));
    }
    await batch.commit();
  }
});

afterAll(async () => {
  for (let i = 0; i < orders.length; i += 400) {
    const batch = db().batch();
    for (const order of orders.slice(i, i + 400)) batch.delete(db().doc(paths.order(order.id)));
    await batch.commit();
  }
});

describe('getTaxReport', () => {
  it('seeds more orders in the range than one page of reads', () => {
    const inRange = orders.filter((o) => o.createdAt >= new Date('2014-01-01T08:00:00Z'));
    expect(inRange.length).toBeGreaterThan(TAX_REPORT_PAGE);
  });

  it('answers the rows and totals a plain loop makes of the orders, January to June', async () => {
    const answer = await report(manager, { from: '2014-01', to: '2014-06' });
    const want = expected('2014-01', '2014-06');
    expect(answer.from).toBe('2014-01');
    expect(answer.to).toBe('2014-06');
    expect(answer.rows).toEqual(want.rows);
    expect(answer.totals).toEqual(want.totals);
    // The seed is varied enough to mean something: taxed and exempt sales, six months, states.
    expect(new Set(answer.rows.map((row) => row.month)).size).toBe(6);
    expect(answer.totals.taxCollected).toBeGreaterThan(0);
    expect(answer.totals.exemptSales).toBeGreaterThan(0);
    expect(answer.totals.orders).toBeGreaterThan(200);
  });

  it('puts an order in its Pacific month, a millisecond either side of midnight on the 1st', async () => {
    const answer = await report(manager, { from: '2014-01', to: '2014-02' });
    expect(answer.rows).toEqual(expected('2014-01', '2014-02').rows);
    const alaska = answer.rows.filter((row) => row.state === 'AK');
    // January: jan-first and jan-last; February: feb-first. Not dec-last (December).
    expect(alaska).toEqual([
      {
        month: '2014-01',
        state: 'AK',
        orders: 2,
        taxableSales: 20_000,
        taxCollected: 1_450,
        exemptSales: 0,
      },
      {
        month: '2014-02',
        state: 'AK',
        orders: 1,
        taxableSales: 10_000,
        taxCollected: 725,
        exemptSales: 0,
      },
    ]);
  });

  it('keeps the last instant of the range and leaves out the first after it', async () => {
    const answer = await report(manager, { from: '2014-06', to: '2014-06' });
    expect(answer.rows).toEqual(expected('2014-06', '2014-06').rows);
    expect(answer.rows.find((row) => row.state === 'AK')?.orders).toBe(1);
    const july = await report(manager, { from: '2014-07', to: '2014-07' });
    expect(july.rows).toEqual(expected('2014-07', '2014-07').rows);
    expect(july.rows.find((row) => row.state === 'AK')?.orders).toBe(1);
  });

  it('answers months without orders with no rows', async () => {
    const answer = await report(manager, { from: '2012-01', to: '2012-03' });
    expect(answer).toEqual({
      from: '2012-01',
      to: '2012-03',
      rows: [],
      totals: { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 },
    });
  });

  it('is for managers only', async () => {
    const data = { from: '2014-01', to: '2014-06' };
    expect((await refusal(report(buyer, data))).code).toBe('permission-denied');
    expect((await refusal(getTaxReportHandler({ data }))).code).toBe('unauthenticated');
  });

  it('refuses bad ranges with a message that says what is wrong', async () => {
    const cases: Array<[unknown, string]> = [
      [{ from: '2014-06', to: '2014-01' }, 'The first month comes before the last.'],
      [{ from: '2012-01', to: '2014-01' }, 'Choose at most 24 months.'],
      [{ from: '2014-13', to: '2014-12' }, 'Use a month as YYYY-MM.'],
      [{ from: '2014-01-01', to: '2014-02' }, 'Use a month as YYYY-MM.'],
      [{ from: '2014-01' }, ''],
      [{ from: '2014-01', to: '2014-02', state: 'CA' }, ''],
    ];
    for (const [data, message] of cases) {
      const error = await refusal(report(manager, data));
      expect(error.code, JSON.stringify(data)).toBe('invalid-argument');
      expect(error.message).toContain(message);
    }
    // 24 months is the most: accepted.
    const longest = await report(manager, { from: '2012-02', to: '2014-01' });
    expect(longest.rows).toEqual(expected('2012-02', '2014-01').rows);
  });
});
