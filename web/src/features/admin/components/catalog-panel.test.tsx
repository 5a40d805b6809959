import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useAllProducts, useSaveProduct } from '@/entities/catalog';
import { failed, loaded, makeProduct, stub } from '../testing/stubs';
import { CatalogPanel } from './catalog-panel';

vi.mock('@/entities/catalog', { spy: true });

// Modal forms are heavy in jsdom; give them room on a busy machine.
vi.setConfig({ testTimeout: 40_000 });

const mutateAsync = vi.fn();
// No pointer-events check: it calls getComputedStyle on every ancestor, slow in jsdom under antd's CSS.
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Types by pasting: one change event instead of one per key (antd forms re-render per key). */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const syrup = makeProduct();
const machine = makeProduct({
  id: 'prod-2',
  name: 'Slushie Machine Pro',
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

beforeEach(() => {
  mutateAsync.mockReset();
  vi.mocked(useSaveProduct).mockReturnValue(
    stub<typeof useSaveProduct>({ mutateAsync, isPending: false }),
  );
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([syrup, machine])));
});

describe('CatalogPanel', () => {
  it('lists active and inactive products in catalog order with both prices', () => {
    renderWithProviders(<CatalogPanel />);
    const names = screen.getAllByRole('row').map((r) => r.textContent ?? '');
    expect(names.findIndex((t) => t.includes('Purple Dream Syrup'))).toBeLessThan(
      names.findIndex((t) => t.includes('Slushie Machine Pro')),
    );
    const s = rowOf('Purple Dream Syrup');
    expect(s.getByText('$29.99')).toBeInTheDocument();
    expect(s.getByText('$24.99')).toBeInTheDocument();
    expect(s.getByText('Active')).toBeInTheDocument();
    const m = rowOf('Slushie Machine Pro');
    expect(m.getByText('$1,499.00')).toBeInTheDocument();
    expect(m.getByText('Inactive')).toBeInTheDocument();
  });

  it('creates a product with dollar prices stored as cents', async () => {
    mutateAsync.mockResolvedValue('new-id');
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: /Add Product/ }));
    const dialog = await screen.findByRole('dialog');
    const d = within(dialog);
    await fill(d.getByLabelText('Name'), 'Blue Coast Syrup');
    await fill(d.getByLabelText('Description'), 'Blue raspberry');
    await fill(d.getByLabelText('Image URL'), '/images/blue.png');
    await fill(d.getByLabelText('Retailer price (USD)'), '19.5');
    await fill(d.getByLabelText('Wholesaler price (USD)'), '15.25');
    await user.click(d.getByRole('button', { name: 'Create Product' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        id: undefined,
        data: {
          name: 'Blue Coast Syrup',
          description: 'Blue raspberry',
          image_url: '/images/blue.png',
          price_retailer: 1950,
          price_wholesaler: 1525,
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
    expect(d.getByText('Image is required')).toBeInTheDocument();
    expect(d.getByText('Enter an amount in dollars, like 12.50')).toBeInTheDocument();
    expect(d.getByText('Wholesaler price is required')).toBeInTheDocument();
    expect(mutateAsync).not.toHaveBeenCalled();
  });

  it('edits a product with its prices shown in dollars', async () => {
    mutateAsync.mockResolvedValue('prod-1');
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Edit Purple Dream Syrup' }));
    const d = within(await screen.findByRole('dialog'));
    const retail = d.getByLabelText('Retailer price (USD)');
    expect(retail).toHaveValue('29.99');
    expect(d.getByLabelText('Wholesaler price (USD)')).toHaveValue('24.99');
    await user.clear(retail);
    await fill(retail, '31');
    await user.click(d.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        id: 'prod-1',
        data: expect.objectContaining({
          price_retailer: 3100,
          price_wholesaler: 2499,
          sort_order: 10,
        }),
      }),
    );
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
  });

  it('deactivates a product by flipping is_active only', async () => {
    mutateAsync.mockResolvedValue('prod-1');
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Deactivate Purple Dream Syrup' }));
    const { id, ...data } = syrup;
    expect(mutateAsync).toHaveBeenCalledWith({ id, data: { ...data, is_active: false } });
    expect(await screen.findByText('Purple Dream Syrup deactivated')).toBeInTheDocument();
    expect(
      rowOf('Slushie Machine Pro').getByRole('button', { name: 'Activate Slushie Machine Pro' }),
    ).toBeInTheDocument();
  });

  it('shows a missing wholesale price as Not set, and the editor asks for one', async () => {
    const unpriced = makeProduct({ id: 'prod-3', name: 'Unpriced Syrup', price_wholesaler: null });
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
      }),
    );
  });

  it('toasts when saving fails', async () => {
    mutateAsync.mockRejectedValue(new Error('permission-denied'));
    renderWithProviders(<CatalogPanel />);
    await user.click(screen.getByRole('button', { name: 'Deactivate Purple Dream Syrup' }));
    expect(await screen.findByText('Failed to save product')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch data' when products cannot load", async () => {
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(failed()));
    renderWithProviders(<CatalogPanel />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });
});
