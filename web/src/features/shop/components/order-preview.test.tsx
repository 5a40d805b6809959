import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  demoProducts,
  seedCartItem,
  seedProducts,
  seedProfile,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { xlsxFile } from '@/testing/xlsx-file';
import { QuickOrderPage } from './quick-order-page';
import { previewSummary } from './order-preview';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

const cartPath = (productId: string) => `profiles/${BUYER_UID}/cart_items/${productId}`;
const SKUS: Readonly<Record<string, string>> = {
  'purple-dream': 'SYR-PURPLE',
  'blue-coast': 'SYR-BLUE',
  'old-flavor': 'SYR-OLD',
};

function seedCatalog(fields: Record<string, Record<string, unknown>> = {}) {
  seedProducts();
  for (const { id, ...data } of demoProducts) {
    fakeDb.seed(`products/${id}`, { ...data, sku: SKUS[id], ...fields[id] });
  }
}

function renderQuickOrder() {
  return renderWithProviders(<QuickOrderPage />, {
    route: '/portal/quick-order',
    routes: [{ path: '/portal/cart', element: <h1>Cart page</h1> }],
  });
}

/** The preview's rows: line, SKU, product, quantity, status. */
function previewRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      const value = (i: number) =>
        (within(cells[i]!).getByRole('textbox') as HTMLInputElement).value;
      return [
        cells[0]!.textContent,
        value(1),
        cells[2]!.textContent,
        value(3),
        cells[4]!.textContent,
      ];
    });
}

async function pasteAndCheck(text: string) {
  const user = userEvent.setup();
  renderQuickOrder();
  await user.click(await screen.findByRole('textbox', { name: 'SKUs and quantities' }));
  await user.paste(text);
  const check = screen.getByRole('button', { name: 'Check lines' });
  await waitFor(() => expect(check).toBeEnabled());
  await user.click(check);
  await screen.findByRole('heading', { name: 'Check your order' });
  return user;
}

describe('Quick Order preview', () => {
  it('shows each line with its problem and fix, applies the fixes and adds every line', async () => {
    seedProfile('retailer');
    seedCatalog({ 'blue-coast': { case_pack: 6 }, 'purple-dream': { min_quantity: 12 } });
    const user = await pasteAndCheck('SYR-BLU 6\nSYR-BLUE 10\n\u0405YR-PURPLE 12\nSYR-PURPLE 4');
    expect(screen.getByText('0 of 4 lines are ready to add. 4 need a fix.')).toBeInTheDocument();
    expect(previewRows()).toEqual([
      ['1', 'SYR-BLU', '—', '6', 'Line 1: Unknown SKU SYR-BLU.'],
      [
        '2',
        'SYR-BLUE',
        'Blue Coast Syrup',
        '10',
        'Line 2: Blue Coast Syrup is sold in cases of 6: 10 units is not a whole case.',
      ],
      [
        '3',
        '\u0405YR-PURPLE',
        '—',
        '12',
        'Line 3: SKU \u0405YR-PURPLE has characters that only look like Latin letters or digits; type it again.',
      ],
      [
        '4',
        'SYR-PURPLE',
        'Purple Dream Syrup',
        '4',
        'Line 4: The minimum order of Purple Dream Syrup is 12 units.',
      ],
    ]);
    for (const name of [
      'Use SYR-BLUE on line 1',
      'Round up to 12 on line 2',
      'Use SYR-PURPLE on line 3',
      'Raise to 12 on line 4',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    // One fix by hand, the rest at once.
    await user.click(screen.getByRole('button', { name: 'Use SYR-BLUE on line 1' }));
    expect(screen.getByText('1 of 4 lines is ready to add. 3 need a fix.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply all fixes' }));
    expect(previewRows().map((row) => row[4])).toEqual(['OK', 'OK', 'OK', 'OK']);
    await user.click(screen.getByRole('button', { name: 'Add 4 lines to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added 4 lines to your cart.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(18);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(24);
    expect(screen.getByText('Every line is in your cart.')).toBeInTheDocument();
  });

  it('edits a line in place and adds only the valid lines, leaving the others', async () => {
    seedProfile('retailer');
    seedCatalog({ 'blue-coast': { stock_on_hand: 10 } });
    seedCartItem('blue-coast', 4);
    const user = await pasteAndCheck('SYR-BLUE 8\nSYR-PURPLE 3\nNOPE-99 1');
    // 10 in stock, 4 in the cart: 6 more.
    expect(previewRows()[0]![4]).toBe('Line 1: Only 6 of Blue Coast Syrup can be ordered now.');
    const quantity = screen.getByRole('textbox', { name: 'Quantity on line 1' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    expect(previewRows()[0]![4]).toBe('OK');
    expect(screen.getByRole('button', { name: 'Remove line 3' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add 2 lines to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added 2 lines to your cart.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(9);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(3);
    expect(previewRows()).toEqual([['3', 'NOPE-99', '—', '1', 'Line 3: Unknown SKU NOPE-99.']]);
    await user.click(screen.getByRole('button', { name: 'Remove line 3' }));
    expect(screen.getByText('Every line is in your cart.')).toBeInTheDocument();
  });

  it('writes more than 15 products in groups of 15, saying what was added when one fails', async () => {
    seedProfile('retailer');
    seedCatalog();
    const { id: _id, ...base } = demoProducts[0]!;
    for (let i = 1; i <= 20; i++) {
      fakeDb.seed(`products/x${i}`, {
        ...base,
        name: `Extra ${i}`,
        sku: `X-${i}`,
        sort_order: 100 + i,
      });
    }
    // The second group (from line 16) is refused.
    fakeDb.fail('commit', cartPath('x16'), new Error('permission-denied'), true);
    const user = await pasteAndCheck(
      Array.from({ length: 20 }, (_, i) => `X-${i + 1} 1`).join('\n'),
    );
    await user.click(screen.getByRole('button', { name: 'Add 20 lines to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Added 15 lines; the others were not added. Could not add the lines to your cart; try again.',
    );
    const commits = fakeDb.calls.filter((c) => c.op === 'commit');
    expect(commits.map((c) => c.writes?.length)).toEqual([15, 5]);
    expect(fakeDb.get(cartPath('x15'))?.quantity).toBe(1);
    expect(fakeDb.has(cartPath('x16'))).toBe(false);
    expect(previewRows().map((row) => row[0])).toEqual(['16', '17', '18', '19', '20']);
    await user.click(screen.getByRole('button', { name: 'Add 5 lines to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added 5 lines to your cart.');
    expect(fakeDb.get(cartPath('x20'))?.quantity).toBe(1);
  });

  it('previews an uploaded XLSX file', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    await screen.findByRole('textbox', { name: 'SKUs and quantities' });
    const upload = screen.getByRole('button', { name: 'Upload CSV or XLSX' });
    await waitFor(() => expect(upload).toBeEnabled());
    const bytes = xlsxFile([
      ['SKU', 'Quantity'],
      ['SYR-BLUE', 2],
    ]);
    await user.upload(
      screen.getByTestId('order-file'),
      new File([bytes.slice().buffer], 'order.xlsx'),
    );
    await screen.findByRole('heading', { name: 'Check your order' });
    expect(screen.getByText('From order.xlsx')).toBeInTheDocument();
    expect(previewRows()).toEqual([['2', 'SYR-BLUE', 'Blue Coast Syrup', '2', 'OK']]);
  });

  it('refuses a bad file whole with its lines named, and adds nothing', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    await screen.findByRole('textbox', { name: 'SKUs and quantities' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload CSV or XLSX' })).toBeEnabled(),
    );
    await user.upload(
      screen.getByTestId('order-file'),
      new File(['SKU,Quantity\nSYR-BLUE,2\n=HYPERLINK("x"),1\n'], 'order.csv'),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Line 3: formulas are not accepted. Type the SKU and quantity as plain values, then try again. Nothing was added.',
    );
    expect(screen.queryByRole('heading', { name: 'Check your order' })).not.toBeInTheDocument();
    expect(fakeDb.calls.filter((c) => c.op === 'commit')).toHaveLength(0);
  });

  it('refuses pasted lines over 500 before any preview', async () => {
    seedProfile('retailer');
    seedCatalog();
    await expect(pasteAndCheck('SYR-BLUE 1\n'.repeat(501))).rejects.toThrow();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This list has 501 lines. An order takes at most 500; split it and add each part.',
    );
  });

  it('downloads a sample file made from the catalog', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:sample';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderQuickOrder();
    await screen.findByRole('textbox', { name: 'SKUs and quantities' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Upload CSV or XLSX' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Download sample file' }));
    expect(created).toHaveLength(1);
    expect(await created[0]!.text()).toMatch(/^SKU,Quantity\r\nSYR-PURPLE,1\r\n/);
    vi.unstubAllGlobals();
  });

  it('sums up the lines', () => {
    expect(previewSummary(30, 30)).toBe('30 of 30 lines are ready to add.');
    expect(previewSummary(1, 2)).toBe('1 of 2 lines is ready to add. 1 needs a fix.');
  });
});
