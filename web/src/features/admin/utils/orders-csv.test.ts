import { describe, expect, it } from 'vitest';
import { buildOrdersCsv, centsToCsvAmount, csvCell, type CsvOrder } from './orders-csv';

const order = (overrides: Partial<CsvOrder> = {}): CsvOrder => ({
  id: 'ord_1',
  created_at: new Date('2025-03-04T05:06:07.000Z'),
  store_name: 'Smoke City',
  status: 'processing',
  payment_type: 'one_time',
  amount: 12345,
  items: [
    { name: 'Purple Dream Syrup', quantity: 2 },
    { name: 'Slushie Machine', quantity: 1 },
  ],
  invoice_number: 'INV-000007',
  refunded_amount: 0,
  ship_to: {
    name: 'Sam Rivera',
    phone: '',
    address: {
      line1: '500 Market St',
      line2: '',
      city: 'San Francisco',
      state: 'CA',
      postal_code: '94105',
      country: 'US',
    },
  },
  ...overrides,
});

function rowsOf(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('Smoke City')).toBe('Smoke City');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Smoke, Vape & More')).toBe('"Smoke, Vape & More"');
    expect(csvCell('The "Best" Shop')).toBe('"The ""Best"" Shop"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd'])(
    'neutralises a formula-looking cell %j with a leading quote',
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('neutralises and quotes at once', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('=A1&"x"')).toBe(`"'=A1&""x"""`);
  });
});

describe('centsToCsvAmount', () => {
  it('shows dollars with two decimals', () => {
    expect(centsToCsvAmount(0)).toBe('0.00');
    expect(centsToCsvAmount(5)).toBe('0.05');
    expect(centsToCsvAmount(12345)).toBe('123.45');
    expect(centsToCsvAmount(100000000)).toBe('1000000.00');
  });
});

describe('buildOrdersCsv', () => {
  it('writes the header row even with no orders', () => {
    expect(rowsOf(buildOrdersCsv([]))).toEqual([
      'Order ID,Date,Store,Status,Payment Type,Amount (USD),Refunded (USD),Invoice,Ship To,Items',
    ]);
  });

  it('writes one row per order with ISO dates, dollars and "name x qty" items', () => {
    const rows = rowsOf(
      buildOrdersCsv([
        order(),
        order({
          id: 'ord_2',
          amount: 990,
          items: [],
          status: 'cancelled',
          refunded_amount: 990,
          invoice_number: null,
          ship_to: null,
        }),
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(
      'ord_1,2025-03-04T05:06:07.000Z,Smoke City,processing,one_time,123.45,0.00,INV-000007,"Sam Rivera, 500 Market St, San Francisco, CA 94105, United States",Purple Dream Syrup x 2; Slushie Machine x 1',
    );
    expect(rows[2]).toBe(
      'ord_2,2025-03-04T05:06:07.000Z,Smoke City,cancelled,one_time,9.90,9.90,,,',
    );
  });

  it('escapes hostile store and product names', () => {
    const csv = buildOrdersCsv([
      order({
        store_name: '=cmd|" /C calc"!A0',
        items: [{ name: 'Syrup, "Blue"\nCoast', quantity: 3 }],
      }),
    ]);
    const body = csv.slice(1);
    expect(body).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(body).toContain('"Syrup, ""Blue""\nCoast x 3"');
  });
});
