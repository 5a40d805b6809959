import { describe, expect, it } from 'vitest';
import { makeCompanyRow } from '../testing/search-stubs';
import { buildCompaniesCsv } from './companies-csv';

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

describe('buildCompaniesCsv', () => {
  it('writes id, name, type, status, permit, applicant, verified, counts, cities and dates, escaped', () => {
    const rows = rowsOf(
      buildCompaniesCsv([
        makeCompanyRow({
          id: 'c1',
          name: 'Smoke, "City"',
          status: 'approved',
          memberCount: 3,
          locationCount: 2,
          cities: ['Oakland', 'San Francisco'],
          reviewedAt: '2025-03-03T09:00:00.000Z',
        }),
        makeCompanyRow({
          id: 'c2',
          name: '@evil',
          applicantEmailVerified: false,
          cities: [],
          locationCount: 0,
          createdAt: null,
        }),
      ]),
    );
    expect(rows).toEqual([
      quoted(
        'Company ID,Company,Business Type,Status,Seller Permit ID,Applicant Name,Applicant Email,Verified,Members,Locations,Cities,Applied,Reviewed',
      ),
      '"c1","Smoke, ""City""","retailer","approved","SP-1001","Pat Lee","pat@cloudnine.test","yes","3","2","Oakland; San Francisco","2025-03-02T12:00:00.000Z","2025-03-03T09:00:00.000Z"',
      quoted("c2,'@evil,retailer,pending,SP-1001,Pat Lee,pat@cloudnine.test,no,1,0,,,"),
    ]);
  });

  it('neutralises every free-text field of a company', () => {
    const [, row] = rowsOf(
      buildCompaniesCsv([
        makeCompanyRow({
          name: 'Acme;=WEBSERVICE("x")',
          sellerPermitId: '@SUM(A1)',
          applicantName: '+Mallory',
          applicantEmail: '-2+3@x.test',
          cities: ['=HYPERLINK("http://evil.test")'],
        }),
      ]),
    );
    expect(row).toContain(
      `"Acme;=WEBSERVICE(""x"")","retailer","pending","'@SUM(A1)","'+Mallory","'-2+3@x.test"`,
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
  });
});
