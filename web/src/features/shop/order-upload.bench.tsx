/**
 * The 500-line upload benchmark (`npm run bench:upload`): a generated 500-line CSV and XLSX file
 * read, checked against a 600-product catalog and shown in the Quick Order preview (rendered in
 * happy-dom), several times each after two warm-up runs, printing min, median and max. Not a test: nothing here fails on
 * time. The target is under 1 s for the whole of it.
 */
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { checkOrderLines, normalizeSku } from '@portal/domain';
import type { PricedProduct } from '@/entities/catalog';
import { createTestQueryClient } from '@/testing/render';
import { signedInSession } from '@/testing/portal-fixtures';
import { xlsxFile } from '@/testing/xlsx-file';
import { readOrderFile } from './lib/read-order-file';
import { OrderPreview, PREVIEW_PAGE } from './components/order-preview';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

const LINES = 500;
const RUNS = 10;
const WARMUP = 2;

const catalog = Array.from(
  { length: 600 },
  (_, i) =>
    ({
      id: `p${i}`,
      sku: `SKU-${String(i).padStart(4, '0')}`,
      name: `Product ${i}`,
      case_pack: i % 3 === 0 ? 6 : 1,
      min_quantity: i % 5 === 0 ? 12 : 1,
      stock_on_hand: i % 7 === 0 ? 40 : null,
      stock_reserved: 0,
    }) as unknown as PricedProduct,
);
const bySku = new Map(catalog.map((product) => [normalizeSku(product.sku), product] as const));

/** 500 lines: most valid, some near misses, look-alikes, off case packs and under minimums. */
const rows = Array.from({ length: LINES }, (_, i) => {
  const sku = catalog[i]!.sku;
  if (i % 50 === 1) return [sku.slice(0, -1), 12];
  if (i % 50 === 2) return [sku.replace('S', '\u0405'), 12];
  return [sku, i % 50 === 3 ? 7 : 12];
});
const csv = ['SKU,Quantity', ...rows.map(([sku, quantity]) => `${sku},${quantity}`)].join('\r\n');
const xlsx = xlsxFile([['SKU', 'Quantity'], ...rows]);
const files = {
  csv: new File([csv], 'order-500.csv'),
  xlsx: new File([xlsx.slice().buffer], 'order-500.xlsx'),
};

const times: Record<string, number[]> = {};

async function uploadAndPreview(kind: keyof typeof files): Promise<number> {
  const started = performance.now();
  const read = await readOrderFile(files[kind]);
  if (!read.ok) throw new Error(read.error);
  const readAt = performance.now();
  const checked = checkOrderLines(read.rows, bySku);
  const checkedAt = performance.now();
  const view = render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <OrderPreview
          uid="bench"
          source={files[kind].name}
          rows={read.rows}
          onRowsChange={() => {}}
          bySku={bySku}
          onClose={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const shownRows = view.container.querySelectorAll('tbody tr').length;
  const elapsed = performance.now() - started;
  if (process.env.BENCH_PHASES) {
    process.stdout.write(
      `${kind} read ${(readAt - started).toFixed(0)} check ${(checkedAt - readAt).toFixed(0)} render ${(performance.now() - checkedAt).toFixed(0)}\n`,
    );
  }
  view.unmount();
  if (shownRows !== PREVIEW_PAGE || checked.length !== LINES) {
    throw new Error(
      `expected ${LINES} lines, read ${checked.length} and showed ${shownRows} (${PREVIEW_PAGE} a page)`,
    );
  }
  return elapsed;
}

describe(`a ${LINES}-line upload`, () => {
  it('is read, checked and shown in the preview (timed over several runs)', async () => {
    for (const kind of ['csv', 'xlsx'] as const) {
      for (let run = 0; run < WARMUP + RUNS; run++) {
        const elapsed = await uploadAndPreview(kind);
        if (run >= WARMUP) (times[kind] ??= []).push(elapsed);
      }
    }
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const lines = Object.entries(times).map(([kind, all]) => {
      const sorted = [...all].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      return `${kind.toUpperCase().padEnd(5)} ${sorted.length} runs  min ${ms(sorted[0]!)}  median ${ms(median)}  max ${ms(sorted.at(-1)!)}`;
    });
    process.stdout.write(
      `\n${LINES}-line upload, read + checked + preview rendered (happy-dom):\n${lines.join('\n')}\n\n`,
    );
    expect(Object.values(times).flat()).toHaveLength(2 * RUNS);
  }, 120_000);
});
