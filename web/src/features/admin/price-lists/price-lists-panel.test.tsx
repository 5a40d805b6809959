import { priceListWindow } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import {
  useDeletePriceList,
  usePriceLists,
  useSavePriceList,
  type PriceListRecord,
} from '@/entities/price-lists';
import { useAllProducts } from '@/entities/catalog';
import { failed, loaded, loading, makeProduct, stub } from '../testing/stubs';
import { PriceListsPanel } from './price-lists-panel';

const callables = vi.hoisted(() => ({
  callSearchCompanies: vi.fn(),
  callSearchOrders: vi.fn(),
  callGetCompanyDetails: vi.fn(),
}));
vi.mock('@/lib/manager-callables', () => callables);
vi.mock('@/entities/price-lists', { spy: true });
vi.mock('@/entities/catalog', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

const remove = vi.fn();
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

function makeList(
  overrides: Partial<PriceListRecord> & { days?: [string | null, string | null] } = {},
): PriceListRecord {
  const { days = [null, null], ...rest } = overrides;
  return {
    id: 'list-1',
    name: 'Coastal chain',
    ...priceListWindow(days[0], days[1]),
    company_ids: ['c1', 'c2', 'c3'],
    entries: {
      'prod-1': { kind: 'percent', percent_off_bps: 500, breaks: [] },
      'prod-2': { kind: 'fixed', unit_amount: 1990, breaks: [] },
    },
    updated_at: new Date('2026-11-20T17:00:00Z'),
    updated_by: 'manager-uid',
    ...rest,
  };
}

// Wednesday, Dec 2, 2026, noon in California.
const NOW = new Date('2026-12-02T20:00:00Z');

const holiday = makeList({
  id: 'list-holiday',
  name: 'Holiday syrups',
  days: ['2026-12-10', '2026-12-31'],
  company_ids: ['c1'],
});
const coastal = makeList({ id: 'list-coastal', days: ['2026-12-01', null] });
const autumn = makeList({
  id: 'list-autumn',
  name: 'Autumn deal',
  days: ['2026-10-01', '2026-11-30'],
  company_ids: [],
  entries: { 'prod-1': { kind: 'percent', percent_off_bps: 1000, breaks: [] } },
});
const standing = makeList({ id: 'list-standing', name: 'Standing deal', days: [null, null] });
const lastDayToday = makeList({
  id: 'list-today',
  name: 'Ends today',
  days: [null, '2026-12-02'],
});

function rowOf(name: string) {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  remove.mockReset();
  vi.mocked(usePriceLists).mockReturnValue(
    stub<typeof usePriceLists>(loaded([autumn, coastal, lastDayToday, holiday, standing])),
  );
  vi.mocked(useDeletePriceList).mockReturnValue(
    stub<typeof useDeletePriceList>({ mutateAsync: remove, isPending: false }),
  );
  vi.mocked(useSavePriceList).mockReturnValue(
    stub<typeof useSavePriceList>({ mutateAsync: vi.fn(), isPending: false }),
  );
  vi.mocked(useAllProducts).mockReturnValue(stub<typeof useAllProducts>(loaded([makeProduct()])));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('PriceListsPanel', () => {
  it('lists each list with its state today, its window and what it covers', () => {
    renderWithProviders(<PriceListsPanel />);
    expect(screen.getByRole('heading', { name: 'Price lists' })).toBeInTheDocument();
    const h = rowOf('Holiday syrups');
    expect(h.getByText('Scheduled')).toBeInTheDocument();
    expect(h.getByText('Dec 10, 2026 – Dec 31, 2026')).toBeInTheDocument();
    expect(h.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Holiday syrups',
      'Scheduled',
      'Dec 10, 2026 – Dec 31, 2026',
      '2',
      '1',
      'EditDelete',
    ]);
    const c = rowOf('Coastal chain');
    expect(c.getByText('Active')).toBeInTheDocument();
    expect(c.getByText('From Dec 1, 2026')).toBeInTheDocument();
    const a = rowOf('Autumn deal');
    expect(a.getByText('Expired')).toBeInTheDocument();
    expect(a.getByText('Oct 1, 2026 – Nov 30, 2026')).toBeInTheDocument();
    const s = rowOf('Standing deal');
    expect(s.getByText('Active')).toBeInTheDocument();
    expect(s.getByText('No end')).toBeInTheDocument();
    // The last day is included: a list ending today still applies.
    const t = rowOf('Ends today');
    expect(t.getByText('Active')).toBeInTheDocument();
    expect(t.getByText('Until Dec 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New price list' })).toBeInTheDocument();
  });

  it('turns Expired the day after its last day (Pacific)', () => {
    // Dec 3, 00:30 in California.
    vi.setSystemTime(new Date('2026-12-03T08:30:00Z'));
    renderWithProviders(<PriceListsPanel />);
    expect(rowOf('Ends today').getByText('Expired')).toBeInTheDocument();
  });

  it('says how to start when there is no list', () => {
    vi.mocked(usePriceLists).mockReturnValue(stub<typeof usePriceLists>(loaded([])));
    renderWithProviders(<PriceListsPanel />);
    expect(
      screen.getByText('No price lists yet. Create one to give a company its own prices.'),
    ).toBeInTheDocument();
  });

  it('shows loading, then an error when the lists cannot be read', async () => {
    vi.mocked(usePriceLists).mockReturnValue(stub<typeof usePriceLists>(loading()));
    const { unmount } = renderWithProviders(<PriceListsPanel />);
    expect(screen.queryByText(/No price lists yet/)).not.toBeInTheDocument();
    unmount();
    vi.mocked(usePriceLists).mockReturnValue(stub<typeof usePriceLists>(failed()));
    renderWithProviders(<PriceListsPanel />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
    expect(screen.getByText('Could not load price lists')).toBeInTheDocument();
  });

  it('deletes a list only after a confirmation', async () => {
    remove.mockResolvedValue(undefined);
    renderWithProviders(<PriceListsPanel />);
    await user.click(screen.getByRole('button', { name: 'Delete Coastal chain' }));
    expect(remove).not.toHaveBeenCalled();
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Delete price list?')).toBeInTheDocument();
    expect(
      confirm.getByText('Coastal chain stops applying to its 3 companies at once.'),
    ).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Coastal chain' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(remove).toHaveBeenCalledWith('list-coastal');
    expect(await screen.findByText('Coastal chain no longer applies.')).toBeInTheDocument();
  });

  it("shows the server's reason when a delete is refused", async () => {
    remove.mockRejectedValue({
      code: 'functions/not-found',
      message: 'This price list does not exist (it may have been deleted). [404]',
    });
    renderWithProviders(<PriceListsPanel />);
    await user.click(screen.getByRole('button', { name: 'Delete Autumn deal' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('This price list does not exist (it may have been deleted).'),
    ).toBeInTheDocument();
  });

  it('opens the editor for a new list and for a list', async () => {
    callables.callSearchCompanies.mockResolvedValue({
      rows: [],
      total: 0,
      page: 1,
      pageSize: 20,
      truncated: false,
    });
    renderWithProviders(<PriceListsPanel />);
    await user.click(screen.getByRole('button', { name: 'New price list' }));
    const created = within(await screen.findByRole('dialog'));
    expect(created.getByText('New price list')).toBeInTheDocument();
    await user.click(created.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Edit Autumn deal' }));
    const edited = within(await screen.findByRole('dialog'));
    expect(edited.getByText('Edit Autumn deal')).toBeInTheDocument();
    expect(edited.getByLabelText('Name')).toHaveValue('Autumn deal');
    expect(edited.getByLabelText('First day')).toHaveValue('2026-10-01');
    expect(edited.getByLabelText('Last day')).toHaveValue('2026-11-30');
  });
});

describe('PriceListsPanel on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    // The phone layout's query is (max-width: 575.98px): report a 390 px wide screen.
    window.matchMedia = (query: string) =>
      ({
        matches: /max-width:\s*575/.test(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
    return () => {
      window.matchMedia = realMatchMedia;
    };
  });

  it('shows one card per list instead of the table', () => {
    renderWithProviders(<PriceListsPanel />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Holiday syrups' }));
    expect(card.getByText('Scheduled')).toBeInTheDocument();
    expect(card.getByText('Dec 10, 2026 – Dec 31, 2026')).toBeInTheDocument();
    expect(card.getByText('2 products')).toBeInTheDocument();
    expect(card.getByText('1 company')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Edit Holiday syrups' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Delete Holiday syrups' })).toBeInTheDocument();
  });
});
