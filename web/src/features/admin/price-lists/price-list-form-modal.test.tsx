import { priceListWindow } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { useAllProducts } from '@/entities/catalog';
import { useSavePriceList, type PriceListRecord } from '@/entities/price-lists';
import { makeCompanyRow, page } from '../testing/search-stubs';
import { loaded, makeProduct, stub } from '../testing/stubs';
import { PriceListFormModal } from './price-list-form-modal';

const callables = vi.hoisted(() => ({
  callSearchCompanies: vi.fn(),
  callSearchOrders: vi.fn(),
  callGetCompanyDetails: vi.fn(),
}));
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/price-lists', { spy: true });
vi.mock('@/entities/catalog', { spy: true });

// Modal forms are heavy in the test DOM; give them room on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const save = vi.fn();
const onClose = vi.fn();
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/** Types by pasting: one change event instead of one per key (antd forms re-render per key). */
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

const syrup = makeProduct();
const mango = makeProduct({
  id: 'prod-3',
  name: 'Mango Tango Syrup',
  sku: 'SYR-MANGO',
  price_retailer: 1999,
  price_wholesaler: 1599,
});
const machine = makeProduct({
  id: 'prod-2',
  name: 'Slushie Machine Pro',
  sku: 'MACH-PRO',
  category: 'Machines',
  price_retailer: 149900,
  price_wholesaler: null,
});

const blueCoast = makeCompanyRow({
  id: 'company-blue',
  name: 'Blue Coast Vapes',
  businessType: 'wholesaler',
  status: 'approved',
});
const cloudNine = makeCompanyRow({ id: 'company-cloud', name: 'Cloud Nine Smoke' });

beforeEach(() => {
  save.mockReset();
  onClose.mockReset();
  callables.callSearchCompanies.mockReset();
  callables.callSearchCompanies.mockResolvedValue(page([blueCoast, cloudNine]));
  vi.mocked(useSavePriceList).mockReturnValue(
    stub<typeof useSavePriceList>({ mutateAsync: save, isPending: false }),
  );
  vi.mocked(useAllProducts).mockReturnValue(
    stub<typeof useAllProducts>(loaded([syrup, mango, machine])),
  );
});

async function openNew() {
  renderWithProviders(<PriceListFormModal onClose={onClose} />);
  return within(await screen.findByRole('dialog'));
}

/** Picks a product of the catalog with the "Add a product" search. */
async function addProduct(dialog: ReturnType<typeof within>, name: string) {
  await user.click(dialog.getByLabelText('Add a product'));
  await user.click(await screen.findByTitle(new RegExp(`^${name}`)));
}

/** The row of a product in the editor. */
const rowOf = (dialog: ReturnType<typeof within>, name: string) =>
  within(dialog.getByRole('group', { name }));

/** Chooses a row's kind (antd's Select: the option is drawn in a pop-up). */
async function chooseKind(row: ReturnType<typeof within>, label: string) {
  await user.click(row.getByLabelText('Price type'));
  const options = await screen.findAllByTitle(label);
  await user.click(options.at(-1)!);
}

/** The row's line of prices at one unit, as read. */
const previewOf = (row: ReturnType<typeof within>) =>
  row.getByText(/At 1 unit:/).closest('p')?.textContent;

const clickSave = (dialog: ReturnType<typeof within>) =>
  user.click(dialog.getByRole('button', { name: 'Save price list' }));

describe('the price list editor', () => {
  it('refuses a blank name and a list without products, next to the fields, before any call', async () => {
    const dialog = await openNew();
    await clickSave(dialog);
    expect(await dialog.findByText('Name the price list')).toBeInTheDocument();
    expect(dialog.getByText('Add at least one product to the price list')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses days out of order and a percentage over 90%', async () => {
    const dialog = await openNew();
    await fill(dialog.getByLabelText('Name'), 'Coastal chain');
    await fill(dialog.getByLabelText('First day'), '2026-12-31');
    await fill(dialog.getByLabelText('Last day'), '2026-12-01');
    await addProduct(dialog, 'Purple Dream Syrup');
    await fill(rowOf(dialog, 'Purple Dream Syrup').getByLabelText('Percent off'), '95');
    await clickSave(dialog);
    expect(
      await dialog.findByText('The last day must be on or after the first day'),
    ).toBeInTheDocument();
    expect(dialog.getByText('The percentage off must be at most 90%')).toBeInTheDocument();
    expect(dialog.queryByText('Name the price list')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows what one unit would cost each tier as the value is typed', async () => {
    const dialog = await openNew();
    await addProduct(dialog, 'Purple Dream Syrup');
    const row = rowOf(dialog, 'Purple Dream Syrup');
    expect(row.getByText('Retail $29.99 · Wholesale $24.99')).toBeInTheDocument();
    await fill(row.getByLabelText('Percent off'), '10');
    expect(previewOf(row)).toBe('At 1 unit: Retail $29.99 → $26.99 · Wholesale $24.99 → $22.49');
    await chooseKind(row, 'Fixed price');
    // Ten dollars: lower than both tiers.
    expect(previewOf(row)).toBe('At 1 unit: Retail $29.99 → $10.00 · Wholesale $24.99 → $10.00');
    await user.clear(row.getByLabelText('Price (USD)'));
    await fill(row.getByLabelText('Price (USD)'), '27.50');
    expect(previewOf(row)).toBe(
      'At 1 unit: Retail $29.99 → $27.50 · Wholesale $24.99 (not lower: the tier price applies)',
    );
  });

  it('sends the exact request: a fixed price with a break and a percentage, in cents and basis points', async () => {
    save.mockResolvedValue('new-list');
    const dialog = await openNew();
    await fill(dialog.getByLabelText('Name'), '  Coastal chain ');
    await fill(dialog.getByLabelText('First day'), '2026-12-01');
    await user.click(dialog.getByLabelText('Companies'));
    await user.paste('blue');
    await waitFor(() =>
      expect(callables.callSearchCompanies).toHaveBeenLastCalledWith({
        q: 'blue',
        sort: 'name',
        direction: 'asc',
        pageSize: 20,
      }),
    );
    await user.click(await screen.findByTitle('Blue Coast Vapes'));

    await addProduct(dialog, 'Purple Dream Syrup');
    const fixed = rowOf(dialog, 'Purple Dream Syrup');
    await chooseKind(fixed, 'Fixed price');
    await fill(fixed.getByLabelText('Price (USD)'), '19.9');
    await user.click(fixed.getByRole('button', { name: 'Add break to Purple Dream Syrup' }));
    await fill(fixed.getByLabelText('Purple Dream Syrup break 1 from quantity'), '12');
    await fill(fixed.getByLabelText('Purple Dream Syrup break 1 price'), '18.50');

    await addProduct(dialog, 'Slushie Machine Pro');
    const percent = rowOf(dialog, 'Slushie Machine Pro');
    await fill(percent.getByLabelText('Percent off'), '7.5');
    expect(percent.getByText(/Wholesale: no price set/)).toBeInTheDocument();

    await clickSave(dialog);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      name: 'Coastal chain',
      valid_from: '2026-12-01',
      valid_to: null,
      company_ids: ['company-blue'],
      entries: {
        'prod-1': {
          kind: 'fixed',
          unit_amount: 1990,
          breaks: [{ min_quantity: 12, unit_amount: 1850 }],
        },
        'prod-2': { kind: 'percent', percent_off_bps: 750, breaks: [] },
      },
    });
    expect(await screen.findByText('Coastal chain is saved.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it("keeps the dialog open with the server's reason when the save is refused", async () => {
    save.mockRejectedValue({
      code: 'functions/invalid-argument',
      message: 'entries: A product of the list is not in the catalog [400]',
    });
    const dialog = await openNew();
    await fill(dialog.getByLabelText('Name'), 'Coastal chain');
    await addProduct(dialog, 'Purple Dream Syrup');
    await fill(rowOf(dialog, 'Purple Dream Syrup').getByLabelText('Percent off'), '5');
    await clickSave(dialog);
    expect(
      await dialog.findByText('A product of the list is not in the catalog'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds every product of a category at one percentage, once', async () => {
    const dialog = await openNew();
    await addProduct(dialog, 'Mango Tango Syrup');
    await user.click(dialog.getByLabelText('Category'));
    await user.click(await screen.findByTitle('Syrups'));
    await fill(dialog.getByLabelText('Percent off for the category'), '95');
    await user.click(dialog.getByRole('button', { name: 'Add category' }));
    expect(dialog.getByText('The percentage off must be at most 90%')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Percent off for the category'));
    await fill(dialog.getByLabelText('Percent off for the category'), '5');
    await user.click(dialog.getByRole('button', { name: 'Add category' }));
    expect(
      dialog.getByText('Added 1 product of Syrups (1 already in the list).'),
    ).toBeInTheDocument();
    expect(rowOf(dialog, 'Purple Dream Syrup').getByLabelText('Percent off')).toHaveValue('5');
    expect(rowOf(dialog, 'Mango Tango Syrup').getByLabelText('Percent off')).toHaveValue('');
    expect(dialog.queryByRole('group', { name: 'Slushie Machine Pro' })).not.toBeInTheDocument();
  });

  it('edits a list: its days, companies by name and entries, sent back with its id', async () => {
    fakeDb.seed('companies/company-cloud', {
      name: 'Cloud Nine Smoke',
      business_type: 'retailer',
      seller_permit_id: 'SP-1',
      status: 'approved',
      created_by: 'uid-owner',
      created_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
    });
    save.mockResolvedValue('list-1');
    const list: PriceListRecord = {
      id: 'list-1',
      name: 'Holiday syrups',
      ...priceListWindow('2026-12-10', '2026-12-31'),
      company_ids: ['company-cloud'],
      entries: {
        'prod-3': { kind: 'percent', percent_off_bps: 1250, breaks: [] },
        'prod-1': {
          kind: 'fixed',
          unit_amount: 2500,
          breaks: [{ min_quantity: 24, unit_amount: 2300 }],
        },
      },
      updated_at: new Date('2026-11-20T17:00:00Z'),
      updated_by: 'manager-uid',
    };
    renderWithProviders(<PriceListFormModal list={list} onClose={onClose} />);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Edit Holiday syrups')).toBeInTheDocument();
    expect(dialog.getByLabelText('First day')).toHaveValue('2026-12-10');
    expect(dialog.getByLabelText('Last day')).toHaveValue('2026-12-31');
    expect(await dialog.findByText('Cloud Nine Smoke')).toBeInTheDocument();
    // Catalog order: Purple Dream first.
    expect(dialog.getAllByRole('group', { name: /Syrup$/ }).map((g) => g.textContent)).toEqual([
      expect.stringMatching(/^Purple Dream Syrup/),
      expect.stringMatching(/^Mango Tango Syrup/),
    ]);
    const mangoRow = rowOf(dialog, 'Mango Tango Syrup');
    expect(mangoRow.getByLabelText('Percent off')).toHaveValue('12.5');
    const syrupRow = rowOf(dialog, 'Purple Dream Syrup');
    expect(syrupRow.getByLabelText('Price (USD)')).toHaveValue('25.00');
    await user.click(syrupRow.getByRole('button', { name: 'Remove Purple Dream Syrup break 1' }));
    await user.clear(dialog.getByLabelText('Last day'));
    await clickSave(dialog);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save).toHaveBeenCalledWith({
      listId: 'list-1',
      name: 'Holiday syrups',
      valid_from: '2026-12-10',
      valid_to: null,
      company_ids: ['company-cloud'],
      entries: {
        'prod-1': { kind: 'fixed', unit_amount: 2500, breaks: [] },
        'prod-3': { kind: 'percent', percent_off_bps: 1250, breaks: [] },
      },
    });
  });

  it('puts a break that costs more than the fixed price under its row', async () => {
    const dialog = await openNew();
    await fill(dialog.getByLabelText('Name'), 'Coastal chain');
    await addProduct(dialog, 'Purple Dream Syrup');
    const row = rowOf(dialog, 'Purple Dream Syrup');
    await chooseKind(row, 'Fixed price');
    await fill(row.getByLabelText('Price (USD)'), '20');
    await user.click(row.getByRole('button', { name: 'Add break to Purple Dream Syrup' }));
    await fill(row.getByLabelText('Purple Dream Syrup break 1 from quantity'), '12');
    await fill(row.getByLabelText('Purple Dream Syrup break 1 price'), '21');
    await clickSave(dialog);
    expect(
      await row.findByText('Each price break must be cheaper than the price before it'),
    ).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows 20 products a page, and the page of a product that needs a fix', async () => {
    const syrups = Array.from({ length: 25 }, (_, i) =>
      makeProduct({ id: `syrup-${i + 1}`, name: `Syrup ${i + 1}`, sku: `SYR-${i + 1}` }),
    );
    vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded(syrups)));
    const dialog = await openNew();
    await fill(dialog.getByLabelText('Name'), 'All syrups');
    await user.click(dialog.getByLabelText('Category'));
    await user.click(await screen.findByTitle('Syrups'));
    await fill(dialog.getByLabelText('Percent off for the category'), '5');
    await user.click(dialog.getByRole('button', { name: 'Add category' }));
    expect(dialog.getByText('Added 25 products of Syrups.')).toBeInTheDocument();
    expect(dialog.getByRole('heading', { name: 'Products (25)' })).toBeInTheDocument();
    expect(dialog.getAllByRole('group', { name: /^Syrup \d+$/ })).toHaveLength(20);
    await user.click(dialog.getByRole('button', { name: 'Page 2' }));
    const last = rowOf(dialog, 'Syrup 23');
    await user.clear(last.getByLabelText('Percent off'));
    await user.click(dialog.getByRole('button', { name: 'Page 1' }));
    expect(dialog.queryByRole('group', { name: 'Syrup 23' })).not.toBeInTheDocument();
    await clickSave(dialog);
    expect(
      await rowOf(dialog, 'Syrup 23').findByText(
        'Enter the percentage off, like 7.5 (at most two decimals)',
      ),
    ).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });
});
