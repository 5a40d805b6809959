import { screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { Order } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useBackorderedOrders, useOrder, useShipOrder } from '@/entities/orders';
import { useAllProducts } from '@/entities/catalog';
import { failed, loaded, loading, makeOrder, makeProduct, stub } from '../testing/stubs';
import BackordersSection from './backorders-section';

vi.mock('@/entities/orders', { spy: true });
vi.mock('@/entities/catalog', { spy: true });
vi.setConfig({ testTimeout: 30_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const syrup = makeOrder().items[0]!;

/** An order of `quantity` units of a product, `backordered` of them waiting for stock. */
function backordered(
  id: string,
  store: string,
  created: string,
  lines: { product_id: string; name: string; quantity: number; backordered: number }[],
): Order {
  return makeOrder({
    id,
    store_name: store,
    created_at: new Date(created),
    backorder_open: true,
    items: lines.map((line) => ({
      ...syrup,
      ...line,
      line_total: syrup.unit_amount * line.quantity,
    })),
  });
}

const oldest = backordered('oldest01xyz', 'First Shop', '2026-11-02T12:00:00Z', [
  { product_id: 'dome-lids', name: 'Dome Lids', quantity: 10, backordered: 6 },
  { product_id: 'syrup-purple', name: 'Purple Dream Syrup', quantity: 2, backordered: 0 },
]);
const newer = backordered('newer002xyz', 'Second Shop', '2026-11-20T12:00:00Z', [
  { product_id: 'syrup-blue', name: 'Blue Coast Syrup', quantity: 4, backordered: 4 },
  { product_id: 'dome-lids', name: 'Dome Lids', quantity: 3, backordered: 3 },
]);

beforeEach(() => {
  vi.mocked(useAllProducts).mockReturnValue(
    stub<typeof useAllProducts>(
      loaded([
        makeProduct({ id: 'dome-lids', name: 'Dome Lids', restock_date: '2026-12-10' }),
        makeProduct({ id: 'syrup-blue', name: 'Blue Coast Syrup', restock_date: null }),
      ]),
    ),
  );
  vi.mocked(useShipOrder).mockReturnValue(
    stub<typeof useShipOrder>({ mutateAsync: vi.fn(), isPending: false }),
  );
});

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('The backorder queue', () => {
  it('lists each waiting line, oldest order first, with its units and expected restock', () => {
    vi.mocked(useBackorderedOrders).mockReturnValue(
      stub<typeof useBackorderedOrders>(loaded([oldest, newer])),
    );
    renderWithProviders(<BackordersSection />);
    const table = screen.getByRole('table', { name: 'Backorders waiting' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      ['#oldest01', 'First Shop', 'Nov 2, 2026', 'Dome Lids', '6', 'Expected Dec 10, 2026', 'Ship'],
      [
        '#newer002',
        'Second Shop',
        'Nov 20, 2026',
        'Blue Coast Syrup',
        '4',
        'Ships when stock arrives',
        'Ship',
      ],
      [
        '#newer002',
        'Second Shop',
        'Nov 20, 2026',
        'Dome Lids',
        '3',
        'Expected Dec 10, 2026',
        'Ship',
      ],
    ]);
  });

  it("opens the order's ship dialog from Ship", async () => {
    vi.mocked(useBackorderedOrders).mockReturnValue(
      stub<typeof useBackorderedOrders>(loaded([oldest])),
    );
    vi.mocked(useOrder).mockReturnValue(stub<typeof useOrder>(loaded(oldest)));
    renderWithProviders(<BackordersSection />);
    await user.click(screen.getByRole('button', { name: 'Ship order #oldest01 (Dome Lids)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ship order #oldest01' }));
    // Every unit still to ship, to start with: the manager lowers what has not arrived.
    expect(dialog.getByLabelText('Units of Dome Lids to ship')).toHaveValue('10');
    expect(dialog.getByText('6 backordered · Expected Dec 10, 2026')).toBeInTheDocument();
    expect(useOrder).toHaveBeenCalledWith('oldest01xyz');
  });

  it('says when no backorders wait, and when they cannot be read', () => {
    vi.mocked(useBackorderedOrders).mockReturnValue(stub<typeof useBackorderedOrders>(loaded([])));
    const { unmount } = renderWithProviders(<BackordersSection />);
    expect(screen.getByText('No backorders waiting.')).toBeInTheDocument();
    unmount();
    vi.mocked(useBackorderedOrders).mockReturnValue(stub<typeof useBackorderedOrders>(failed()));
    renderWithProviders(<BackordersSection />);
    expect(screen.getByText('Could not load backorders')).toBeInTheDocument();
  });

  it('shows no empty state while the queue is read', () => {
    vi.mocked(useBackorderedOrders).mockReturnValue(stub<typeof useBackorderedOrders>(loading()));
    renderWithProviders(<BackordersSection />);
    expect(screen.queryByText('No backorders waiting.')).toBeNull();
  });
});
