import { takesBackorders } from './backorders';
import { isZipFile, looksBinary, sniffFileType } from './file-signatures';
import {
  maximumOrderQuantity,
  minimumOrderQuantity,
  parseQuantityInput,
  type QuantityRule,
} from './quantities';
import type { QuickOrderProduct } from './quick-order';
import { normalizeSku } from './schemas';
import { availableStock, orderableUnits } from './stock';
import { formatCount } from './number-text';

/**
 * A pasted or uploaded order (CSV or XLSX) of SKU and quantity lines, read into rows, checked line
 * by line against the buyer's catalog, each problem with a fix the buyer can apply in the preview.
 * Input that cannot be read safely (empty, binary, too long, formulas) is refused whole.
 */
export const MAX_UPLOAD_LINES = 500;

/** One line as read: its number in the file or pasted text, and its SKU and quantity as typed. */
export interface UploadRow {
  line: number;
  sku: string;
  quantity: string;
}

export type UploadInput = { ok: true; rows: UploadRow[] } | { ok: false; error: string };

/** A cell a spreadsheet would run as a formula (=, +, -, @), but not a plain signed number. */
export function isFormulaText(cell: string): boolean {
  const text = cell.trim();
  return /^[=+\-@]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text);
}

const count = formatCount;

/** "Line 4", "Lines 4 and 9", "Lines 4, 9 and 12", or the first ten and "and 3 more". */
export function linesText(lines: readonly number[]): string {
  if (lines.length === 1) return `Line ${lines[0]}`;
  const shown = lines.slice(0, 10).map(String);
  const more = lines.length - shown.length;
  if (more > 0) return `Lines ${shown.join(', ')} and ${more} more`;
  return `Lines ${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

export const FORMULAS_REFUSED =
  'formulas are not accepted. Type the SKU and quantity as plain values, then try again.';

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return String(cell).trim();
}

function isHeader(cells: readonly string[]): boolean {
  return /^(sku|item|product code)$/i.test(cells[0] ?? '') && !/^\d/.test(cells[1] ?? '');
}

/**
 * Rows of cells (a CSV's or a sheet's, or pasted lines split into cells) read into order rows:
 * the first two cells of each row are the SKU and the quantity, blank rows are skipped, and a first
 * row naming the columns (SKU, Quantity) is optional. `formulaLines` are rows a spreadsheet stored
 * as formulas. Refused whole: no lines, more than MAX_UPLOAD_LINES, or any formula.
 */
export function readOrderCells(
  cells: readonly (readonly unknown[])[],
  source: 'file' | 'list',
  formulaLines: readonly number[] = [],
): UploadInput {
  const rows: UploadRow[] = [];
  const formulas = new Set(formulaLines);
  let first = true;
  cells.forEach((raw, index) => {
    const line = index + 1;
    const row = raw.map(cellText);
    if (row.every((cell) => cell === '')) return;
    if (first && isHeader(row)) {
      first = false;
      return;
    }
    first = false;
    if (row.some(isFormulaText)) formulas.add(line);
    rows.push({ line, sku: row[0] ?? '', quantity: row[1] ?? '' });
  });
  if (rows.length === 0) {
    return {
      ok: false,
      error:
        source === 'file'
          ? 'This file is empty: it has no SKU and quantity lines.'
          : 'Paste at least one SKU and quantity.',
    };
  }
  if (rows.length > MAX_UPLOAD_LINES) {
    return {
      ok: false,
      error: `This ${source} has ${count(rows.length)} lines. An order takes at most ${MAX_UPLOAD_LINES}; split it and add each part.`,
    };
  }
  if (formulas.size > 0) {
    const lines = [...formulas].sort((a, b) => a - b);
    return { ok: false, error: `${linesText(lines)}: ${FORMULAS_REFUSED} Nothing was added.` };
  }
  return { ok: true, rows };
}

/** Pasted text split into cells: by tab, comma or semicolon, else by spaces ("SYR-BLUE x48"). */
export function splitOrderText(text: string): string[][] {
  return text.split(/\r?\n/).map((raw) => {
    const row = raw.trim();
    if (!row) return [];
    const cells = row.split(/\s*[\t,;]\s*/);
    if (cells.length > 1) return cells;
    const spaced = /^(\S+)\s+(?:[x×]\s*)?(\S+)$/i.exec(row);
    return spaced ? [spaced[1]!, spaced[2]!] : [row];
  });
}

/** A pasted block read into order rows (line numbers are the block's lines). */
export function readOrderText(text: string): UploadInput {
  return readOrderCells(splitOrderText(text), 'list');
}

export type OrderFileKind = 'csv' | 'xlsx';

/**
 * Which reader an uploaded file needs, from its name and first bytes, or why it is refused: an
 * empty file, a file that is not CSV or XLSX, an XLSX that is not a zip, a CSV with binary bytes.
 */
export function orderFileKind(
  name: string,
  size: number,
  head: Uint8Array,
): { ok: true; kind: OrderFileKind } | { ok: false; error: string } {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (extension !== 'csv' && extension !== 'txt' && extension !== 'xlsx') {
    return {
      ok: false,
      error: `Choose a CSV or XLSX file: ${name} is neither. Nothing was added.`,
    };
  }
  if (size === 0) {
    return { ok: false, error: `${name} is empty: it has no SKU and quantity lines.` };
  }
  if (extension === 'xlsx') {
    return isZipFile(head)
      ? { ok: true, kind: 'xlsx' }
      : {
          ok: false,
          error: `${name} is not a real XLSX file. Save it again from your spreadsheet as XLSX or CSV. Nothing was added.`,
        };
  }
  if (isZipFile(head) || sniffFileType(head) !== null || looksBinary(head)) {
    return {
      ok: false,
      error: `${name} is not a text file: it holds binary data. Upload a CSV of SKU and quantity, or an XLSX. Nothing was added.`,
    };
  }
  return { ok: true, kind: 'csv' };
}

// ---- Checking lines -----------------------------------------------------------------------------

/** Letters from other scripts that look like Latin letters or ASCII punctuation in a SKU. */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  // Dashes and minus signs
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

/** The ASCII SKU a text with look-alike characters resembles (NFKC, then the confusables). */
export function foldLookalikes(text: string): string {
  return [...text.normalize('NFKC')].map((char) => CONFUSABLES[char] ?? char).join('');
}

/** Whether a SKU holds characters outside printable ASCII. */
export function hasNonAscii(text: string): boolean {
  return /[^\x20-\x7e]/.test(text);
}

/** Edit distance of two strings, or `limit + 1` once it is known to pass `limit`. */
export function editDistance(a: string, b: string, limit = 2): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** The one catalog SKU within 2 edits of `sku` (the nearest; null when none or a tie). */
export function closestSku(sku: string, skus: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  let tie = false;
  for (const candidate of skus) {
    const distance = editDistance(sku, candidate, 2);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  return best && !tie ? best : null;
}

/** What quick order needs of a product, with whether it is still sold (active unless false). */
export interface OrderProduct extends QuickOrderProduct {
  is_active?: boolean;
}

/** A suggested change to a line: its label is the fix button's text. */
export type OrderFix =
  | { kind: 'sku'; label: string; sku: string }
  | { kind: 'quantity'; label: string; quantity: number }
  | { kind: 'remove'; label: string };

/** One line of the preview: as typed, with its product, problem and fix (null when it is fine). */
export interface CheckedOrderLine<P extends OrderProduct = OrderProduct> {
  line: number;
  sku: string;
  quantity: string;
  product: P | null;
  /** The quantity as a number, when it reads as one. */
  units: number | null;
  problem: string | null;
  fix: OrderFix | null;
  /** A note on a line that is fine: "20 backordered". */
  note: string | null;
}

const REMOVE: OrderFix = { kind: 'remove', label: 'Remove line' };

function units(n: number): string {
  return n === 1 ? '1 unit' : `${n} units`;
}

function quantityFix(quantity: number, verb: string): OrderFix {
  return { kind: 'quantity', label: `${verb} to ${quantity}`, quantity };
}

/** The quantity problem of a line under the product's rule, or null. */
function ruleProblem(
  name: string,
  wanted: number,
  rule: QuantityRule,
): { problem: string; fix: OrderFix } | null {
  const pack = Math.max(1, rule.case_pack);
  const min = minimumOrderQuantity(rule);
  const max = maximumOrderQuantity(rule);
  if (wanted < min && rule.min_quantity > 1 && wanted < rule.min_quantity) {
    return {
      problem: `The minimum order of ${name} is ${units(rule.min_quantity)}.`,
      fix: quantityFix(min, 'Raise'),
    };
  }
  if (wanted > max) {
    return { problem: `At most ${max} of ${name} per order line.`, fix: quantityFix(max, 'Lower') };
  }
  if (wanted % pack !== 0) {
    const up = Math.ceil(wanted / pack) * pack;
    return {
      problem: `${name} is sold in cases of ${pack}: ${units(wanted)} is not a whole case.`,
      fix: up <= max ? quantityFix(up, 'Round up') : quantityFix(max, 'Lower'),
    };
  }
  return null;
}

/**
 * Checks each row against the catalog (by normalized SKU) and the cart, in order: a quantity that
 * is not a whole number, a missing SKU, look-alike characters, an unknown SKU, a product no longer
 * sold, the minimum, the line cap, the case pack, and the stock left (what the cart and earlier
 * lines of the same product already take). Each problem comes with a fix when one is known.
 */
export function checkOrderLines<P extends OrderProduct>(
  rows: readonly UploadRow[],
  bySku: ReadonlyMap<string, P>,
  inCart: (productId: string) => number = () => 0,
): CheckedOrderLine<P>[] {
  const taken = new Map<string, number>();
  return rows.map((row) => {
    const base = { line: row.line, sku: row.sku, quantity: row.quantity, note: null };
    const parsed = row.quantity.trim()
      ? parseQuantityInput(row.quantity)
      : ({ ok: false, error: 'Add a quantity.' } as const);
    const wanted = parsed.ok ? parsed.quantity : null;
    const fail = (problem: string, fix: OrderFix | null, product: P | null = null) => ({
      ...base,
      product,
      units: wanted,
      problem,
      fix,
    });
    const sku = normalizeSku(row.sku);
    if (!sku) return fail('Add a SKU.', REMOVE);
    if (hasNonAscii(sku)) {
      const folded = normalizeSku(foldLookalikes(sku));
      const fix: OrderFix | null =
        !hasNonAscii(folded) && bySku.has(folded)
          ? { kind: 'sku', label: `Use ${folded}`, sku: folded }
          : null;
      return fail(
        `SKU ${sku} has characters that only look like Latin letters or digits; type it again.`,
        fix,
      );
    }
    const product = bySku.get(sku) ?? null;
    if (!product) {
      const near = closestSku(sku, bySku.keys());
      return fail(
        `Unknown SKU ${sku}.`,
        near ? { kind: 'sku', label: `Use ${near}`, sku: near } : REMOVE,
      );
    }
    if (product.is_active === false)
      return fail(`${product.name} is no longer sold.`, REMOVE, product);
    if (!parsed.ok) return fail(parsed.error, null, product);
    const quantity = parsed.quantity;
    const rule = ruleProblem(product.name, quantity, product);
    if (rule) return fail(rule.problem, rule.fix, product);
    const before = (taken.get(product.id) ?? 0) + inCart(product.id);
    // The cart line takes at most the line cap: with what the cart and earlier lines hold.
    const cap = maximumOrderQuantity(product);
    if (before + quantity > cap) {
      const room = orderableUnits(cap - before, product);
      return room > 0 && room >= minimumOrderQuantity(product)
        ? fail(
            `Your cart can take ${room} more of ${product.name} (at most ${cap} on one line).`,
            quantityFix(room, 'Lower'),
            product,
          )
        : fail(
            `Your cart already has the most ${product.name} one line can take.`,
            REMOVE,
            product,
          );
    }
    taken.set(product.id, (taken.get(product.id) ?? 0) + quantity);
    const available = availableStock(product);
    if (available !== null && before + quantity > available) {
      if (takesBackorders(product)) {
        const backordered = before + quantity - Math.max(available, before);
        return {
          ...base,
          product,
          units: quantity,
          problem: null,
          fix: null,
          note: `${backordered} backordered`,
        };
      }
      const left = orderableUnits(available - before, product);
      const canOrder = left > 0 && left >= minimumOrderQuantity(product);
      return fail(
        canOrder
          ? `Only ${left} of ${product.name} can be ordered now.`
          : `${product.name} is out of stock.`,
        canOrder ? quantityFix(left, 'Lower') : REMOVE,
        product,
      );
    }
    return { ...base, product, units: quantity, problem: null, fix: null };
  });
}

/** A row with a fix applied (a remove fix is the caller's: it drops the row). */
export function applyOrderFix(row: UploadRow, fix: OrderFix): UploadRow {
  if (fix.kind === 'sku') return { ...row, sku: fix.sku };
  if (fix.kind === 'quantity') return { ...row, quantity: String(fix.quantity) };
  return row;
}

/** "Line 12: Unknown SKU SYR-BLU." */
export function orderLineMessage(line: Pick<CheckedOrderLine, 'line' | 'problem'>): string {
  return `Line ${line.line}: ${line.problem ?? 'OK'}`;
}

/**
 * The sample file offered for download: a header row and a line for each of the first three
 * products, at the least each can be ordered (its minimum in whole cases).
 */
export function sampleOrderCsv(products: readonly (QuantityRule & { sku: string })[]): string {
  const lines = products
    .filter((product) => product.sku.trim() !== '')
    .slice(0, 3)
    .map((product) => `${product.sku},${minimumOrderQuantity(product)}`);
  return ['SKU,Quantity', ...lines].join('\r\n') + '\r\n';
}
