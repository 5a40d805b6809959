import { describe, expect, it } from 'vitest';
import { makeOrderRow } from '../testing/search-stubs';
import { buildOrdersCsv } from './orders-csv';

/** A row as csv.ts writes it: every cell quoted (the cells given here hold no quote or comma). */
const quoted = (cells: string): string =>
  cells
    .split(',')
    .map((cell) => `"${cell}"`)
    .join(',');

function rowsOf(csv: string): string[] {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(1, -2).split('\r\n');
}

describe('buildOrdersCsv', () => {
  it('writes the header row even with no orders', () => {
    expect(rowsOf(buildOrdersCsv([]))).toEqual([
      quoted(
        'Order ID,Date,Store,Status,Payment Type,Amount (USD),Refunded (USD),Invoice,Email,Role,Ship To,Items,Paid At',
      ),
    ]);
  });

  it('writes one row per order with ISO dates, dollars and raw values', () => {
    const rows = rowsOf(
      buildOrdersCsv([
        makeOrderRow({
          id: 'ord_1',
          amount: 12345,
          itemCount: 2,
          lines: 'Purple Dream Syrup x 4; Blue Coast Syrup x 2',
          shipTo: 'Pat Lee, 1 Main St, Oakland, CA 94607',
        }),
        makeOrderRow({
          id: 'ord_2',
          amount: 990,
          status: 'cancelled',
          refundedAmount: 990,
          invoiceNumber: null,
          email: null,
          role: null,
          paidAt: null,
        }),
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toBe(
      '"ord_1","2025-03-04T18:30:00.000Z","Smoke City","processing","one_time","123.45","0.00","INV-000042","owner@smokecity.test","retailer","Pat Lee, 1 Main St, Oakland, CA 94607","Purple Dream Syrup x 4; Blue Coast Syrup x 2","2025-03-04T18:31:00.000Z"',
    );
    expect(rows[2]).toBe(
      quoted(
        'ord_2,2025-03-04T18:30:00.000Z,Smoke City,cancelled,one_time,9.90,9.90,,,,,Purple Dream Syrup x 1,',
      ),
    );
  });

  it('escapes hostile store names, emails, addresses and lines', () => {
    const csv = buildOrdersCsv([
      makeOrderRow({
        storeName: '=cmd|" /C calc"!A0',
        email: '+1@x.test',
        shipTo: 'Acme;=WEBSERVICE("http://evil.test")',
        lines: '-1+1 x 1',
      }),
    ]);
    expect(csv).toContain(`,"'=cmd|"" /C calc""!A0",`);
    expect(csv).toContain(`,"'+1@x.test",`);
    expect(csv).toContain(`,"Acme;=WEBSERVICE(""http://evil.test"")",`);
    expect(csv).toContain(`,"'-1+1 x 1",`);
  });
});
