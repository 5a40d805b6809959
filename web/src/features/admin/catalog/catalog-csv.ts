import {
  businessDay,
  CATALOG_CSV_COLUMNS,
  catalogRecord,
  normalizeSku,
  parseCatalogRecords,
  type CatalogCsvColumn,
  type CatalogRow,
  type CatalogRowError,
} from '@portal/domain';
import type * as PapaTypes from 'papaparse';
import { checkJoinedProduct, mergeImportRow, type ProductWithPrices } from '@/entities/catalog';
import { buildCsv, restoreNeutralisedFormula } from '@/components/table/csv';

/**
 * The catalog CSV in the manager's browser: the export (every product, in the domain's columns,
 * written by csv.ts like every export) and the import's first step (the file read and every row
 * checked, nothing written). The CSV library is loaded only here, when a manager imports, so the
 * admin bundle does not carry it.
 */
type PapaModule = typeof PapaTypes;

async function loadPapa(): Promise<PapaModule> {
  const loaded = (await import('papaparse')) as PapaModule & { default?: PapaModule };
  return loaded.default ?? loaded;
}

/** One product as an export row; a missing wholesale price is an empty cell (the import asks for it). */
function exportRecord(product: ProductWithPrices): Record<CatalogCsvColumn, string> {
  const { id: _id, price_wholesaler, ...rest } = product;
  const record = catalogRecord({ ...rest, price_wholesaler: price_wholesaler ?? 0 });
  return price_wholesaler === null ? { ...record, price_wholesaler: '' } : record;
}

/**
 * The whole catalog as CSV text (lib csv.ts: every cell quoted, formulas neutralised): the header
 * row (CATALOG_CSV_COLUMNS), then one row per product.
 */
export function buildCatalogCsv(products: readonly ProductWithPrices[]): string {
  return buildCsv(
    CATALOG_CSV_COLUMNS,
    products.map((product) => {
      const record = exportRecord(product);
      return CATALOG_CSV_COLUMNS.map((column) => record[column]);
    }),
  );
}

/** catalog-2025-03-04.csv: the business's day (Pacific), as every day the portal prints. */
export function catalogCsvFileName(today = new Date()): string {
  return `catalog-${businessDay(today)}.csv`;
}

export type ImportAction = 'create' | 'update';

export interface PlannedRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  /**
   * The product as the import leaves it: a new product is the row (a missing column gets its
   * default); an update is the existing product with the fields of the file's columns replaced.
   */
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
  /** The file's columns: an update writes only their fields (the others stay as they are). */
  columns: CatalogCsvColumn[];
  /** SKU -> the existing product each SKU updates, as loaded now (its stock is the baseline). */
  existingBySku: Map<string, ProductWithPrices>;
}

const KNOWN_COLUMNS: ReadonlySet<string> = new Set(CATALOG_CSV_COLUMNS);
const isColumn = (header: string): header is CatalogCsvColumn => KNOWN_COLUMNS.has(header);

/**
 * An existing product with a row's columns applied, checked as a whole with the domain's schema
 * and cross-field rules (each row alone was checked already, so what fails here fails with the
 * values the file leaves alone): the product as it will be, or the reason it cannot be.
 */
function mergedRow(
  existing: ProductWithPrices,
  row: CatalogRow,
  columns: readonly CatalogCsvColumn[],
): { row: CatalogRow } | { error: string } {
  const keep = "the columns missing from this file keep the product's current values";
  const checked = checkJoinedProduct({ ...mergeImportRow(existing, row, columns) });
  return 'error' in checked ? { error: `${checked.error} (${keep})` } : { row: checked.product };
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
 * product, a new one creates a product. An update changes only the fields of the file's columns,
 * and the product as it will be is checked again as a whole (a file setting case_pack 12 but not
 * min_quantity, on a product whose minimum is 1, is an error on that row). A SKU that two
 * products of the catalog already share cannot say which one to update: that row is an error too.
 */
export function planCatalogImport(
  headers: readonly string[],
  records: readonly Readonly<Record<string, string | undefined>>[],
  existing: readonly ProductWithPrices[],
  extraErrors: readonly CatalogRowError[] = [],
): CatalogImportPlan {
  const parsed = parseCatalogRecords(headers, records);
  const columns = headers.filter(isColumn);
  const bySku = productsBySku(existing);
  const errors = [...extraErrors, ...parsed.errors];
  const rows: PlannedRow[] = [];
  const existingBySku = new Map<string, ProductWithPrices>();
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
    if (!match) {
      rows.push({ line, row, action: 'create', productId: null });
      return;
    }
    const merged = mergedRow(match, row, columns);
    if ('error' in merged) {
      errors.push({ line, sku: row.sku, message: merged.error });
      return;
    }
    existingBySku.set(row.sku, match);
    rows.push({ line, row: merged.row, action: 'update', productId: match.id });
  });
  errors.sort((a, b) => a.line - b.line);
  if (errors.length > 0) {
    return { rows: [], errors, created: 0, updated: 0, columns, existingBySku: new Map() };
  }
  const updated = rows.filter((r) => r.action === 'update').length;
  return { rows, errors, created: rows.length - updated, updated, columns, existingBySku };
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
    transform: restoreNeutralisedFormula,
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
