import { CATALOG_CSV_COLUMNS } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { useAllProducts } from '@/entities/catalog';
import { loaded, makeProduct, stub } from '../testing/stubs';
import { readCatalogCsv } from './catalog-csv';
import { downloadTextFile } from '@/components/table/download-file';
import { CatalogPanel } from './catalog-panel';

// The product list is a stand-in; importing runs the real entity code against the fake Firestore.
vi.mock('@/entities/catalog', { spy: true });
vi.mock('@/components/table/download-file', () => ({ downloadTextFile: vi.fn() }));
// The catalog's claims column: no claims.
vi.mock('@/lib/manager-callables', () => ({
  callGetProductClaims: vi.fn(() => Promise.resolve({ range: { from: '', to: '' }, products: [] })),
}));

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const syrup = makeProduct({ stock_on_hand: 30, stock_reserved: 4 });
const machine = makeProduct({
  id: 'prod-2',
  name: 'Slushie Machine Pro',
  sku: 'MACH-PRO',
  price_retailer: 149900,
  price_wholesaler: 129900,
});

const minimal = 'sku,name,image_url,price_retailer,price_wholesaler,stock_on_hand';
const commits = () => fakeDb.calls.filter((call) => call.op === 'commit');

async function chooseFile(csv: string, name = 'catalog.csv') {
  await user.upload(
    screen.getByLabelText('Catalog CSV file'),
    new File([csv], name, { type: 'text/csv' }),
  );
  return within(await screen.findByRole('dialog'));
}

beforeEach(() => {
  vi.mocked(downloadTextFile).mockReset();
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([syrup, machine])));
  fakeDb.seed('products/prod-1', {
    name: syrup.name,
    sku: syrup.sku,
    stock_on_hand: 30,
    stock_reserved: 4,
  });
});

describe('Catalog CSV import', () => {
  it('lists every bad row with its line and SKU, keeps Import disabled and writes nothing', async () => {
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile(
      [
        minimal,
        'SYR-PURPLE,Purple Dream Syrup,/p.png,29.999,24.99,30',
        'NEW-1,New,/n.png,1.00,1.00,',
        'new-1,New again,/n.png,1.00,1.00,',
      ].join('\n'),
      'bad.csv',
    );
    expect(d.getByText('Import catalog: bad.csv')).toBeInTheDocument();
    expect(d.getByText('2 problems in this file: nothing will be imported.')).toBeInTheDocument();
    const errors = within(d.getByRole('table'));
    const rows = errors.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '2SYR-PURPLEprice_retailer must be an amount in dollars with at most 2 decimals, like 12.50',
      '4NEW-1Duplicate SKU NEW-1 (also on line 3)',
    ]);
    const importButton = d.getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.click(importButton);
    expect(commits()).toEqual([]);
    expect(fakeDb.calls).toEqual([]);
  });

  it('names the missing columns and writes nothing', async () => {
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile('sku,name\nA-1,Alpha\n');
    expect(
      d.getByText('Missing columns: image_url, price_retailer, price_wholesaler'),
    ).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(fakeDb.calls).toEqual([]);
  });

  it('previews creates and updates with the counts, then writes them and says how many', async () => {
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile(
      [
        minimal,
        'syr-purple,Purple Dream Syrup,/p.png,31.00,25.00,50',
        'NEW-1,Blue Coast Syrup,/b.png,12.50,10.00,',
      ].join('\n'),
    );
    expect(d.getByText(/2 products: 1 to create, 1 to update/)).toBeInTheDocument();
    const preview = within(d.getByRole('table'));
    const [update, create] = preview.getAllByRole('row').slice(1);
    expect(within(update!).getByText('Update')).toBeInTheDocument();
    expect(within(update!).getByText('SYR-PURPLE')).toBeInTheDocument();
    expect(within(create!).getByText('Create')).toBeInTheDocument();
    expect(within(create!).getByText('Not tracked')).toBeInTheDocument();
    expect(fakeDb.calls).toEqual([]);

    const release = fakeDb.hold('commit');
    await user.click(d.getByRole('button', { name: 'Import' }));
    expect(await d.findByText('0 of 2 products written')).toBeInTheDocument();
    expect(d.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('max', '2');
    release();
    expect(await d.findByText('Imported 2 products (1 created, 1 updated)')).toBeInTheDocument();
    expect(commits()).toHaveLength(1);
    const writes = commits()[0]?.writes ?? [];
    expect(writes.map((w) => [w.path, w.update === true])).toEqual([
      ['products/prod-1', true],
      ['wholesale_prices/prod-1', false],
      [expect.stringMatching(/^products\//), false],
      [expect.stringMatching(/^wholesale_prices\//), false],
    ]);
    // The update leaves the reservation alone; the new product starts with none.
    expect(fakeDb.get('products/prod-1')).toMatchObject({
      price_retailer: 3100,
      stock_on_hand: 50,
      stock_reserved: 4,
    });
    expect(writes[2]?.data).toMatchObject({ sku: 'NEW-1', stock_reserved: 0 });
    const close = d
      .getAllByRole('button', { name: 'Close' })
      .find((b) => b.textContent === 'Close');
    await user.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('an update from a file with only the required columns changes only those fields', async () => {
    const described = makeProduct({
      description: 'Grape flavoured syrup',
      category: 'Syrups',
      case_pack: 6,
      min_quantity: 12,
      price_breaks: [{ min_quantity: 24, unit_amount: 2799 }],
      wholesale_breaks: [{ min_quantity: 48, unit_amount: 2299 }],
      stock_on_hand: 30,
      stock_reserved: 4,
      is_active: false,
      sort_order: 10,
    });
    const { id: _id, price_wholesaler: _p, wholesale_breaks, ...stored } = described;
    fakeDb.seed('products/prod-1', stored);
    fakeDb.seed('wholesale_prices/prod-1', {
      price_wholesaler: 2499,
      price_breaks: wholesale_breaks,
    });
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([described])));
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile(
      'sku,name,image_url,price_retailer,price_wholesaler\nSYR-PURPLE,Purple Dream Syrup,/images/purple.png,31.00,25.00\n',
    );
    expect(d.getByText(/1 product: 0 to create, 1 to update/)).toBeInTheDocument();
    // The preview shows the product as it will be: its stock stays tracked.
    expect(within(d.getByRole('table')).getByText('30')).toBeInTheDocument();
    await user.click(d.getByRole('button', { name: 'Import' }));
    expect(await d.findByText('Imported 1 product (0 created, 1 updated)')).toBeInTheDocument();
    expect(fakeDb.get('products/prod-1')).toEqual({ ...stored, price_retailer: 3100 });
    expect(fakeDb.get('wholesale_prices/prod-1')).toEqual({
      price_wholesaler: 2500,
      price_breaks: wholesale_breaks,
    });
  });

  it('refuses a row whose columns do not hold together with the fields the file leaves alone', async () => {
    renderWithProviders(<CatalogPanel />);
    // syrup sells from 1 unit: case_pack 12 without a min_quantity column leaves the minimum at 1.
    const d = await chooseFile(
      `sku,name,image_url,price_retailer,price_wholesaler,case_pack\nSYR-PURPLE,Purple,/p.png,31.00,25.00,12\n`,
    );
    const rows = within(d.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "2SYR-PURPLEThe minimum order must be a multiple of the case pack (12) (the columns missing from this file keep the product's current values)",
    ]);
    expect(d.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(fakeDb.calls).toEqual([]);
  });

  it('applies a stock column as the change from the count previewed (sales made since still count)', async () => {
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile(`${minimal}\nSYR-PURPLE,Purple Dream Syrup,/p.png,29.99,24.99,50\n`);
    // 5 sold while the preview is open: 30 -> 25 on the server.
    fakeDb.seed('products/prod-1', { ...fakeDb.get('products/prod-1'), stock_on_hand: 25 });
    await user.click(d.getByRole('button', { name: 'Import' }));
    expect(await d.findByText('Imported 1 product (0 created, 1 updated)')).toBeInTheDocument();
    expect(fakeDb.get('products/prod-1')).toMatchObject({ stock_on_hand: 45, stock_reserved: 4 });
  });

  it('says where an import stopped when a write is refused, and does not offer to run it again', async () => {
    fakeDb.fail('commit', 'products/');
    renderWithProviders(<CatalogPanel />);
    const d = await chooseFile(`${minimal}\nNEW-1,Blue,/b.png,12.50,10.00,\n`);
    await user.click(d.getByRole('button', { name: 'Import' }));
    // The refusal's bare code ('permission-denied') is not for people: the general words instead.
    expect(
      await d.findByText(
        'The import stopped after 0 of 1 products: Something went wrong. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});

describe('Catalog CSV export', () => {
  it('downloads every product with the CSV header, in a form that imports back unchanged', async () => {
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(downloadTextFile).toHaveBeenCalledTimes(1));
    const [fileName, csv] = vi.mocked(downloadTextFile).mock.calls[0]!;
    expect(fileName).toMatch(/^catalog-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(CATALOG_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    // The header, two products and the final line end.
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    const plan = await readCatalogCsv(csv, [syrup, machine]);
    expect(plan).toMatchObject({ errors: [], created: 0, updated: 2 });
    expect(await screen.findByText('Exported 2 products.')).toBeInTheDocument();
  });
});
