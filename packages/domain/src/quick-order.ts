import { parseQuantityInput, roundQuantity, type QuantityRule } from './quantities';
import { normalizeSku } from './schemas';
import { takesBackorders } from './backorders';
import { availableStock, stockShortMessage, type StockLevels } from './stock';

/**
 * Quick order: a buyer types or pastes lines of "SKU quantity" ("SYR-BLUE 48", "SYR-BLUE,48",
 * "SYR-BLUE<tab>48", "SYR-BLUE x48") and adds them all to the cart in one step. Each line is
 * read and checked on its own, so one bad line is reported without losing the others.
 */
export const MAX_QUICK_ORDER_LINES = 100;

export interface QuickOrderLine {
  /** 1-based line number in the pasted text. */
  line: number;
  sku: string;
  quantity: number;
}

export interface QuickOrderLineError {
  line: number;
  /** The text of the line, as typed. */
  text: string;
  error: string;
}

const LINE = /^([^\s,;\t]+)[\s,;\t]+(?:x|×)?\s*(\S+)$/i;

/** Splits pasted text into SKU/quantity lines; blank lines are skipped, others read or reported. */
export function parseQuickOrderText(text: string): {
  lines: QuickOrderLine[];
  errors: QuickOrderLineError[];
} {
  const lines: QuickOrderLine[] = [];
  const errors: QuickOrderLineError[] = [];
  const rows = text.split(/\r?\n/);
  rows.forEach((raw, index) => {
    const row = raw.trim();
    if (!row) return;
    const line = index + 1;
    const match = LINE.exec(row);
    if (!match) {
      errors.push({ line, text: row, error: 'Write a SKU and a quantity, like "SYR-BLUE 24"' });
      return;
    }
    const quantity = parseQuantityInput(match[2]!);
    if (!quantity.ok) {
      errors.push({ line, text: row, error: quantity.error });
      return;
    }
    lines.push({ line, sku: normalizeSku(match[1]!), quantity: quantity.quantity });
  });
  if (lines.length + errors.length > MAX_QUICK_ORDER_LINES) {
    return {
      lines: [],
      errors: [
        {
          line: 0,
          text: '',
          error: `A quick order takes at most ${MAX_QUICK_ORDER_LINES} lines`,
        },
      ],
    };
  }
  return { lines, errors };
}

/** What quick order needs of a product to resolve a SKU into a cart line. */
export interface QuickOrderProduct extends QuantityRule, StockLevels {
  id: string;
  sku: string;
  name: string;
}

export interface ResolvedQuickOrderLine {
  line: number;
  product: QuickOrderProduct;
  /** The quantity added: the one asked for, rounded to the product's case pack and minimum. */
  quantity: number;
  /** Why the quantity changed (rounded), or null. */
  note: string | null;
}

/**
 * Resolves parsed lines against the buyer's catalog (active products they can buy, by SKU):
 * an unknown SKU, an out-of-stock product or more than is left is an error on that line (not for
 * a product that takes backorders: what stock does not cover is backordered); a quantity is
 * rounded to the case pack and minimum with a note. The same SKU on two lines is added up into
 * one line (the first's line number).
 */
export function resolveQuickOrder(
  lines: readonly QuickOrderLine[],
  bySku: ReadonlyMap<string, QuickOrderProduct>,
  inCart: (productId: string) => number = () => 0,
): { resolved: ResolvedQuickOrderLine[]; errors: QuickOrderLineError[] } {
  const errors: QuickOrderLineError[] = [];
  const wanted = new Map<string, { line: number; product: QuickOrderProduct; quantity: number }>();
  for (const { line, sku, quantity } of lines) {
    const product = bySku.get(sku);
    if (!product) {
      errors.push({ line, text: sku, error: `Unknown SKU ${sku}` });
      continue;
    }
    const seen = wanted.get(product.id);
    if (seen) seen.quantity += quantity;
    else wanted.set(product.id, { line, product, quantity });
  }
  const resolved: ResolvedQuickOrderLine[] = [];
  for (const { line, product, quantity } of wanted.values()) {
    const rounded = roundQuantity(quantity + inCart(product.id), product);
    const adding = rounded.quantity - inCart(product.id);
    // A product that takes backorders orders past its stock: the rest is backordered.
    const available = takesBackorders(product) ? null : availableStock(product);
    if (available !== null && rounded.quantity > available) {
      errors.push({
        line,
        text: product.sku,
        error: `${stockShortMessage(product.name, available, product)}.`,
      });
      continue;
    }
    if (adding <= 0) {
      errors.push({
        line,
        text: product.sku,
        error: `Your cart already has the most ${product.name} one line can take.`,
      });
      continue;
    }
    resolved.push({ line, product, quantity: adding, note: rounded.note });
  }
  return { resolved, errors: errors.sort((a, b) => a.line - b.line) };
}

/**
 * A quick order read in full: the lines that can be added now, every line's problem (by line
 * number), and the text of the lines held back (all lines of a SKU with a problem, as typed), so
 * the valid lines are added and only the bad ones stay in the field to be fixed.
 */
export function readQuickOrder(
  text: string,
  bySku: ReadonlyMap<string, QuickOrderProduct>,
  inCart: (productId: string) => number = () => 0,
): {
  resolved: ResolvedQuickOrderLine[];
  errors: QuickOrderLineError[];
  heldBack: string;
  empty: boolean;
} {
  const parsed = parseQuickOrderText(text);
  const { resolved, errors: lineErrors } = resolveQuickOrder(parsed.lines, bySku, inCart);
  const errors = [...parsed.errors, ...lineErrors].sort((a, b) => a.line - b.line);
  const badLines = new Set(parsed.errors.map((error) => error.line));
  const badSkus = new Set(lineErrors.map((error) => normalizeSku(error.text)));
  for (const line of parsed.lines) if (badSkus.has(line.sku)) badLines.add(line.line);
  const heldBack = text
    .split(/\r?\n/)
    .filter((_, index) => badLines.has(index + 1))
    .map((row) => row.trim())
    .join('\n');
  return {
    resolved,
    errors,
    heldBack,
    empty: parsed.lines.length + parsed.errors.length === 0,
  };
}
