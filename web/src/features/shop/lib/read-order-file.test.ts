import { describe, expect, it } from 'vitest';
import { xlsxFile } from '@/testing/xlsx-file';
import { readOrderFile, xlsxFormulaRows } from './read-order-file';

const file = (parts: BlobPart[], name: string) => new File(parts, name);
const bytes = (data: Uint8Array) => data.slice().buffer;

describe('readOrderFile', () => {
  it('reads a CSV with a header and quoted cells, keeping the file line numbers', async () => {
    const csv = '\uFEFFSKU,Quantity\r\n"SYR-BLUE",24\r\n\r\nCUP-16,"40"\r\n';
    expect(await readOrderFile(file([csv], 'order.csv'))).toEqual({
      ok: true,
      rows: [
        { line: 2, sku: 'SYR-BLUE', quantity: '24' },
        { line: 4, sku: 'CUP-16', quantity: '40' },
      ],
    });
  });

  it('reads an XLSX file', async () => {
    const xlsx = xlsxFile([
      ['SKU', 'Quantity'],
      ['SYR-BLUE', 24],
      ['CUP-16', '40'],
    ]);
    expect(await readOrderFile(file([bytes(xlsx)], 'order.xlsx'))).toEqual({
      ok: true,
      rows: [
        { line: 2, sku: 'SYR-BLUE', quantity: '24' },
        { line: 3, sku: 'CUP-16', quantity: '40' },
      ],
    });
  });

  it('refuses formula cells in an XLSX file, naming their lines', async () => {
    const xlsx = xlsxFile([
      ['SKU', 'Quantity'],
      ['SYR-BLUE', 24],
      ['CUP-16', '=A1*2'],
    ]);
    expect(await xlsxFormulaRows(bytes(xlsx))).toEqual([3]);
    const result = await readOrderFile(file([bytes(xlsx)], 'order.xlsx'));
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Line 3: formulas are not accepted/),
    });
  });

  it('refuses formulas in a CSV, an empty file, binary data, a 5,000-line file and another type', async () => {
    const formulas = await readOrderFile(file(['SYR-BLUE,24\n=1+1,2\n+cmd,3\n'], 'order.csv'));
    expect(formulas).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Lines 2 and 3: formulas/),
    });
    expect(await readOrderFile(file([], 'order.csv'))).toMatchObject({
      ok: false,
      error: 'order.csv is empty: it has no SKU and quantity lines.',
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    expect(await readOrderFile(file([bytes(png)], 'order.csv'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/holds binary data/),
    });
    const long = 'SKU,Quantity\n' + 'SYR-BLUE,1\n'.repeat(5000);
    expect(await readOrderFile(file([long], 'order.csv'))).toMatchObject({
      ok: false,
      error: 'This file has 5,000 lines. An order takes at most 500; split it and add each part.',
    });
    expect(await readOrderFile(file(['x'], 'order.docx'))).toMatchObject({
      ok: false,
      error: 'Choose a CSV or XLSX file: order.docx is neither. Nothing was added.',
    });
    expect(await readOrderFile(file(['not a zip'], 'order.xlsx'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a real XLSX file/),
    });
  });
});
