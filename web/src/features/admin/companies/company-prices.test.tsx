import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { COMPANY_PRICES_TEXTS, CompanyPrices } from './company-prices';

const callables = vi.hoisted(() => ({ callMoveCompanyTier: vi.fn() }));
vi.mock('@/lib/manager-callables', () => callables);

const product = (name: string, retail: number, sort_order: number) => ({
  name,
  description: '',
  image_url: '/p.svg',
  price_retailer: retail,
  is_active: true,
  sort_order,
  sku: name.toUpperCase().replace(/ /g, '-'),
});

beforeEach(() => {
  callables.callMoveCompanyTier.mockReset();
  fakeDb.seed('products/blue', product('Blue Coast', 1000, 1));
  fakeDb.seed('products/red', product('Red Rush', 2000, 2));
  fakeDb.seed('wholesale_prices/blue', { price_wholesaler: 800 });
  fakeDb.seed('wholesale_prices/red', { price_wholesaler: 1600 });
  fakeDb.seed('companies/c1/price_lists/chain', {
    name: 'Chain 5% syrups',
    valid_from: null,
    valid_to: null,
    entries: { blue: { kind: 'percent', percent_off_bps: 500, breaks: [] } },
  });
  fakeDb.seed('companies/c1/price_lists/old', {
    name: 'Last year',
    valid_from: null,
    valid_to: new Date('2026-01-01T08:00:00Z'),
    entries: { red: { kind: 'fixed', unit_amount: 100, breaks: [] } },
  });
});

const renderPrices = (tier: 'retailer' | 'wholesaler' = 'retailer') =>
  renderWithProviders(<CompanyPrices companyId="c1" companyName="Cloud Nine" tier={tier} />);

describe('CompanyPrices (the company page)', () => {
  it('lists the company’s price lists and what each product they name costs it now', async () => {
    renderPrices();
    const lists = await screen.findByRole('table', { name: 'Price lists of Cloud Nine' });
    await within(lists).findByText('Chain 5% syrups');
    expect(within(lists).getByText('Active')).toBeInTheDocument();
    expect(within(lists).getByText('Expired')).toBeInTheDocument();
    const prices = await screen.findByRole('table', { name: 'Prices of Cloud Nine' });
    const rows = within(prices).getAllByRole('row').slice(1);
    // Only the active list's product: $10.00 at the tier, $9.50 through the list.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Blue Coast');
    expect(rows[0]).toHaveTextContent('$10.00');
    expect(rows[0]).toHaveTextContent('$9.50');
    expect(rows[0]).toHaveTextContent('Chain 5% syrups');
  });

  it('prices a wholesaler from the wholesale tier', async () => {
    renderPrices('wholesaler');
    const prices = await screen.findByRole('table', { name: 'Prices of Cloud Nine' });
    expect(within(prices).getAllByRole('row')[1]).toHaveTextContent('$7.60');
  });

  it('moves the company to the other tier with a reason, and asks for one', async () => {
    callables.callMoveCompanyTier.mockResolvedValue({ companyId: 'c1', members: 3 });
    renderPrices();
    await userEvent.click(await screen.findByRole('button', { name: 'Move to wholesaler prices' }));
    const form = screen.getByRole('form', { name: 'Move Cloud Nine to wholesaler prices' });
    await userEvent.click(within(form).getByRole('button', { name: 'Move to wholesaler prices' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(COMPANY_PRICES_TEXTS.reasonRequired);
    expect(callables.callMoveCompanyTier).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Buys by the pallet now');
    await userEvent.click(within(form).getByRole('button', { name: 'Move to wholesaler prices' }));
    await waitFor(() =>
      expect(callables.callMoveCompanyTier).toHaveBeenCalledWith({
        companyId: 'c1',
        businessType: 'wholesaler',
        reason: 'Buys by the pallet now',
      }),
    );
  });

  it('shows the server’s refusal of a move', async () => {
    callables.callMoveCompanyTier.mockRejectedValue(
      Object.assign(new Error('Cloud Nine already buys at wholesaler prices.'), {
        code: 'functions/failed-precondition',
      }),
    );
    renderPrices();
    await userEvent.click(await screen.findByRole('button', { name: 'Move to wholesaler prices' }));
    const form = screen.getByRole('form', { name: 'Move Cloud Nine to wholesaler prices' });
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Volume');
    await userEvent.click(within(form).getByRole('button', { name: 'Move to wholesaler prices' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Cloud Nine already buys at wholesaler prices.',
    );
  });
});
