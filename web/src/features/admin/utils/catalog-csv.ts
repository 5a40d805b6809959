import {
  CATALOG_CSV_COLUMNS,
  catalogRecord,
  normalizeSku,
  parseCatalogRecords,
  type CatalogCsvColumn,
  type CatalogRow,
  type CatalogRowError,
} from '@portal/domain';
import type * as PapaTypes from 'papaparse';
import type { ProductWithPrices } from '@/entities/catalog';

/**
 * The catalog CSV in the manager's browser: the export (every product, in the domain's columns)
 * and the import's first step (the file read and every row checked, nothing written). The CSV
 * library is loaded only here, when a manager imports or exports, so the admin bundle does not
 * carry it.
 */
type PapaModule = typeof PapaTypes;

async function loadPapa(): Promise<PapaModule> {
  const loaded = (await import('papaparse')) as PapaModule & { default?: PapaModule };
  return loaded.default ?? loaded;
}

/**
 * A spreadsheet runs a cell starting with = + - @ (or tab / carriage return) as a formula (CSV
 * injection); the export puts a single quote before such a cell, and the import takes that quote
 * off again, so an exported file imports back unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** One product as an export row; a missing wholesale price is an empty cell (the import asks for it). */
function exportRecord(product: ProductWithPrices): Record<CatalogCsvColumn, string> {
  const { id: _id, price_wholesaler, ...rest } = product;
  const record = catalogRecord({ ...rest, price_wholesaler: price_wholesaler ?? 0 });
  return price_wholesaler === null ? { ...record, price_wholesaler: '' } : record;
}

/** The whole catalog as CSV text: the header row (CATALOG_CSV_COLUMNS), then one row per product. */
export async function buildCatalogCsv(products: readonly ProductWithPrices[]): Promise<string> {
  const Papa = await loadPapa();
  return Papa.unparse(
    {
      fields: [...CATALOG_CSV_COLUMNS],
      data: products.map((product) => {
        const record = exportRecord(product);
        return CATALOG_CSV_COLUMNS.map((column) => record[column]);
      }),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

/** catalog-2025-03-04.csv (the local date). */
export function catalogCsvFileName(today = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `catalog-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.csv`;
}

export type ImportAction = 'create' | 'update';

export interface PlannedRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  row: CatalogRow;
  action: ImportAction;
  /** The product a row updates (null: a new product). */
  productId: string | null;
}

/** What an import would do, or why it cannot: rows only when there is no error at all. */
export interface CatalogImportPlan {
  rows: PlannedRow[];
  errors: CatalogRowError[];
  created: number;
  updated: number;
  /** SKU -> id of the existing product each SKU updates. */
  existingBySku: Map<string, string>;
}

/** The catalog's products by SKU (products saved before SKUs existed have none and match nothing). */
function productsBySku(existing: readonly ProductWithPrices[]): Map<string, ProductWithPrices[]> {
  const bySku = new Map<string, ProductWithPrices[]>();
  for (const product of existing) {
    const sku = normalizeSku(product.sku);
    if (!sku) continue;
    bySku.set(sku, [...(bySku.get(sku) ?? []), product]);
  }
  return bySku;
}

/**
 * Checks parsed records (one object per row, keyed by header) with the domain's
 * parseCatalogRecords, then matches each row to the catalog by SKU: a known SKU updates that
 * product, a new one creates a product. A SKU that two products of the catalog already share
 * cannot say which one to update: that row is an error too.
 */
export function planCatalogImport(
  headers: readonly string[],
  records: readonly Readonly<Record<string, string | undefined>>[],
  existing: readonly ProductWithPrices[],
  extraErrors: readonly CatalogRowError[] = [],
): CatalogImportPlan {
  const parsed = parseCatalogRecords(headers, records);
  const bySku = productsBySku(existing);
  const errors = [...extraErrors, ...parsed.errors];
  const rows: PlannedRow[] = [];
  const existingBySku = new Map<string, string>();
  parsed.rows.forEach((row, index) => {
    const line = index + 2;
    const matches = bySku.get(row.sku) ?? [];
    if (matches.length > 1) {
      errors.push({
        line,
        sku: row.sku,
        message: `${matches.length} products in the catalog have SKU ${row.sku} (${matches
          .map((p) => p.name)
          .join(', ')}): give each its own SKU in the editor first`,
      });
      return;
    }
    const match = matches[0];
    if (match) existingBySku.set(row.sku, match.id);
    rows.push({
      line,
      row,
      action: match ? 'update' : 'create',
      productId: match?.id ?? null,
    });
  });
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) {
    return { rows: [], errors, created: 0, updated: 0, existingBySku: new Map() };
  }
  const updated = rows.filter((r) => r.action === 'update').length;
  return { rows, errors, created: rows.length - updated, updated, existingBySku };
}

/** The kinds of papaparse error that make a row unreadable (a delimiter guess is not one). */
const ROW_ERROR_TYPES = new Set(['Quotes', 'FieldMismatch']);

/**
 * Reads a CSV file's text and plans its import: headers are trimmed and lower-cased, blank lines
 * skipped, a leading byte order mark (spreadsheets save one) dropped. Rows the CSV library cannot
 * read (an unclosed quote, more or fewer cells than the header) are errors with their line.
 */
export async function readCatalogCsv(
  text: string,
  existing: readonly ProductWithPrices[],
): Promise<CatalogImportPlan> {
  const Papa = await loadPapa();
  const result = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (header) => header.trim().toLowerCase(),
    transform: (value) => value.replace(ESCAPED_FORMULA, ''),
  });
  const unreadable: CatalogRowError[] = result.errors
    .filter((error) => ROW_ERROR_TYPES.has(error.type))
    .map((error) => {
      const row = error.row ?? 0;
      return {
        line: row + 2,
        sku: normalizeSku(result.data[row]?.sku ?? ''),
        message:
          error.code === 'TooFewFields' || error.code === 'TooManyFields'
            ? `This row has a different number of cells than the header (${error.message})`
            : error.message,
      };
    });
  return planCatalogImport(result.meta.fields ?? [], result.data, existing, unreadable);
}
