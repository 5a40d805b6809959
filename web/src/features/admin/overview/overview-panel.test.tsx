import type { SalesOverviewResponse } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstPaint from '@/lib/first-paint';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { makeSalesOverview } from '../testing/stubs';
import { OverviewPanel } from './overview-panel';

const callables = vi.hoisted(() => ({ callGetSalesOverview: vi.fn() }));
vi.mock('@/lib/callables', () => callables);
vi.mock('@/lib/manager-callables', () => callables);
// The page has painted: the charts' chunk is fetched at once.
vi.mock('@/lib/first-paint', async (importOriginal) => ({
  ...(await importOriginal<typeof FirstPaint>()),
  afterFirstPaint: Promise.resolve(),
}));

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

// Sunday 2026-03-15, 11:00 in California: the business day is 2026-03-15.
vi.setSystemTime(new Date('2026-03-15T18:00:00Z'));
afterAll(() => vi.useRealTimers());

const LAST_30_DAYS = { from: '2026-02-14', to: '2026-03-15' };

function renderPanel(query = '') {
  return renderWithProviders(<OverviewPanel />, { route: `/admin?tab=overview${query}` });
}

/** The ranges and intervals asked for (the preset each came from: `presetsAsked`). */
const requested = () =>
  callables.callGetSalesOverview.mock.calls.map(([{ preset: _preset, ...request }]) => request);
/** The preset sent with each request: what the server compares the range with. */
const presetsAsked = () =>
  callables.callGetSalesOverview.mock.calls.map(([request]) => request.preset);
const lastRequest = () => requested().at(-1);

/** The body rows of a table, each as the text of its cells. */
function rowsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

function card(title: string) {
  return within(screen.getByRole('region', { name: title }));
}

function totalCard(title: string) {
  const heading = screen
    .getAllByText(title)
    .find((element) => element.classList.contains('admin-stat__title'));
  return within(heading?.closest('.admin-stat') as HTMLElement);
}

async function choosePreset(label: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), label);
}

const sales: SalesOverviewResponse = makeSalesOverview({
  totals: {
    revenue: 112_500,
    refunded: 2_500,
    paidOrders: 97,
    averageOrderValue: 1_160,
    approvedBuyers: 2,
    listDiscount: 4_500,
    // Booked on terms and not paid yet: $225.00 still owed.
    collected: 90_000,
    // Claims: $30.00 of store credit and $20.00 in credit notes, $12.00 refunded.
    credits: 6_200,
    netAfterCredits: 107_500,
  },
  previousTotals: {
    revenue: 100_000,
    refunded: 0,
    paidOrders: 100,
    averageOrderValue: 1_160,
    approvedBuyers: 0,
    listDiscount: 3_000,
    collected: 80_000,
    credits: 0,
    netAfterCredits: 100_000,
  },
  series: [
    { start: '2026-03-09', revenue: 50_000, orders: 40 },
    { start: '2026-03-10', revenue: 0, orders: 0 },
    { start: '2026-03-11', revenue: 62_500, orders: 57 },
  ],
  byStatus: {
    awaiting_payment: 0,
    processing: 10,
    partially_shipped: 0,
    shipped: 20,
    delivered: 60,
    cancelled: 7,
    refunded: 3,
  },
  topProductsByRevenue: [
    {
      productId: 'blue',
      name: 'Blue Raspberry Syrup',
      revenue: 80_000,
      units: 30,
      listDiscount: 4_500,
    },
    { productId: 'grape', name: 'Purple Dream Syrup', revenue: 32_500, units: 45, listDiscount: 0 },
  ],
  topProductsByUnits: [
    { productId: 'grape', name: 'Purple Dream Syrup', revenue: 32_500, units: 45, listDiscount: 0 },
    {
      productId: 'blue',
      name: 'Blue Raspberry Syrup',
      revenue: 80_000,
      units: 30,
      listDiscount: 4_500,
    },
  ],
  topStores: [
    {
      uid: 'store-1',
      storeName: 'Cloud Nine Smoke',
      revenue: 90_000,
      orders: 70,
      lastOrderAt: '2026-03-14T20:00:00Z',
    },
    { uid: 'store-2', storeName: 'Vapor Palace', revenue: 22_500, orders: 27, lastOrderAt: null },
  ],
  claims: {
    reported: 4,
    unitsClaimed: 9,
    refunds: 1_200,
    creditNotes: 2_000,
    storeCredit: 3_000,
    replacements: 2,
    replacementsValue: 4_500,
    byProduct: [
      {
        productId: 'machine',
        name: 'Slush Machine',
        claims: 1,
        unitsClaimed: 1,
        unitsSold: 4,
        rate: 0.25,
      },
      {
        productId: 'grape',
        name: 'Purple Dream Syrup',
        claims: 3,
        unitsClaimed: 8,
        unitsSold: 45,
        rate: 8 / 45,
      },
      { productId: 'old', name: 'Old Syrup', claims: 1, unitsClaimed: 2, unitsSold: 0, rate: null },
    ],
  },
});

beforeEach(() => {
  callables.callGetSalesOverview.mockReset().mockResolvedValue(sales);
});

describe('Overview: the range in the URL', () => {
  it('asks for the last 7 days ending today and compares with the 7 days before', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    expect(requested()).toEqual([
      { range: { from: '2026-03-09', to: '2026-03-15' }, interval: 'day' },
    ]);
    expect(presetsAsked()).toEqual(['last-7-days']);
    expect(screen.getByText('Mar 9 – Mar 15')).toBeInTheDocument();
    // The period's figures are labelled as such, apart from the all-time totals.
    expect(screen.getByRole('region', { name: 'Last 7 days: Mar 9 – Mar 15' })).toBeInTheDocument();
    expect(screen.getAllByText('vs. the previous 7 days')).toHaveLength(8);
    expect(screen.getByRole('combobox', { name: 'Date range' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the last 30 days without a range', async () => {
    renderPanel();
    await screen.findByText('$1,125.00');
    expect(requested()).toEqual([{ range: LAST_30_DAYS, interval: 'day' }]);
    expect(screen.getAllByText('vs. the previous 30 days')).toHaveLength(8);
  });

  it('puts the chosen preset in the URL, keeping the tab', async () => {
    const { router } = renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    await choosePreset('This month');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=overview&range=this-month'),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({
        range: { from: '2026-03-01', to: '2026-03-15' },
        interval: 'day',
      }),
    );
    expect(await screen.findAllByText('vs. Feb 1 – Feb 15')).toHaveLength(8);
  });

  it('uses a custom range from the URL, and Custom starts from the days shown', async () => {
    const { router } = renderPanel('&range=custom&from=2026-01-01&to=2026-01-31');
    await screen.findByText('$1,125.00');
    expect(requested()).toEqual([
      { range: { from: '2026-01-01', to: '2026-01-31' }, interval: 'day' },
    ]);
    expect(screen.getAllByText('vs. Dec 1, 2025 – Dec 31, 2025')).toHaveLength(8);
    expect(await screen.findByDisplayValue('2026-01-01')).toBeInTheDocument();
    expect(screen.getByDisplayValue('2026-01-31')).toBeInTheDocument();

    await choosePreset('Last 7 days');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=overview&range=last-7-days'),
    );
    await choosePreset('Custom');
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?tab=overview&range=custom&from=2026-03-09&to=2026-03-15',
      ),
    );
    expect(await screen.findByDisplayValue('2026-03-09')).toBeInTheDocument();
  });

  it.each([
    ['an unknown range', '&range=forever', 'Unknown date range.'],
    [
      'a day that does not exist',
      '&range=custom&from=2026-02-30&to=2026-03-01',
      'Enter dates as YYYY-MM-DD.',
    ],
    [
      'an end before the start',
      '&range=custom&from=2026-03-10&to=2026-03-01',
      'The end date is before the start date.',
    ],
    ['six years', '&range=custom&from=2020-01-01&to=2025-12-31', 'A range can be at most 5 years.'],
  ])('shows why and the last 30 days for %s', async (_, query, problem) => {
    renderPanel(query);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${problem} Showing the last 30 days instead.`,
    );
    await screen.findByText('$1,125.00');
    expect(requested()).toEqual([{ range: LAST_30_DAYS, interval: 'day' }]);
    expect(screen.getByRole('combobox', { name: 'Date range' })).toBeInTheDocument();
    expect(screen.getByText('Last 30 days')).toBeInTheDocument();
  });

  it('refuses a custom range over 5 years picked in the picker, leaving the URL as it was', async () => {
    const query = '?tab=overview&range=custom&from=2026-01-01&to=2026-01-31';
    const { router } = renderWithProviders(<OverviewPanel />, { route: `/admin${query}` });
    await screen.findByText('$1,125.00');
    const start = await screen.findByDisplayValue('2026-01-01');
    await user.click(start);
    await user.clear(start);
    await user.type(start, '2020-01-01{Enter}');
    const end = screen.getByDisplayValue('2026-01-31');
    await user.click(end);
    await user.clear(end);
    await user.type(end, '2026-01-31{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A range can be at most 5 years.');
    expect(router.state.location.search).toBe(query);
    expect(requested()).toHaveLength(1);
  });
});

describe('Overview: totals', () => {
  it('shows each total with its change against the previous period', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const revenue = totalCard('Net revenue');
    expect(revenue.getByText('$1,125.00')).toBeInTheDocument();
    expect(revenue.getByText('▲ 12.5%')).toHaveClass('overview-change--up');
    expect(revenue.getByText('up 12.5% from the previous period')).toBeInTheDocument();

    const orders = totalCard('Paid orders');
    expect(orders.getByText('97')).toBeInTheDocument();
    expect(orders.getByText('▼ 3.0%')).toHaveClass('overview-change--down');
    expect(orders.getByText('down 3.0% from the previous period')).toBeInTheDocument();

    const average = totalCard('Average order value');
    expect(average.getByText('$11.60')).toBeInTheDocument();
    expect(average.getByText('No change')).toHaveClass('overview-change--same');
    expect(average.getByText('no change from the previous period')).toBeInTheDocument();

    const buyers = totalCard('New buyers approved');
    expect(buyers.getByText('2')).toBeInTheDocument();
    expect(buyers.getByText('New')).toHaveClass('overview-change--new');
    expect(buyers.getByText('new: none in the previous period')).toBeInTheDocument();

    // A deal's cost: its change is said, without the colours of good and bad.
    const discount = totalCard('Discount through price lists');
    expect(discount.getByText('$45.00')).toBeInTheDocument();
    expect(discount.getByText('▲ 50.0%')).toHaveClass('overview-change--neutral');
    expect(discount.getByText('up 50.0% from the previous period')).toBeInTheDocument();
    expect(discount.getByText('vs. the previous 7 days')).toBeInTheDocument();
  });

  it('shows what was collected beside what was booked, and what is owed on terms now', async () => {
    callables.callGetSalesOverview.mockResolvedValue({ ...sales, openReceivables: 345_600 });
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const collected = totalCard('Collected');
    expect(collected.getByText('$900.00')).toBeInTheDocument();
    expect(collected.getByText('▲ 12.5%')).toHaveClass('overview-change--up');
    const owed = totalCard('Open receivables');
    expect(owed.getByText('$3,456.00')).toBeInTheDocument();
    expect(owed.getByText('Owed on terms now')).toBeInTheDocument();
  });

  it('has no Open receivables card when the answer does not say (functions before terms)', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    expect(totalCard('Collected').getByText('$900.00')).toBeInTheDocument();
    expect(screen.queryByText('Open receivables')).not.toBeInTheDocument();
  });

  it('shows no discount through price lists as $0.00 while nobody has a list', async () => {
    callables.callGetSalesOverview.mockResolvedValue(
      makeSalesOverview({ totals: { ...sales.totals, listDiscount: 0 } }),
    );
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const discount = totalCard('Discount through price lists');
    expect(discount.getByText('$0.00')).toBeInTheDocument();
    expect(discount.getByText('No change')).toHaveClass('overview-change--neutral');
  });

  it('keeps the last figures on screen while another range loads', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    callables.callGetSalesOverview.mockReturnValue(new Promise(() => undefined));
    await choosePreset('Today');
    expect(await screen.findByRole('status')).toHaveTextContent('Updating…');
    expect(screen.getByText('$1,125.00')).toBeInTheDocument();
    expect(lastRequest()).toEqual({
      range: { from: '2026-03-15', to: '2026-03-15' },
      interval: 'day',
    });
  });

  it('says when the figures could not be loaded, and tries again on Retry', async () => {
    callables.callGetSalesOverview.mockRejectedValueOnce(new Error('internal'));
    renderPanel('&range=last-7-days');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the overview.');
    await expectToast('Error', 'Failed to fetch data');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('$1,125.00')).toBeInTheDocument();
    expect(requested()).toHaveLength(2);
    expect(screen.queryByText('Could not load the overview.')).not.toBeInTheDocument();
  });
});

describe('Overview: charts', () => {
  it('shows each chart as a table on Show table', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');

    const revenue = card('Revenue');
    const toggle = revenue.getByRole('button', { name: 'Show table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const revenueTable = revenue.getByRole('table', { name: 'Revenue per day, Mar 9 – Mar 15' });
    expect(rowsOf(revenueTable)).toEqual([
      ['Mar 9', '$500.00', '40'],
      ['Mar 10', '$0.00', '0'],
      ['Mar 11', '$625.00', '57'],
    ]);
    expect(
      within(revenueTable)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Revenue', 'Orders']);
    await user.click(toggle);
    expect(revenue.queryByRole('table')).not.toBeInTheDocument();

    const status = card('Orders by status');
    await user.click(status.getByRole('button', { name: 'Show table' }));
    expect(
      rowsOf(status.getByRole('table', { name: 'Paid orders by status, Mar 9 – Mar 15' })),
    ).toEqual([
      ['Awaiting payment', '0'],
      ['Processing', '10'],
      ['Partially shipped', '0'],
      ['Shipped', '20'],
      ['Delivered', '60'],
      ['Cancelled', '7'],
      ['Refunded', '3'],
    ]);

    const products = card('Top 10 products');
    await user.click(products.getByRole('button', { name: 'Show table' }));
    expect(
      rowsOf(products.getByRole('table', { name: 'Top 2 products by revenue, Mar 9 – Mar 15' })),
    ).toEqual([
      ['Blue Raspberry Syrup', '$800.00', '30', '$45.00'],
      ['Purple Dream Syrup', '$325.00', '45', '$0.00'],
    ]);
    expect(
      within(products.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Revenue', 'Units', 'List discount']);
    await user.click(products.getByText('By units'));
    expect(
      rowsOf(products.getByRole('table', { name: 'Top 2 products by units, Mar 9 – Mar 15' })),
    ).toEqual([
      ['Purple Dream Syrup', '$325.00', '45', '$0.00'],
      ['Blue Raspberry Syrup', '$800.00', '30', '$45.00'],
    ]);
  });

  it('loads the charts (a lazy module) and names each by what it shows', async () => {
    // The test DOM lays nothing out: give the charts' boxes a size so Recharts draws.
    const box = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 600, height: 280 }));
    // Nor does it scroll: every chart is near the viewport (chart-card.test.tsx tests the wait).
    vi.stubGlobal('IntersectionObserver', undefined);
    renderPanel('&range=last-7-days');
    expect(
      await screen.findByRole('img', {
        name: 'Revenue per day, Mar 9 – Mar 15: $1,125.00 in all, the most on Mar 11 ($625.00).',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Paid orders by status: Awaiting payment 0, Processing 10, Partially shipped 0, Shipped 20, Delivered 60, Cancelled 7, Refunded 3.',
      }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Top 2 products by revenue, highest first: Blue Raspberry Syrup ($800.00), Purple Dream Syrup ($325.00).',
      }),
    ).toBeInTheDocument();
    box.mockRestore();
    vi.unstubAllGlobals();
  });

  it("lists the top stores with a link to each store's company", async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const table = screen.getByRole('table', { name: 'Top 10 stores by revenue' });
    expect(rowsOf(table)).toEqual([
      ['Cloud Nine Smoke', '$900.00', '70', 'Mar 14, 2026'],
      ['Vapor Palace', '$225.00', '27', '—'],
    ]);
    expect(within(table).getByRole('link', { name: 'Cloud Nine Smoke' })).toHaveAttribute(
      'href',
      '/admin/companies/store-1',
    );
  });

  it('switches the revenue chart to weeks in the URL, and says when it is shown per month', async () => {
    const { router } = renderPanel('&range=this-year');
    await screen.findByText('$1,125.00');
    await user.click(card('Revenue').getByText('Week'));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?tab=overview&range=this-year&interval=week'),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({
        range: { from: '2026-01-01', to: '2026-03-15' },
        interval: 'week',
      }),
    );

    callables.callGetSalesOverview.mockResolvedValue(
      makeSalesOverview({
        interval: 'month',
        series: [
          { start: '2023-03-01', revenue: 1_000, orders: 1 },
          { start: '2023-04-01', revenue: 0, orders: 0 },
        ],
      }),
    );
    renderPanel('&range=custom&from=2023-03-01&to=2026-03-15&interval=week');
    expect(await screen.findByText('Shown per month for ranges over 2 years')).toBeInTheDocument();
    const revenue = within(screen.getAllByRole('region', { name: 'Revenue' }).at(-1)!);
    await user.click(revenue.getByRole('button', { name: 'Show table' }));
    expect(
      rowsOf(revenue.getByRole('table', { name: 'Revenue per month, Mar 1, 2023 – Mar 15, 2026' })),
    ).toEqual([
      ['Mar 2023', '$10.00', '1'],
      ['Apr 2023', '$0.00', '0'],
    ]);
  });

  it('shows Week chosen when a range too long for days is drawn per week', async () => {
    callables.callGetSalesOverview.mockResolvedValue(
      makeSalesOverview({
        interval: 'week',
        series: [{ start: '2025-03-17', revenue: 1_000, orders: 1 }],
      }),
    );
    renderPanel('&range=custom&from=2025-03-16&to=2026-03-15');
    const revenue = within(await screen.findByRole('radiogroup', { name: 'Revenue per' }));
    await waitFor(() => expect(revenue.getByRole('radio', { name: 'Week' })).toBeChecked());
    expect(revenue.getByRole('radio', { name: 'Day' })).toBeDisabled();
    expect(revenue.getByRole('radio', { name: 'Day' })).not.toBeChecked();
  });

  it('says so when the range has no paid orders', async () => {
    callables.callGetSalesOverview.mockResolvedValue(makeSalesOverview());
    renderPanel('&range=last-7-days');
    expect(await screen.findAllByText('No paid orders in this range.')).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Show table' })).not.toBeInTheDocument();
    expect(totalCard('Net revenue').getByText('No change')).toBeInTheDocument();
  });
});

describe('Overview: claims', () => {
  it('shows net revenue after credits and the credits given, against the previous period', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const net = totalCard('Net revenue after credits');
    expect(net.getByText('$1,075.00')).toBeInTheDocument();
    expect(net.getByText('▲ 7.5%')).toHaveClass('overview-change--up');
    expect(
      net.getByText('Less credit notes and store credit given for claims'),
    ).toBeInTheDocument();
    const credits = totalCard('Credits given');
    expect(credits.getByText('$62.00')).toBeInTheDocument();
    // More credit given is neither good nor bad by itself: no colour.
    expect(credits.getByText('New')).toHaveClass('overview-change--neutral');
  });

  it('shows the credits and replacements of the period', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const credits = card('Credits & replacements');
    const rows = credits
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Claims reported', '4 claims · 9 units'],
      ['Refunds for claims', '$12.00'],
      ['Credit notes', '$20.00'],
      ['Store credit', '$30.00'],
      ['Replacements', '2 orders · $45.00 of goods'],
    ]);
  });

  it('lists the products by claims rate, with their units sold and claimed', async () => {
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    const table = screen.getByRole('table', { name: 'Claims by product (top 10 by rate)' });
    expect(rowsOf(table)).toEqual([
      ['Slush Machine', '4', '1', '25.0%'],
      ['Purple Dream Syrup', '45', '8', '17.8%'],
      ['Old Syrup', '0', '2', '—'],
    ]);
    expect(within(table).getByTitle(/units claimed in the period \/ units sold/)).toHaveTextContent(
      'Claims rate',
    );
  });

  it('says so when no claim was made in the period', async () => {
    callables.callGetSalesOverview.mockResolvedValue({
      ...sales,
      claims: { ...sales.claims!, reported: 0, unitsClaimed: 0, byProduct: [] },
    });
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    expect(
      card('Claims by product (top 10 by rate)').getByText('No claims in this period'),
    ).toBeInTheDocument();
  });

  it('has no claims cards when the answer has no claims (functions before claims)', async () => {
    const { claims: _claims, ...before } = sales;
    const { credits: _c, netAfterCredits: _n, ...oldTotals } = sales.totals;
    callables.callGetSalesOverview.mockResolvedValue({
      ...before,
      totals: oldTotals,
      previousTotals: oldTotals,
    });
    renderPanel('&range=last-7-days');
    await screen.findByText('$1,125.00');
    expect(
      screen.queryByRole('region', { name: 'Credits & replacements' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Net revenue after credits')).not.toBeInTheDocument();
    expect(screen.getAllByText('vs. the previous 7 days')).toHaveLength(6);
  });
});
