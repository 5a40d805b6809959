import { describe, expect, it } from 'vitest';
import {
  MAX_QUICK_ORDER_LINES,
  parseQuickOrderText,
  readQuickOrder,
  resolveQuickOrder,
  type QuickOrderLine,
  type QuickOrderProduct,
} from './quick-order';

const FORMAT_ERROR = 'Write a SKU and a quantity, like "SYR-BLUE 24"';

describe('parseQuickOrderText', () => {
  it.each([
    ['SYR-BLUE 48', 'SYR-BLUE', 48],
    ['SYR-BLUE,48', 'SYR-BLUE', 48],
    ['SYR-BLUE, 48', 'SYR-BLUE', 48],
    ['SYR-BLUE;48', 'SYR-BLUE', 48],
    ['SYR-BLUE\t48', 'SYR-BLUE', 48],
    ['SYR-BLUE x48', 'SYR-BLUE', 48],
    ['SYR-BLUE X 48', 'SYR-BLUE', 48],
    ['SYR-BLUE ×48', 'SYR-BLUE', 48],
    ['  syr-blue   48  ', 'SYR-BLUE', 48],
    ['cup.16_oz 12', 'CUP.16_OZ', 12],
  ])('reads %j', (text, sku, quantity) => {
    expect(parseQuickOrderText(text)).toEqual({ lines: [{ line: 1, sku, quantity }], errors: [] });
  });

  it('reads a pasted spreadsheet column pair with Windows line ends, skipping blank lines', () => {
    const parsed = parseQuickOrderText('SYR-BLUE\t24\r\n\r\nMCH-SINGLE\t1\r\n   \nCUP-16\t60\r\n');
    expect(parsed.errors).toEqual([]);
    expect(parsed.lines).toEqual([
      { line: 1, sku: 'SYR-BLUE', quantity: 24 },
      { line: 3, sku: 'MCH-SINGLE', quantity: 1 },
      { line: 5, sku: 'CUP-16', quantity: 60 },
    ]);
  });

  it('reports each bad line with its number and text, and keeps the good ones', () => {
    const parsed = parseQuickOrderText(
      [
        'SYR-BLUE 24',
        'SYR-RED',
        'SYR-GREEN -3',
        'SYR-MANGO 1.5',
        'SYR-PURPLE twelve',
        'SYR-PURPLE 0',
        'MCH-SINGLE 1000',
        'MCH-DOUBLE 1e3',
        'SYR-RED 4 8',
        'SKU,Quantity',
        'CUP-16 60',
      ].join('\n'),
    );
    expect(parsed.lines).toEqual([
      { line: 1, sku: 'SYR-BLUE', quantity: 24 },
      { line: 11, sku: 'CUP-16', quantity: 60 },
    ]);
    expect(parsed.errors).toEqual([
      { line: 2, text: 'SYR-RED', error: FORMAT_ERROR },
      { line: 3, text: 'SYR-GREEN -3', error: 'Quantity must be at least 1' },
      { line: 4, text: 'SYR-MANGO 1.5', error: 'Enter a whole number' },
      { line: 5, text: 'SYR-PURPLE twelve', error: 'Enter a whole number' },
      { line: 6, text: 'SYR-PURPLE 0', error: 'Quantity must be at least 1' },
      { line: 7, text: 'MCH-SINGLE 1000', error: 'At most 999 per order line' },
      { line: 8, text: 'MCH-DOUBLE 1e3', error: 'Enter a whole number' },
      { line: 9, text: 'SYR-RED 4 8', error: FORMAT_ERROR },
      { line: 10, text: 'SKU,Quantity', error: 'Enter a whole number' },
    ]);
  });

  it('reads nothing from empty text', () => {
    expect(parseQuickOrderText('')).toEqual({ lines: [], errors: [] });
    expect(parseQuickOrderText('\n \n\t\n')).toEqual({ lines: [], errors: [] });
  });

  it(`refuses more than ${MAX_QUICK_ORDER_LINES} lines as a whole`, () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `SKU-${i} 1`).join('\n');
    expect(parseQuickOrderText(lines(MAX_QUICK_ORDER_LINES)).lines).toHaveLength(
      MAX_QUICK_ORDER_LINES,
    );
    expect(parseQuickOrderText(lines(MAX_QUICK_ORDER_LINES + 1))).toEqual({
      lines: [],
      errors: [{ line: 0, text: '', error: 'A quick order takes at most 100 lines' }],
    });
  });
});

const product = (
  id: string,
  sku: string,
  overrides: Partial<QuickOrderProduct> = {},
): QuickOrderProduct => ({
  id,
  sku,
  name: `${id} name`,
  case_pack: 1,
  min_quantity: 1,
  stock_on_hand: null,
  stock_reserved: 0,
  ...overrides,
});

const catalog = [
  product('blue', 'SYR-BLUE'),
  product('cups', 'CUP-16', { case_pack: 20, min_quantity: 20, stock_on_hand: 400 }),
  product('straws', 'STR-SPOON', { case_pack: 6, min_quantity: 12 }),
  product('lids', 'LID-16', { case_pack: 20, min_quantity: 20, stock_on_hand: 0 }),
  product('triple', 'MCH-TRIPLE', { stock_on_hand: 8, stock_reserved: 3 }),
];
const bySku = new Map(catalog.map((p) => [p.sku, p] as const));
const line = (n: number, sku: string, quantity: number): QuickOrderLine => ({
  line: n,
  sku,
  quantity,
});

describe('resolveQuickOrder', () => {
  it('resolves known SKUs, keeping quantities that fit', () => {
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'SYR-BLUE', 3), line(2, 'CUP-16', 60)],
      bySku,
    );
    expect(errors).toEqual([]);
    expect(resolved.map((r) => [r.line, r.product.id, r.quantity, r.note])).toEqual([
      [1, 'blue', 3, null],
      [2, 'cups', 60, null],
    ]);
  });

  it('rounds to case packs and minimums with a note', () => {
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'CUP-16', 48), line(2, 'STR-SPOON', 5)],
      bySku,
    );
    expect(errors).toEqual([]);
    expect(resolved.map((r) => [r.product.id, r.quantity, r.note])).toEqual([
      ['cups', 60, 'Sold in cases of 20: 48 units became 60.'],
      ['straws', 12, 'The minimum order is 12 units: 5 units became 12.'],
    ]);
  });

  it('reports an unknown SKU on its line', () => {
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'SYR-BLUE', 1), line(4, 'SYR-NOPE', 2)],
      bySku,
    );
    expect(resolved).toHaveLength(1);
    expect(errors).toEqual([{ line: 4, text: 'SYR-NOPE', error: 'Unknown SKU SYR-NOPE' }]);
  });

  it('adds up the same SKU on two lines, under the first line number', () => {
    const { resolved } = resolveQuickOrder(
      [line(2, 'CUP-16', 20), line(5, 'SYR-BLUE', 1), line(7, 'CUP-16', 40)],
      bySku,
    );
    expect(resolved.map((r) => [r.line, r.product.id, r.quantity])).toEqual([
      [2, 'cups', 60],
      [5, 'blue', 1],
    ]);
  });

  it('refuses an out-of-stock product and more than is left', () => {
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'LID-16', 20), line(2, 'MCH-TRIPLE', 6), line(3, 'MCH-TRIPLE', 1)],
      bySku,
    );
    expect(resolved).toEqual([]);
    expect(errors).toEqual([
      { line: 1, text: 'LID-16', error: 'lids name is out of stock.' },
      // 6 + 1 asked for, 8 on hand of which 3 reserved.
      { line: 2, text: 'MCH-TRIPLE', error: 'Only 5 left of triple name.' },
    ]);
    expect(resolveQuickOrder([line(1, 'MCH-TRIPLE', 5)], bySku).errors).toEqual([]);
  });

  it('takes more than is left of a product that takes backorders: the rest is backordered', () => {
    const backorders = { backorders_allowed: true };
    const skus = new Map([
      ['LID-16', { ...bySku.get('LID-16')!, ...backorders }],
      ['MCH-TRIPLE', { ...bySku.get('MCH-TRIPLE')!, ...backorders }],
    ]);
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'LID-16', 20), line(2, 'MCH-TRIPLE', 7)],
      skus,
    );
    expect(errors).toEqual([]);
    expect(resolved.map((r) => [r.product.id, r.quantity])).toEqual([
      ['lids', 20],
      ['triple', 7],
    ]);
  });

  it('counts what the cart already holds, adding only the difference', () => {
    const inCart = (id: string) => ({ cups: 20, triple: 4, blue: 999 })[id] ?? 0;
    const { resolved, errors } = resolveQuickOrder(
      [line(1, 'CUP-16', 10), line(2, 'MCH-TRIPLE', 2), line(3, 'SYR-BLUE', 1)],
      bySku,
      inCart,
    );
    // 20 in the cart + 10 = 30, rounded to 40: 20 more.
    expect(resolved.map((r) => [r.product.id, r.quantity, r.note])).toEqual([
      ['cups', 20, 'Sold in cases of 20: 30 units became 40.'],
    ]);
    expect(errors).toEqual([
      // 4 in the cart + 2 = 6 > 5 available.
      { line: 2, text: 'MCH-TRIPLE', error: 'Only 5 left of triple name.' },
      {
        line: 3,
        text: 'SYR-BLUE',
        error: 'Your cart already has the most blue name one line can take.',
      },
    ]);
  });

  it('caps a line at the most one cart line takes', () => {
    const { resolved } = resolveQuickOrder([line(1, 'SYR-BLUE', 900)], bySku, () => 500);
    expect(resolved.map((r) => [r.quantity, r.note])).toEqual([
      [499, 'At most 999 per order line: 1400 units became 999.'],
    ]);
  });

  it('lists errors by line number', () => {
    const { errors } = resolveQuickOrder(
      [line(9, 'SYR-NOPE', 1), line(3, 'LID-16', 20), line(1, 'XX', 1)],
      bySku,
    );
    expect(errors.map((e) => e.line)).toEqual([1, 3, 9]);
  });

  it('resolves what parseQuickOrderText reads', () => {
    const parsed = parseQuickOrderText('syr-blue 2\ncup-16 x 48\nnope 1');
    const { resolved, errors } = resolveQuickOrder(parsed.lines, bySku);
    expect(resolved.map((r) => [r.product.id, r.quantity])).toEqual([
      ['blue', 2],
      ['cups', 60],
    ]);
    expect(errors).toEqual([{ line: 3, text: 'NOPE', error: 'Unknown SKU NOPE' }]);
  });
});

describe('readQuickOrder', () => {
  it('keeps the valid lines to add and holds back only the bad ones, each with its reason', () => {
    const text = [
      'syr-blue 4',
      'BOGUS-1 5',
      '',
      'LID-16 20',
      'CUP-16 40',
      'STR-SPOON 1.5',
      'lid-16 40',
    ].join('\n');
    const read = readQuickOrder(text, bySku);
    expect(read.resolved.map((r) => [r.line, r.product.sku, r.quantity])).toEqual([
      [1, 'SYR-BLUE', 4],
      [5, 'CUP-16', 40],
    ]);
    expect(read.errors.map((e) => [e.line, e.error])).toEqual([
      [2, 'Unknown SKU BOGUS-1'],
      [4, 'lids name is out of stock.'],
      [6, 'Enter a whole number'],
    ]);
    // Both lines of the out-of-stock SKU are held back, as typed.
    expect(read.heldBack).toBe('BOGUS-1 5\nLID-16 20\nSTR-SPOON 1.5\nlid-16 40');
    expect(read.empty).toBe(false);
  });

  it('holds back nothing when every line is good, and knows an empty field', () => {
    expect(readQuickOrder('SYR-BLUE 4\r\nCUP-16 20', bySku).heldBack).toBe('');
    expect(readQuickOrder(' \n', bySku)).toEqual({
      resolved: [],
      errors: [],
      heldBack: '',
      empty: true,
    });
  });
});
