/**
 * The one home for writing CSV: every file the dashboard downloads (orders, companies, the catalog)
 * is built here. RFC 4180 cells, CRLF line ends, a UTF-8 byte-order mark so spreadsheet apps read
 * accented store names correctly, and no cell a spreadsheet would run as a formula.
 */

/** A cell starting with one of these is run as a formula by spreadsheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** The single quote `neutraliseFormula` put before such a cell. */
const NEUTRALISED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** A leading single quote makes a would-be formula plain text. */
function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A cell's text as it was before `csvCell` neutralised it: the catalog import takes the quote off
 * again, so an exported file imports back unchanged.
 */
export function restoreNeutralisedFormula(value: string): string {
  return value.replace(NEUTRALISED_FORMULA, '');
}

/**
 * One CSV cell (RFC 4180), always quoted, quotes doubled, a would-be formula neutralised. Quoting
 * every cell matters beyond commas: a spreadsheet set to a locale whose separator is `;` splits
 * an unquoted `Acme;=WEBSERVICE(...)` into a second cell that starts with `=` and runs it.
 */
export function csvCell(raw: string): string {
  return `"${neutraliseFormula(raw).replace(/"/g, '""')}"`;
}

/** Cents as dollars with two decimals and no currency sign or grouping, e.g. 123456 -> "1234.56". */
export function centsToCsvAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A header row and the rows, every cell escaped. */
export function buildCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Part of a file name from free text: lowercase letters, digits and dashes, at most 30. */
export function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30)
    .replace(/-+$/, '');
}

/**
 * The file name of an export that says its filter, e.g. orders-2026-11-01-to-2026-11-26-shipped.csv
 * or companies-all-pending-search-cloud-nine.csv.
 */
export function exportFileName(
  kind: 'orders' | 'companies',
  filter: {
    q: string;
    status: string | null;
    role: string | null;
    range: { from: string; to: string } | null;
  },
): string {
  const parts: string[] = [
    kind,
    filter.range ? `${filter.range.from}-to-${filter.range.to}` : 'all',
  ];
  if (filter.status) parts.push(filter.status);
  if (filter.role) parts.push(filter.role);
  const search = fileNamePart(filter.q);
  if (search) parts.push('search', search);
  return `${parts.join('-')}.csv`;
}
