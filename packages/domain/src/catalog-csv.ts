import { centsToDollarString, dollarsToCents, type Cents } from './money';
import { formatPriceBreaks, priceBreaksProblem, type PriceBreak } from './price-breaks';
import {
  catalogProductProblem,
  catalogProductSchema,
  skuSchema,
  type CatalogProduct,
} from './schemas';

/**
 * The catalog as CSV, for managers' import and export. The web app turns the file into records
 * (one object per row, keyed by header) with a CSV library; this module checks every row and
 * says what is wrong with each, so nothing is written unless every row is valid.
 * Rows are matched to products by SKU: a known SKU updates that product, a new one creates one.
 */
export const CATALOG_CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'description',
  'image_url',
  'images',
  'price_retailer',
  'price_wholesaler',
  'retail_breaks',
  'wholesale_breaks',
  'case_pack',
  'min_quantity',
  'stock_on_hand',
  'is_active',
  'sort_order',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** Columns a file must have; the others default (no breaks, sold by the unit, stock untracked). */
export const REQUIRED_CATALOG_COLUMNS: readonly CatalogCsvColumn[] = [
  'sku',
  'name',
  'image_url',
  'price_retailer',
  'price_wholesaler',
];

/** The most rows one import takes. */
export const MAX_CATALOG_IMPORT_ROWS = 5000;

/** A product as one CSV row reads, before it is matched to an existing product. */
export type CatalogRow = Omit<
  CatalogProduct,
  'id' | 'stock_reserved' | 'created_at' | 'image_sizes' | 'backorders_allowed' | 'restock_date'
>;

export interface CatalogRowError {
  /** The row's line in the file (the header is line 1). */
  line: number;
  sku: string;
  message: string;
}

function money(label: string, text: string): Cents {
  try {
    return dollarsToCents(text);
  } catch {
    throw new Error(`${label} must be an amount in dollars with at most 2 decimals, like 12.50`);
  }
}

function wholeNumber(label: string, text: string, fallback: number): number {
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${label} must be a whole number`);
  return Number(text);
}

/** "24:3.90|48:3.50" -> breaks (an empty cell: none). */
export function parsePriceBreaks(label: string, text: string): PriceBreak[] {
  if (text === '') return [];
  return text.split('|').map((part) => {
    const match = /^\s*(\d+)\s*:\s*([^\s]+)\s*$/.exec(part);
    if (!match) throw new Error(`${label} must look like 24:3.90|48:3.50`);
    return { min_quantity: Number(match[1]), unit_amount: money(label, match[2]!) };
  });
}

function flag(text: string): boolean {
  const value = text.toLowerCase();
  if (['', 'true', 'yes', '1'].includes(value)) return true;
  if (['false', 'no', '0'].includes(value)) return false;
  throw new Error('is_active must be true or false');
}

function breakLadderProblem(row: {
  price_retailer: Cents;
  price_wholesaler: Cents;
  price_breaks: PriceBreak[];
  wholesale_breaks: PriceBreak[];
}): string | null {
  const retail = priceBreaksProblem(row.price_retailer, row.price_breaks);
  if (retail) return `Retail price breaks: ${retail}`;
  const wholesale = priceBreaksProblem(row.price_wholesaler, row.wholesale_breaks);
  return wholesale ? `Wholesale price breaks: ${wholesale}` : null;
}

/** Reads one record; throws an Error whose message says what is wrong. */
function readRow(record: Readonly<Record<string, string | undefined>>): CatalogRow {
  const cell = (column: CatalogCsvColumn) => (record[column] ?? '').trim();
  const stock = cell('stock_on_hand');
  const casePack = wholeNumber('case_pack', cell('case_pack'), 1);
  const candidate = {
    sku: cell('sku'),
    name: cell('name'),
    category: cell('category'),
    description: cell('description'),
    image_url: cell('image_url'),
    images: cell('images')
      ? cell('images')
          .split('|')
          .map((url) => url.trim())
      : [],
    price_retailer: money('price_retailer', cell('price_retailer')),
    price_wholesaler: money('price_wholesaler', cell('price_wholesaler')),
    price_breaks: parsePriceBreaks('retail_breaks', cell('retail_breaks')),
    wholesale_breaks: parsePriceBreaks('wholesale_breaks', cell('wholesale_breaks')),
    case_pack: casePack,
    // No minimum: one case.
    min_quantity: wholeNumber('min_quantity', cell('min_quantity'), casePack),
    stock_on_hand: stock === '' ? null : wholeNumber('stock_on_hand', stock, 0),
    is_active: flag(cell('is_active')),
    sort_order: wholeNumber('sort_order', cell('sort_order'), 0),
    stock_reserved: 0,
    created_at: null,
  };
  if (!candidate.sku) throw new Error('sku is required');
  const sku = skuSchema.safeParse(candidate.sku);
  if (!sku.success) throw new Error(sku.error.issues[0]!.message);
  // The ladders first: their messages name the column's rule ("starts at a whole number from 2
  // to 999", "at most 5") where the schema would only say "price_breaks.0.min_quantity: Too small".
  const ladders = breakLadderProblem(candidate);
  if (ladders) throw new Error(ladders);
  const parsed = catalogProductSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'row'}: ${issue.message}`);
  }
  const problem = catalogProductProblem(parsed.data);
  if (problem) throw new Error(problem);
  const {
    stock_reserved: _reserved,
    created_at: _created,
    image_sizes: _sizes,
    // Not columns of the file: an import keeps the product's backorder settings as they are.
    backorders_allowed: _backorders,
    restock_date: _restock,
    ...row
  } = parsed.data;
  return { ...row, sku: sku.data };
}

/**
 * Checks a whole file: the header (every required column, no unknown one), each row, and that
 * no SKU appears twice. Returns the rows only when there is no error at all.
 */
export function parseCatalogRecords(
  headers: readonly string[],
  records: readonly Readonly<Record<string, string | undefined>>[],
): { rows: CatalogRow[]; errors: CatalogRowError[] } {
  const known = new Set<string>(CATALOG_CSV_COLUMNS);
  const missing = REQUIRED_CATALOG_COLUMNS.filter((column) => !headers.includes(column));
  const unknown = headers.filter((header) => !known.has(header));
  const headerErrors: CatalogRowError[] = [];
  if (missing.length > 0) {
    headerErrors.push({ line: 1, sku: '', message: `Missing columns: ${missing.join(', ')}` });
  }
  if (unknown.length > 0) {
    headerErrors.push({ line: 1, sku: '', message: `Unknown columns: ${unknown.join(', ')}` });
  }
  if (headerErrors.length > 0) return { rows: [], errors: headerErrors };
  if (records.length === 0) {
    return { rows: [], errors: [{ line: 1, sku: '', message: 'The file has no products' }] };
  }
  if (records.length > MAX_CATALOG_IMPORT_ROWS) {
    return {
      rows: [],
      errors: [
        { line: 1, sku: '', message: `At most ${MAX_CATALOG_IMPORT_ROWS} products per import` },
      ],
    };
  }
  const rows: CatalogRow[] = [];
  const errors: CatalogRowError[] = [];
  const firstLine = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    const sku = (record.sku ?? '').trim().toUpperCase();
    try {
      const row = readRow(record);
      const earlier = firstLine.get(row.sku);
      if (earlier !== undefined) {
        errors.push({ line, sku, message: `Duplicate SKU ${row.sku} (also on line ${earlier})` });
        return;
      }
      firstLine.set(row.sku, line);
      rows.push(row);
    } catch (error) {
      errors.push({ line, sku, message: error instanceof Error ? error.message : String(error) });
    }
  });
  return errors.length > 0 ? { rows: [], errors } : { rows, errors };
}

/** One product as a CSV record (the export; importing it back changes nothing). */
export function catalogRecord(
  product: Omit<CatalogProduct, 'id'>,
): Record<CatalogCsvColumn, string> {
  return {
    sku: product.sku,
    name: product.name,
    category: product.category,
    description: product.description,
    image_url: product.image_url,
    images: product.images.join('|'),
    price_retailer: centsToDollarString(product.price_retailer),
    price_wholesaler: centsToDollarString(product.price_wholesaler),
    retail_breaks: formatPriceBreaks(product.price_breaks),
    wholesale_breaks: formatPriceBreaks(product.wholesale_breaks),
    case_pack: String(product.case_pack),
    min_quantity: String(product.min_quantity),
    stock_on_hand: product.stock_on_hand === null ? '' : String(product.stock_on_hand),
    is_active: String(product.is_active),
    sort_order: String(product.sort_order),
  };
}
