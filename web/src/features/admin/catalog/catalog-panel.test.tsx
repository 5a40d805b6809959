import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  newProductId,
  useAllProducts,
  useSaveProduct,
  useSetProductActive,
  waitForProductPhoto,
} from '@/entities/catalog';
import { uploadPhoto } from './photo-upload';
import { failed, loaded, makeProduct, stub } from '../testing/stubs';
import { CatalogPanel } from './catalog-panel';

vi.mock('@/entities/catalog', { spy: true });
vi.mock('./photo-upload', () => ({ uploadPhoto: vi.fn(() => Promise.resolve()) }));
const callables = vi.hoisted(() => ({ callGetProductClaims: vi.fn() }));
vi.mock('@/lib/manager-callables', () => callables);

// Modal forms are heavy in the test DOM; give them room on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

const mutateAsync = vi.fn();
const setActive = vi.fn();
// No pointer-events check: it calls getComputedStyle on every ancestor, slow in the test DOM
// under antd's CSS.
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Types by pasting: one change event instead of one per key (antd forms re-render per key). */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const syrup = makeProduct({
  case_pack: 6,
  min_quantity: 12,
  price_breaks: [{ min_quantity: 24, unit_amount: 2799 }],
  stock_on_hand: 30,
  stock_reserved: 10,
});
const machine = makeProduct({
  id: 'prod-2',
  name: 'Slushie Machine Pro',
  sku: 'MACH-PRO',
  category: 'Machines',
  price_retailer: 149900,
  price_wholesaler: 129900,
  is_active: false,
  sort_order: 20,
});

function rowOf(name: string) {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

/** The product names of the table's rows, in order. */
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td:nth-child(2) > div > div')?.textContent ?? '');

beforeEach(() => {
  mutateAsync.mockReset();
  setActive.mockReset();
  vi.mocked(newProductId).mockReturnValue('new-product-id');
  vi.mocked(waitForProductPhoto).mockResolvedValue({
    status: 'ready',
    sizes: [{ width: 160, url: 'https://example.test/160.webp' }],
  });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  vi.mocked(useSaveProduct).mockReturnValue(
    stub<typeof useSaveProduct>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useSetProductActive).mockReturnValue(
    stub<typeof useSetProductActive>({ mutateAsync: setActive, isPending: false }),
  );
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([syrup, machine])));
  // The syrup had 3 claims in the last 90 days: 5 of 200 units; the machine none.
  callables.callGetProductClaims.mockReset().mockResolvedValue({
    range: { from: '2026-01-01', to: '2026-03-31' },
    products: [
      {
        productId: syrup.id,
        name: syrup.name,
        claims: 3,
        unitsClaimed: 5,
        unitsSold: 200,
        rate: 0.025,
      },
    ],
  });
});

describe('CatalogPanel', () => {
  it('lists active and inactive products in catalog order with SKU, category, prices, pack and stock', () => {
    renderWithProviders(<CatalogPanel />);
    expect(rowNames()).toEqual(['Purple Dream Syrup', 'Slushie Machine Pro']);
    const s = rowOf('Purple Dream Syrup');
    expect(s.getByText('SYR-PURPLE')).toBeInTheDocument();
    expect(s.getByText('Syrups')).toBeInTheDocument();
    expect(s.getByText('$29.99')).toBeInTheDocument();
    expect(s.getByText('(+1 break)')).toBeInTheDocument();
    expect(s.getByText('$24.99')).toBeInTheDocument();
    expect(s.getByText('Case of 6 · min 12')).toBeInTheDocument();
    // 30 on hand, 10 held by checkouts: 20 available, under the low-stock line.
    expect(s.getByText('Low stock')).toBeInTheDocument();
    expect(s.getByText('30 on hand · 10 reserved')).toBeInTheDocument();
    expect(s.getByText('Active')).toBeInTheDocument();
    const m = rowOf('Slushie Machine Pro');
    expect(m.getByText('MACH-PRO')).toBeInTheDocument();
    expect(m.getByText('$1,499.00')).toBeInTheDocument();
    expect(m.getByText('By the unit')).toBeInTheDocument();
    expect(m.getByText('Not tracked')).toBeInTheDocument();
    expect(m.getByText('Inactive')).toBeInTheDocument();
  });

  it('shows out of stock when fewer than the minimum order are available', () => {
    const short = makeProduct({ min_quantity: 12, stock_on_hand: 15, stock_reserved: 4 });
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([short])));
    renderWithProviders(<CatalogPanel />);
    expect(rowOf('Purple Dream Syrup').getByText('Out of stock')).toBeInTheDocument();
  });

  it('filters by name or SKU as the manager types, and pages a large catalog', async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      makeProduct({
        id: `p-${i}`,
        name: `Product ${String(i).padStart(4, '0')}`,
        sku: `SKU-${i}`,
        sort_order: i,
      }),
    );
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded(many)));
    renderWithProviders(<CatalogPanel />);
    expect(rowNames()).toHaveLength(50);
    expect(screen.getByText('1–50 of 2000')).toBeInTheDocument();
    const search = screen.getByLabelText('Search products by name or SKU');
    await fill(search, 'sku-1999');
    await waitFor(() => expect(rowNames()).toEqual(['Product 1999']));
    expect(screen.getByText('1 of 2000 products')).toBeInTheDocument();
    await user.clear(search);
    // Every word must appear: 0001, 0010–0019 and 1001.
    await fill(search, 'product 001');
    await waitFor(() => expect(rowNames()).toHaveLength(12));
    await user.clear(search);
    await fill(search, 'nothing like it');
    expect(await screen.findByText('No product matches this search')).toBeInTheDocument();
  });

  it('creates a product with every field: SKU in capitals, dollars stored as cents, breaks, case pack, stock', async () => {
    mutateAsync.mockResolvedValue('new-id');
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    // The first test to open the form loads it (and the photo uploader) on a busy machine.
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    const d = within(dialog);
    await fill(d.getByLabelText('Name'), 'Blue Coast Syrup');
    await fill(d.getByLabelText('SKU'), 'syr-blue');
    await fill(d.getByLabelText('Category'), 'Syrups');
    await fill(d.getByLabelText('Description'), 'Blue raspberry');
    // The uploader renders a new file input after each upload: find the current one each time.
    const files = () => dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(files(), new File([new Uint8Array(64)], 'blue.png', { type: 'image/png' }));
    await d.findByRole('img', { name: 'Main photo' });
    await user.upload(files(), new File([new Uint8Array(64)], 'blue-2.png', { type: 'image/png' }));
    await d.findByRole('img', { name: 'Photo 2' });
    await fill(d.getByLabelText('Retailer price (USD)'), '19.5');
    await user.click(d.getByRole('button', { name: /Add retail price break/ }));
    await fill(d.getByLabelText('Retail break 1 from quantity'), '24');
    await fill(d.getByLabelText('Retail break 1 unit price'), '17.50');
    await fill(d.getByLabelText('Wholesaler price (USD)'), '15.25');
    await user.clear(d.getByLabelText('Case pack'));
    await fill(d.getByLabelText('Case pack'), '6');
    await user.clear(d.getByLabelText('Minimum order'));
    await fill(d.getByLabelText('Minimum order'), '12');
    await user.click(d.getByLabelText('Track stock'));
    await fill(d.getByLabelText('Stock on hand'), '100');
    await user.click(d.getByLabelText('Allow backorders'));
    await fill(d.getByLabelText('Expected restock date (optional)'), '2026-12-10');
    await user.click(d.getByRole('button', { name: 'Create Product' }));
    const [first, second] = vi.mocked(uploadPhoto).mock.calls.map(([path]) => path);
    expect(first).toMatch(/^product-photos\/new-product-id\/[A-Za-z0-9]{20}$/);
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        newId: 'new-product-id',
        data: {
          name: 'Blue Coast Syrup',
          sku: 'SYR-BLUE',
          category: 'Syrups',
          description: 'Blue raspberry',
          image_url: first,
          images: [second],
          price_retailer: 1950,
          price_breaks: [{ min_quantity: 24, unit_amount: 1750 }],
          price_wholesaler: 1525,
          wholesale_breaks: [],
          case_pack: 6,
          min_quantity: 12,
          stock_on_hand: 100,
          backorders_allowed: true,
          restock_date: '2026-12-10',
          is_active: true,
          sort_order: 21,
        },
      }),
    );
    expect(await screen.findByText('Product created successfully')).toBeInTheDocument();
  });

  it('refuses an invalid product with the schema messages', async () => {
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const d = within(await screen.findByRole('dialog'));
    await fill(d.getByLabelText('Retailer price (USD)'), '12.345');
    await user.click(d.getByRole('button', { name: 'Create Product' }));
    expect(await d.findByText('Name is required')).toBeInTheDocument();
    expect(d.getByText('SKU is required')).toBeInTheDocument();
    expect(d.getByText('Image is required')).toBeInTheDocument();
    expect(d.getByText('Enter an amount in dollars, like 12.50')).toBeInTheDocument();
    expect(d.getByText('Wholesaler price is required')).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('refuses a SKU another product has, a minimum that is not whole cases and breaks that are no ladder', async () => {
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Edit Purple Dream Syrup' }));
    const d = within(await screen.findByRole('dialog'));
    const sku = d.getByLabelText('SKU');
    await user.clear(sku);
    await fill(sku, 'mach-pro');
    await user.clear(d.getByLabelText('Minimum order'));
    await fill(d.getByLabelText('Minimum order'), '10');
    await user.click(d.getByRole('button', { name: /Add wholesale price break/ }));
    await fill(d.getByLabelText('Wholesale break 1 from quantity'), '48');
    await fill(d.getByLabelText('Wholesale break 1 unit price'), '30');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    expect(await d.findByText('Another product already has this SKU')).toBeInTheDocument();
    expect(
      d.getByText('The minimum order must be a multiple of the case pack (6)'),
    ).toBeInTheDocument();
    expect(
      d.getByText('Each price break must be cheaper than the price before it'),
    ).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('edits a product with its prices in dollars and its reserved units shown read-only', async () => {
    mutateAsync.mockResolvedValue('prod-1');
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Edit Purple Dream Syrup' }));
    const d = within(await screen.findByRole('dialog'));
    const retail = d.getByLabelText('Retailer price (USD)');
    expect(retail).toHaveValue('29.99');
    expect(d.getByLabelText('Wholesaler price (USD)')).toHaveValue('24.99');
    expect(d.getByLabelText('Retail break 1 unit price')).toHaveValue('27.99');
    expect(d.getByLabelText('Stock on hand')).toHaveValue('30');
    expect(d.getByText('10 reserved by open checkouts')).toBeInTheDocument();
    await user.clear(retail);
    await fill(retail, '31');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        id: 'prod-1',
        data: expect.objectContaining({
          sku: 'SYR-PURPLE',
          price_retailer: 3100,
          price_breaks: [{ min_quantity: 24, unit_amount: 2799 }],
          price_wholesaler: 2499,
          stock_on_hand: 30,
          sort_order: 10,
        }),
        // The product as loaded: the stock is written only if the manager changed it.
        loaded: syrup,
      }),
    );
    const saved = mutateAsync.mock.calls[0]?.[0] as { data: object };
    expect(saved.data).not.toHaveProperty('stock_reserved');
    expect(saved.data).not.toHaveProperty('created_at');
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  });

  it('shows and keeps a stock count owed to backorders, and refuses a new count below 0', async () => {
    const owed = makeProduct({
      stock_on_hand: -14,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([owed])));
    mutateAsync.mockResolvedValue('prod-1');
    renderWithProviders(<CatalogPanel />);
    const row = rowOf('Purple Dream Syrup');
    expect(row.getByText('Backorder')).toBeInTheDocument();
    expect(row.getByText('\u221214 on hand (owed to backorders) · 0 reserved')).toBeInTheDocument();
    expect(row.getByText('Backorders allowed · Expected Dec 10, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Purple Dream Syrup' }));
    const d = within(await screen.findByRole('dialog'));
    const stock = d.getByLabelText('Stock on hand');
    expect(stock).toHaveValue('-14');
    expect(d.getByText(/14 units owed to backorders/)).toBeInTheDocument();
    expect(d.getByLabelText('Allow backorders')).toBeChecked();
    expect(d.getByLabelText('Expected restock date (optional)')).toHaveValue('2026-12-10');
    await user.clear(stock);
    await fill(stock, '-3');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    expect(await d.findByText('Stock on hand must be from 0 to 1,000,000')).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
    await user.clear(stock);
    await fill(stock, '-14');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        id: 'prod-1',
        data: expect.objectContaining({
          stock_on_hand: -14,
          backorders_allowed: true,
          restock_date: '2026-12-10',
        }),
        loaded: owed,
      }),
    );
  });

  it('deactivates a product by writing is_active only (not the list copy of its stock)', async () => {
    setActive.mockResolvedValue(undefined);
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Deactivate Purple Dream Syrup' }));
    expect(setActive).toHaveBeenCalledWith({ id: 'prod-1', active: false });
    expect(mutateAsync).not.toHaveBeenCalled();
    expect(await screen.findByText('Purple Dream Syrup deactivated')).toBeInTheDocument();
    expect(
      rowOf('Slushie Machine Pro').getByRole('button', { name: 'Activate Slushie Machine Pro' }),
    ).toBeInTheDocument();
  });

  it('shows a missing wholesale price as Not set, and the editor asks for one', async () => {
    const unpriced = makeProduct({
      id: 'prod-3',
      name: 'Unpriced Syrup',
      sku: 'SYR-UNPRICED',
      price_wholesaler: null,
    });
    vi.mocked(useAllProducts).mockReturnValue(
      stub<typeof useAllProducts>(loaded([syrup, unpriced])),
    );
    mutateAsync.mockResolvedValue('prod-3');
    renderWithProviders(<CatalogPanel />);
    expect(rowOf('Unpriced Syrup').getByText('Not set')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Unpriced Syrup' }));
    const d = within(await screen.findByRole('dialog'));
    const wholesale = d.getByLabelText('Wholesaler price (USD)');
    expect(wholesale).toHaveValue('');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    expect(await d.findByText('Wholesaler price is required')).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
    await fill(wholesale, '20');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        id: 'prod-3',
        data: expect.objectContaining({ price_wholesaler: 2000 }),
        loaded: unpriced,
      }),
    );
  });

  it('toasts when saving fails', async () => {
    setActive.mockRejectedValue(new Error('permission-denied'));
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Deactivate Purple Dream Syrup' }));
    expect(await screen.findByText('Failed to save product')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch data' when products cannot load", async () => {
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(failed()));
    renderWithProviders(<CatalogPanel />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });

  it('shows each product’s claims and claims rate over the last 90 days, read from the server', async () => {
    renderWithProviders(<CatalogPanel />);
    expect(await rowOf('Purple Dream Syrup').findByText('3 · 2.5%')).toHaveAttribute(
      'title',
      'Last 90 days: 3 claims, 5 units claimed of 200 sold (2.5%). Rate: claimed units / units sold.',
    );
    expect(rowOf('Slushie Machine Pro').getByText('None')).toHaveAttribute(
      'title',
      'Last 90 days: no claims',
    );
    expect(callables.callGetProductClaims).toHaveBeenCalledWith({});
    expect(screen.getByTitle(/^Claims in the last 90 days/)).toHaveTextContent('Claims');
  });

  it('shows a dash for the claims when they cannot be read, and the products all the same', async () => {
    callables.callGetProductClaims.mockRejectedValue(new Error('unavailable'));
    renderWithProviders(<CatalogPanel />);
    await waitFor(() => expect(callables.callGetProductClaims).toHaveBeenCalled());
    await waitFor(() =>
      expect(rowOf('Purple Dream Syrup').getAllByText('—').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('3 · 2.5%')).not.toBeInTheDocument();
    expect(rowOf('Slushie Machine Pro').queryByText('None')).not.toBeInTheDocument();
  });
});
