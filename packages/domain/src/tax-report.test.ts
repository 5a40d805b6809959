import { describe, expect, it } from 'vitest';
import {
  addTaxReportMonths,
  countsInTaxReport,
  taxReportBounds,
  taxReportCsv,
  taxReportMonth,
  taxReportMonthCount,
  taxReportRangeProblem,
  TAX_REPORT_MAX_MONTHS,
  taxReportOf,
  type TaxReportOrder,
} from './tax-report';
import { getTaxReportRequest } from './tax-schemas';

const exemption = { certificate_id: 'c1', number: 'RC-1', state: 'NV', expires_on: null };

function order(overrides: Partial<TaxReportOrder>): TaxReportOrder {
  return {
    status: 'processing',
    created_at: new Date('2026-03-10T18:00:00Z'),
    amount: 10_725,
    tax: { amount: 725, state: 'CA', exemption: null },
    ship_state: 'CA',
    ...overrides,
  };
}

describe('taxReportOf', () => {
  it('adds taxed and exempt sales per month and state, sorted, with totals', () => {
    const report = taxReportOf(
      [
        order({}),
        order({ amount: 21_450, tax: { amount: 1_450, state: 'CA', exemption: null } }),
        order({ amount: 50_000, tax: { amount: 0, state: 'NV', exemption }, ship_state: 'NV' }),
        order({ created_at: new Date('2026-02-03T18:00:00Z') }),
        // No state on the tax record: the ship-to's.
        order({ tax: { amount: 725, state: '', exemption: null }, ship_state: 'AZ' }),
      ],
      '2026-02',
      '2026-03',
    );
    expect(report.rows).toEqual([
      {
        month: '2026-02',
        state: 'CA',
        orders: 1,
        taxableSales: 10_000,
        taxCollected: 725,
        exemptSales: 0,
      },
      {
        month: '2026-03',
        state: 'AZ',
        orders: 1,
        taxableSales: 10_000,
        taxCollected: 725,
        exemptSales: 0,
      },
      {
        month: '2026-03',
        state: 'CA',
        orders: 2,
        taxableSales: 30_000,
        taxCollected: 2_175,
        exemptSales: 0,
      },
      {
        month: '2026-03',
        state: 'NV',
        orders: 1,
        taxableSales: 0,
        taxCollected: 0,
        exemptSales: 50_000,
      },
    ]);
    expect(report.totals).toEqual({
      orders: 5,
      taxableSales: 50_000,
      taxCollected: 3_625,
      exemptSales: 50_000,
    });
  });

  it('leaves out cancelled and pending orders, orders before tax and months outside', () => {
    const report = taxReportOf(
      [
        order({ status: 'cancelled' }),
        order({ status: 'pending' }),
        order({ tax: null }),
        order({ created_at: new Date('2026-04-01T07:00:00Z') }),
        order({ status: 'refunded' }),
        order({ status: 'awaiting_payment' }),
      ],
      '2026-03',
      '2026-03',
    );
    expect(report.totals.orders).toBe(2);
    expect(countsInTaxReport(order({ status: 'delivered' }))).toBe(true);
    expect(countsInTaxReport(order({ status: 'cancelled' }))).toBe(false);
  });

  it('counts the sales the tax was figured on: no shipping; store credit off before tax on a card checkout only', () => {
    const sales = (o: Partial<TaxReportOrder>) =>
      taxReportOf([order(o)], '2026-03', '2026-03').totals.taxableSales;
    // A quote's order: $100.00 of goods, $15.00 of shipping (not taxed), $8.00 of tax.
    expect(
      sales({
        amount: 12_300,
        tax: { amount: 800, state: 'CA', exemption: null },
        shipping_charge: 1_500,
      }),
    ).toBe(10_000);
    // A card checkout: $100.00 of goods, $40.00 of store credit off first, $4.80 of tax on $60.00.
    expect(
      sales({
        amount: 6_480,
        tax: { amount: 480, state: 'CA', exemption: null },
        store_credit_applied: 4_000,
        credit_before_tax: true,
      }),
    ).toBe(6_000);
    // On terms: $8.00 of tax on all $100.00; the $40.00 of credit paid part of the invoice after.
    expect(
      sales({
        amount: 6_800,
        tax: { amount: 800, state: 'CA', exemption: null },
        store_credit_applied: 4_000,
        credit_before_tax: false,
      }),
    ).toBe(10_000);
    // A claim's credit note lowered the open invoice after tax.
    expect(
      sales({
        amount: 8_800,
        tax: { amount: 800, state: 'CA', exemption: null },
        credit_notes_on_invoice: 2_000,
      }),
    ).toBe(10_000);
  });

  it('reports an order in its Pacific month', () => {
    // 23:59:59.999 on January 31st in Los Angeles is already February 1st in UTC.
    expect(taxReportMonth(new Date('2026-02-01T07:59:59.999Z'))).toBe('2026-01');
    expect(taxReportMonth(new Date('2026-02-01T08:00:00.000Z'))).toBe('2026-02');
    // Daylight time: midnight is 07:00 UTC.
    expect(taxReportMonth(new Date('2026-07-01T06:59:59.999Z'))).toBe('2026-06');
    expect(taxReportMonth(new Date('2026-07-01T07:00:00.000Z'))).toBe('2026-07');
  });

  it('has no rows for no orders', () => {
    expect(taxReportOf([], '2026-01', '2026-03')).toEqual({
      rows: [],
      totals: { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 },
    });
  });
});

describe('the months of a report', () => {
  it('counts, shifts and bounds months in Pacific time', () => {
    expect(addTaxReportMonths('2026-01', -1)).toBe('2025-12');
    expect(addTaxReportMonths('2025-12', 1)).toBe('2026-01');
    expect(addTaxReportMonths('2026-03', -14)).toBe('2025-01');
    expect(taxReportMonthCount('2026-01', '2026-03')).toBe(3);
    expect(taxReportMonthCount('2024-02', '2026-01')).toBe(24);
    expect(taxReportMonthCount('2026-03', '2026-01')).toBe(0);
    expect(taxReportBounds('2026-01', '2026-06')).toEqual({
      start: new Date('2026-01-01T08:00:00.000Z'),
      endExclusive: new Date('2026-07-01T07:00:00.000Z'),
    });
    expect(taxReportBounds('2025-12', '2025-12').endExclusive).toEqual(
      new Date('2026-01-01T08:00:00.000Z'),
    );
  });

  it('takes at most 24 months, the first before the last', () => {
    const problem = (from: string, to: string) => {
      const result = getTaxReportRequest.safeParse({ from, to });
      return result.success ? null : result.error.issues.map((issue) => issue.message);
    };
    expect(problem('2024-02', '2026-01')).toBeNull();
    expect(problem('2026-01', '2026-01')).toBeNull();
    expect(problem('2024-01', '2026-01')).toEqual(['Choose at most 24 months.']);
    expect(problem('2026-02', '2026-01')).toEqual(['The first month comes before the last.']);
    expect(problem('2026-13', '2026-12')).toEqual(['Use a month as YYYY-MM.']);
  });

  it('words a range as the callable does (the Tax tab checks with taxReportRangeProblem)', () => {
    expect(TAX_REPORT_MAX_MONTHS).toBe(24);
    const ranges: Array<[string, string]> = [
      ['2024-02', '2026-01'],
      ['2024-01', '2026-01'],
      ['2019-12', '2026-01'],
      ['2026-02', '2026-01'],
      ['2026-01', '2026-01'],
      ['2025-12', '2026-01'],
      ['2026-00', '2026-01'],
      ['2026-1', '2026-01'],
    ];
    for (const [from, to] of ranges) {
      const result = getTaxReportRequest.safeParse({ from, to });
      const schemaSays = result.success ? null : result.error.issues[0]!.message;
      expect(taxReportRangeProblem(from, to), `${from} to ${to}`).toBe(schemaSays);
    }
  });
});

describe('taxReportCsv', () => {
  it('writes a header, a line per row in dollars and a totals line', () => {
    const { rows, totals } = taxReportOf(
      [
        order({}),
        order({ amount: 50_000, tax: { amount: 0, state: 'NV', exemption }, ship_state: 'NV' }),
      ],
      '2026-03',
      '2026-03',
    );
    expect(taxReportCsv(rows, totals)).toBe(
      'Month,State,Orders,Taxable sales (USD),Tax collected (USD),Exempt sales (USD)\r\n' +
        '2026-03,CA,1,100.00,7.25,0.00\r\n' +
        '2026-03,NV,1,0.00,0.00,500.00\r\n' +
        'Total,,2,100.00,7.25,500.00\r\n',
    );
  });

  it('is a header and a zero totals line for no rows', () => {
    expect(taxReportCsv([], { orders: 0, taxableSales: 0, taxCollected: 0, exemptSales: 0 })).toBe(
      'Month,State,Orders,Taxable sales (USD),Tax collected (USD),Exempt sales (USD)\r\n' +
        'Total,,0,0.00,0.00,0.00\r\n',
    );
  });
});

describe('tax collected', () => {
  it('counts the tax an order was charged even when it names an exemption', () => {
    const { totals } = taxReportOf(
      [order({ amount: 10_725, tax: { amount: 725, state: 'NV', exemption } })],
      '2026-01',
      '2026-12',
    );
    expect(totals).toMatchObject({ orders: 1, exemptSales: 10_000, taxCollected: 725 });
  });
});
