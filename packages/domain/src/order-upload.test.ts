import { describe, expect, it } from 'vitest';
import { isZipFile, looksBinary } from './file-signatures';
import {
  MAX_UPLOAD_LINES,
  applyOrderFix,
  checkOrderLines,
  closestSku,
  editDistance,
  foldLookalikes,
  isFormulaText,
  linesText,
  orderFileKind,
  orderLineMessage,
  readOrderCells,
  readOrderText,
  sampleOrderCsv,
  splitOrderText,
  type OrderProduct,
  type UploadRow,
} from './order-upload';

/** ASCII text as bytes (the domain has no DOM or Node types). */
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

const product = (id: string, sku: string, overrides: Partial<OrderProduct> = {}): OrderProduct => ({
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
  product('red', 'SYR-RED'),
  product('cups', 'CUP-16', { case_pack: 20, min_quantity: 20, stock_on_hand: 400 }),
  product('straws', 'STR-SPOON', { case_pack: 6, min_quantity: 12 }),
  product('lids', 'LID-16', { case_pack: 20, min_quantity: 20, stock_on_hand: 0 }),
  product('triple', 'MCH-TRIPLE', { stock_on_hand: 50, stock_reserved: 3, case_pack: 4 }),
  product('beans', 'BEANS-1', { stock_on_hand: 10, backorders_allowed: true }),
  product('old', 'OLD-1', { is_active: false }),
];
const bySku = new Map(catalog.map((p) => [p.sku, p] as const));
const row = (line: number, sku: string, quantity: string | number): UploadRow => ({
  line,
  sku,
  quantity: String(quantity),
});
const check = (rows: UploadRow[], inCart?: (id: string) => number) =>
  checkOrderLines(rows, bySku, inCart).map(({ line, problem, fix, note }) => ({
    line,
    problem,
    fix,
    note,
  }));

describe('reading rows', () => {
  it('reads pasted lines in tab, comma, semicolon, space and "x" formats, keeping line numbers', () => {
    expect(
      readOrderText('SYR-BLUE\t24\n\nCUP-16, 40\nSTR-SPOON;12\nSYR-RED x 6\nMCH-TRIPLE 8'),
    ).toEqual({
      ok: true,
      rows: [
        row(1, 'SYR-BLUE', 24),
        row(3, 'CUP-16', 40),
        row(4, 'STR-SPOON', 12),
        row(5, 'SYR-RED', 6),
        row(6, 'MCH-TRIPLE', 8),
      ],
    });
    expect(splitOrderText('SYR-BLUE')).toEqual([['SYR-BLUE']]);
  });

  it('skips an optional header row and reads numbers from sheet cells', () => {
    expect(
      readOrderCells(
        [
          ['SKU', 'Quantity'],
          ['SYR-BLUE', 24],
          [null, null],
          ['CUP-16', 40, 'extra'],
        ],
        'file',
      ),
    ).toEqual({ ok: true, rows: [row(2, 'SYR-BLUE', 24), row(4, 'CUP-16', 40)] });
    // A first line that is an order line is read as one.
    expect(readOrderCells([['SKU', '5']], 'file')).toEqual({ ok: true, rows: [row(1, 'SKU', 5)] });
  });

  it('refuses an empty file or paste, and one with only a header', () => {
    expect(readOrderCells([], 'file')).toEqual({
      ok: false,
      error: 'This file is empty: it has no SKU and quantity lines.',
    });
    expect(
      readOrderCells(
        [
          ['SKU', 'Quantity'],
          ['', ''],
        ],
        'file',
      ).ok,
    ).toBe(false);
    expect(readOrderText(' \n\n')).toEqual({
      ok: false,
      error: 'Paste at least one SKU and quantity.',
    });
  });

  it(`takes ${MAX_UPLOAD_LINES} lines and refuses more whole, saying how many`, () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => [`SKU-${i}`, '1']);
    const at = readOrderCells(lines(MAX_UPLOAD_LINES), 'file');
    expect(at.ok && at.rows.length).toBe(MAX_UPLOAD_LINES);
    expect(readOrderCells(lines(5000), 'file')).toEqual({
      ok: false,
      error: 'This file has 5,000 lines. An order takes at most 500; split it and add each part.',
    });
    expect(readOrderText('A 1\n'.repeat(501))).toEqual({
      ok: false,
      error: 'This list has 501 lines. An order takes at most 500; split it and add each part.',
    });
  });

  it.each([
    ['=1+2', true],
    ['+SUM(A1)', true],
    ['-2+3', true],
    ['@cmd', true],
    ['=HYPERLINK("x")', true],
    ['-5', false],
    ['+12', false],
    ['SYR-BLUE', false],
    ['24', false],
  ])('reads %s as a formula: %s', (cell, formula) => {
    expect(isFormulaText(cell)).toBe(formula);
  });

  it('refuses formulas whole, naming every line (cells and sheet formula cells)', () => {
    const result = readOrderCells(
      [
        ['SKU', 'Quantity'],
        ['SYR-BLUE', '24'],
        ['=HYPERLINK("http://x")', '1'],
        ['CUP-16', '@SUM(A1)'],
        ['STR-SPOON', '12'],
      ],
      'file',
      [5],
    );
    expect(result).toEqual({
      ok: false,
      error:
        'Lines 3, 4 and 5: formulas are not accepted. Type the SKU and quantity as plain values, then try again. Nothing was added.',
    });
    expect(readOrderText('SYR-BLUE 2\n=1+1 3')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Line 2: formulas are not accepted/),
    });
  });

  it('names lines in short lists', () => {
    expect(linesText([4])).toBe('Line 4');
    expect(linesText([4, 9])).toBe('Lines 4 and 9');
    expect(linesText(Array.from({ length: 12 }, (_, i) => i + 1))).toBe(
      'Lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more',
    );
  });
});

describe('orderFileKind', () => {
  const text = ascii('SKU,Quantity\nSYR-BLUE,24\n');
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]);
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

  it('reads a CSV (or text) as CSV and a zip named .xlsx as XLSX', () => {
    expect(orderFileKind('order.csv', text.length, text)).toEqual({ ok: true, kind: 'csv' });
    expect(orderFileKind('order.TXT', text.length, text)).toEqual({ ok: true, kind: 'csv' });
    expect(orderFileKind('order.xlsx', 100, zip)).toEqual({ ok: true, kind: 'xlsx' });
  });

  it('refuses an empty file, another type, binary data and a fake XLSX', () => {
    expect(orderFileKind('order.csv', 0, new Uint8Array())).toEqual({
      ok: false,
      error: 'order.csv is empty: it has no SKU and quantity lines.',
    });
    expect(orderFileKind('order.pdf', 10, text)).toEqual({
      ok: false,
      error: 'Choose a CSV or XLSX file: order.pdf is neither. Nothing was added.',
    });
    expect(orderFileKind('order.xls', 10, text).ok).toBe(false);
    for (const head of [png, zip, new Uint8Array([0x53, 0x00, 0x4b])]) {
      expect(orderFileKind('order.csv', 10, head)).toEqual({
        ok: false,
        error:
          'order.csv is not a text file: it holds binary data. Upload a CSV of SKU and quantity, or an XLSX. Nothing was added.',
      });
    }
    expect(orderFileKind('order.xlsx', 10, text)).toEqual({
      ok: false,
      error:
        'order.xlsx is not a real XLSX file. Save it again from your spreadsheet as XLSX or CSV. Nothing was added.',
    });
  });

  it('tells zips and binary bytes apart from text', () => {
    expect(isZipFile(zip)).toBe(true);
    expect(isZipFile(text)).toBe(false);
    expect(looksBinary(text)).toBe(false);
    expect(looksBinary(ascii('a\tb\r\nc\f'))).toBe(false);
    expect(looksBinary(new Uint8Array([1, 2, 3, 65]))).toBe(true);
  });
});

describe('look-alikes and near misses', () => {
  it('folds Cyrillic, Greek and full-width characters and dashes to ASCII', () => {
    expect(foldLookalikes('\u0421YR-BLUE')).toBe('CYR-BLUE');
    expect(foldLookalikes('SYR\u2013BLU\u0415')).toBe('SYR-BLUE');
    expect(foldLookalikes('ＳＹＲ－ＢＬＵＥ')).toBe('SYR-BLUE');
    expect(foldLookalikes('\u039cCH-TRIPLE')).toBe('MCH-TRIPLE');
  });

  it('measures edit distance up to a limit', () => {
    expect(editDistance('SYR-BLUE', 'SYR-BLUE')).toBe(0);
    expect(editDistance('SYR-BLU', 'SYR-BLUE')).toBe(1);
    expect(editDistance('SRY-BLUE', 'SYR-BLUE')).toBe(2);
    expect(editDistance('CUP-16', 'SYR-BLUE')).toBe(3);
  });

  it('suggests the one nearest SKU within 2 edits, none on a tie', () => {
    expect(closestSku('SYR-BLU', bySku.keys())).toBe('SYR-BLUE');
    expect(closestSku('NOTHING', bySku.keys())).toBeNull();
    expect(closestSku('AB-2', ['AB-1', 'AB-3'])).toBeNull();
  });
});

describe('checkOrderLines', () => {
  it('passes good lines with no problem', () => {
    expect(check([row(1, 'syr-blue', 5), row(2, 'CUP-16', 40)])).toEqual([
      { line: 1, problem: null, fix: null, note: null },
      { line: 2, problem: null, fix: null, note: null },
    ]);
  });

  it('offers the closest SKU for an unknown one, else removing the line', () => {
    expect(check([row(7, 'SYR-BLU', 5), row(8, 'ZZZ-999', 1)])).toEqual([
      {
        line: 7,
        problem: 'Unknown SKU SYR-BLU.',
        fix: { kind: 'sku', label: 'Use SYR-BLUE', sku: 'SYR-BLUE' },
        note: null,
      },
      {
        line: 8,
        problem: 'Unknown SKU ZZZ-999.',
        fix: { kind: 'remove', label: 'Remove line' },
        note: null,
      },
    ]);
  });

  it('refuses look-alike characters, offering the ASCII SKU they resemble when it exists', () => {
    const [cyrillic, fullWidth, unknown] = check([
      row(2, '\u0421UP-16', 20),
      row(3, 'ＳＹＲ－ＲＥＤ', 2),
      row(4, 'Ж-1', 2),
    ]);
    expect(cyrillic).toEqual({
      line: 2,
      problem: `SKU \u0421UP-16 has characters that only look like Latin letters or digits; type it again.`,
      fix: { kind: 'sku', label: 'Use CUP-16', sku: 'CUP-16' },
      note: null,
    });
    expect(fullWidth!.fix).toEqual({ kind: 'sku', label: 'Use SYR-RED', sku: 'SYR-RED' });
    expect(unknown!.problem).toMatch(/only look like/);
    expect(unknown!.fix).toBeNull();
  });

  it('offers removing a product that is no longer sold', () => {
    expect(check([row(1, 'OLD-1', 1)])[0]).toMatchObject({
      problem: 'old name is no longer sold.',
      fix: { kind: 'remove', label: 'Remove line' },
    });
  });

  it('offers a whole case for an off case pack, and the minimum below it', () => {
    expect(check([row(1, 'STR-SPOON', 14), row(2, 'STR-SPOON', 6), row(3, 'CUP-16', 10)])).toEqual([
      {
        line: 1,
        problem: 'straws name is sold in cases of 6: 14 units is not a whole case.',
        fix: { kind: 'quantity', label: 'Round up to 18', quantity: 18 },
        note: null,
      },
      {
        line: 2,
        problem: 'The minimum order of straws name is 12 units.',
        fix: { kind: 'quantity', label: 'Raise to 12', quantity: 12 },
        note: null,
      },
      {
        line: 3,
        problem: 'The minimum order of cups name is 20 units.',
        fix: { kind: 'quantity', label: 'Raise to 20', quantity: 20 },
        note: null,
      },
    ]);
  });

  it('offers what stock allows in whole cases, counting the cart and earlier lines', () => {
    // 47 available in cases of 4: 44; the cart holds 20 of them, so 24 more.
    expect(check([row(1, 'MCH-TRIPLE', 48)], () => 20)[0]).toMatchObject({
      problem: 'Only 24 of triple name can be ordered now.',
      fix: { kind: 'quantity', label: 'Lower to 24', quantity: 24 },
    });
    const [first, second] = check([row(1, 'CUP-16', 300), row(2, 'CUP-16', 200)]);
    expect(first!.problem).toBeNull();
    expect(second).toMatchObject({
      problem: 'Only 100 of cups name can be ordered now.',
      fix: { label: 'Lower to 100', quantity: 100 },
    });
    expect(check([row(1, 'LID-16', 20)])[0]).toMatchObject({
      problem: 'lids name is out of stock.',
      fix: { kind: 'remove' },
    });
  });

  it('lets a product that takes backorders go past its stock, with a note', () => {
    expect(check([row(1, 'BEANS-1', 14)])[0]).toEqual({
      line: 1,
      problem: null,
      fix: null,
      note: '4 backordered',
    });
  });

  it('reports a missing SKU or an unreadable quantity', () => {
    const [noSku, noQuantity, words, zero] = check([
      row(1, '', 2),
      row(2, 'SYR-BLUE', ''),
      row(3, 'SYR-BLUE', 'lots'),
      row(4, 'SYR-BLUE', '0'),
    ]);
    expect(noSku).toMatchObject({ problem: 'Add a SKU.', fix: { kind: 'remove' } });
    expect(noQuantity).toMatchObject({ problem: 'Add a quantity.', fix: null });
    expect(words!.problem).toBeTruthy();
    expect(zero!.problem).toBeTruthy();
  });

  it('applies fixes to a row, and names the line in its message', () => {
    const rows = [row(7, 'SYR-BLU', 5), row(9, 'STR-SPOON', 14)];
    const checked = checkOrderLines(rows, bySku);
    const fixed = rows.map((r, i) => applyOrderFix(r, checked[i]!.fix!));
    expect(fixed).toEqual([row(7, 'SYR-BLUE', 5), row(9, 'STR-SPOON', 18)]);
    expect(checkOrderLines(fixed, bySku).every((l) => l.problem === null)).toBe(true);
    expect(orderLineMessage(checked[0]!)).toBe('Line 7: Unknown SKU SYR-BLU.');
  });
});

describe('sampleOrderCsv', () => {
  it('writes a header and the first three products with SKUs at their least orderable quantity', () => {
    expect(sampleOrderCsv([product('x', ''), ...catalog])).toBe(
      'SKU,Quantity\r\nSYR-BLUE,1\r\nSYR-RED,1\r\nCUP-16,20\r\n',
    );
    expect(readOrderCells(splitOrderText(sampleOrderCsv(catalog)), 'file')).toMatchObject({
      ok: true,
    });
  });
});

describe('the line cap with the cart', () => {
  it('counts the cart and earlier lines of the product, with a fix that fits', () => {
    const lines = check([row(1, 'SYR-BLUE', 600), row(2, 'SYR-BLUE', 300)], (id) =>
      id === 'blue' ? 100 : 0,
    );
    expect(lines[0]!.problem).toBeNull();
    expect(lines[1]!.problem).toBe(
      'Your cart can take 299 more of blue name (at most 999 on one line).',
    );
    expect(lines[1]!.fix).toEqual({ kind: 'quantity', label: 'Lower to 299', quantity: 299 });
    const full = check([row(1, 'SYR-BLUE', 1)], () => 999);
    expect(full[0]!.problem).toBe('Your cart already has the most blue name one line can take.');
    expect(full[0]!.fix?.kind).toBe('remove');
  });
});
