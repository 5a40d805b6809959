import { describe, expect, it } from 'vitest';
import { makeUserRow } from '../testing/search-stubs';
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
