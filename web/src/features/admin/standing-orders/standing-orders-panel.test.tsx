import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { StandingOrdersPanel } from './standing-orders-panel';

const callables = vi.hoisted(() => ({ callManageStandingOrder: vi.fn() }));
vi.mock('@/lib/callables', () => callables);

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const DAY = 24 * 60 * 60 * 1000;
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const line = (product_id: string, quantity: number, unit_amount: number, paused = false) => ({
  product_id,
  name: `${product_id} syrup`,
  sku: product_id.toUpperCase(),
  quantity,
  unit_amount,
  paused_reason: paused ? 'out_of_stock' : null,
});

function seedStandingOrder(id: string, fields: Record<string, unknown>) {
  fakeDb.seed(`standing_orders/${id}`, {
    user_id: `buyer-${id}`,
    store_name: id,
    role: 'retailer',
    interval_weeks: 2,
    status: 'active',
    lines: [line('blue', 12, 2599)],
    ship_to: null,
    next_delivery_at: null,
    skipped_delivery_at: null,
    paused_by_manager: false,
    created_at: Timestamp.fromDate(new Date('2025-03-01T12:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-03-01T12:00:00Z')),
    cancelled_at: null,
    last_order_id: null,
    orders_count: 0,
    stripe_subscription_id: null,
    ...fields,
  });
}

const inDays = (days: number) => new Date(Date.now() + days * DAY);
const at = (date: Date) => Timestamp.fromDate(date);

const dates = { cloud: inDays(3), vapor: inDays(1), skipped: inDays(2) };

function seedAll() {
  seedStandingOrder('Cloud Nine', {
    interval_weeks: 2,
    next_delivery_at: at(dates.cloud),
    // The paused line is not delivered: 2 products, 18 units, 12 × $25.99 + 6 × $24.99.
    lines: [line('blue', 12, 2599), line('purple', 6, 2499), line('green', 6, 2399, true)],
    orders_count: 5,
    created_at: at(new Date('2025-02-01T12:00:00Z')),
  });
  seedStandingOrder('Vapor Palace', {
    interval_weeks: 4,
    status: 'payment_failed',
    next_delivery_at: at(dates.vapor),
    lines: [line('blue', 48, 2000), line('purple', 24, 2000), line('green', 12, 2000)],
    created_at: at(new Date('2025-04-01T12:00:00Z')),
  });
  seedStandingOrder('Far Away', {
    interval_weeks: 8,
    next_delivery_at: at(inDays(20)),
    created_at: at(new Date('2025-01-01T12:00:00Z')),
  });
  seedStandingOrder('Skipper', {
    next_delivery_at: at(dates.skipped),
    skipped_delivery_at: at(dates.skipped),
    created_at: at(new Date('2024-12-01T12:00:00Z')),
  });
  seedStandingOrder('Held Back', {
    status: 'paused',
    paused_by_manager: true,
    next_delivery_at: at(inDays(5)),
    created_at: at(new Date('2024-11-01T12:00:00Z')),
  });
  seedStandingOrder('Gone', {
    status: 'cancelled',
    cancelled_at: at(new Date('2025-03-10T12:00:00Z')),
    created_at: at(new Date('2024-10-01T12:00:00Z')),
  });
}

function table(name: string) {
  return within(screen.getByRole('table', { name }));
}

/** The body rows of a table, each as the text of its cells. */
function rowsOf(name: string) {
  return table(name)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

function rowOf(store: string) {
  return within(table('All standing orders').getByText(store).closest('tr')!);
}

beforeEach(() => {
  callables.callManageStandingOrder
    .mockReset()
    .mockResolvedValue({ standingOrderId: 'x', status: 'active', nextDeliveryAt: null });
});

describe('Admin: Standing orders', () => {
  it('lists the deliveries of the next 14 days, skipped and paused ones left out', async () => {
    seedAll();
    renderWithProviders(<StandingOrdersPanel />);
    expect(
      screen.getByRole('heading', { name: 'Upcoming deliveries (next 14 days)' }),
    ).toBeInTheDocument();
    await screen.findByText('Far Away');
    expect(rowsOf('Upcoming deliveries')).toEqual([
      [
        dayFormat.format(dates.vapor),
        'Vapor Palace',
        'Every 4 weeks',
        '3 products, 84 units',
        '$1,680.00',
      ],
      [
        dayFormat.format(dates.cloud),
        'Cloud Nine',
        'Every 2 weeks',
        '2 products, 18 units',
        '$461.82',
      ],
    ]);
    const read = fakeDb.calls.find((c) => c.op === 'getDocs' && c.path === 'standing_orders');
    expect(read?.constraints).toEqual([
      { type: 'orderBy', field: 'created_at', direction: 'desc' },
      { type: 'limit', count: 500 },
    ]);
  });

  it('says so when nothing is due in the next 14 days', async () => {
    seedStandingOrder('Far Away', { interval_weeks: 8, next_delivery_at: at(inDays(20)) });
    renderWithProviders(<StandingOrdersPanel />);
    expect(await screen.findByText('No deliveries in the next 14 days.')).toBeInTheDocument();
  });

  it('lists every standing order newest first, with status, next delivery, total and deliveries, filtered by status', async () => {
    seedAll();
    renderWithProviders(<StandingOrdersPanel />);
    await screen.findByText('Far Away');
    expect(rowsOf('All standing orders').map((cells) => cells[0])).toEqual([
      'Vapor Palace',
      'Cloud Nine',
      'Far Away',
      'Skipper',
      'Held Back',
      'Gone',
    ]);
    const cloud = rowOf('Cloud Nine');
    expect(cloud.getByText('Active')).toHaveClass('tag');
    expect(cloud.getByText('Every 2 weeks')).toBeInTheDocument();
    expect(cloud.getByText(dayFormat.format(dates.cloud))).toBeInTheDocument();
    expect(cloud.getByText('$461.82')).toBeInTheDocument();
    expect(cloud.getByText('5')).toBeInTheDocument();
    expect(cloud.getByText('Feb 1, 2025')).toBeInTheDocument();
    // A skipped delivery: the next one charged is a cycle later.
    expect(
      rowOf('Skipper').getByText(dayFormat.format(new Date(dates.skipped.getTime() + 14 * DAY))),
    ).toBeInTheDocument();
    expect(rowOf('Vapor Palace').getByText('Payment failed')).toHaveClass('tag');

    await user.click(screen.getByText('Cancelled (1)'));
    expect(rowsOf('All standing orders').map((cells) => cells[0])).toEqual(['Gone']);
    expect(rowOf('Gone').queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByText('Active (3)'));
    expect(rowsOf('All standing orders').map((cells) => cells[0])).toEqual([
      'Cloud Nine',
      'Far Away',
      'Skipper',
    ]);
  });

  it('pauses and resumes', async () => {
    seedAll();
    renderWithProviders(<StandingOrdersPanel />);
    await screen.findByText('Far Away');
    expect(rowOf('Held Back').queryByRole('button', { name: /^Pause/ })).toBeNull();
    await user.click(rowOf('Cloud Nine').getByRole('button', { name: /^Pause/ }));
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'Cloud Nine',
      action: 'pause',
    });
    await expectToast('Success', 'Standing order of Cloud Nine paused');
    await user.click(rowOf('Held Back').getByRole('button', { name: /^Resume/ }));
    expect(callables.callManageStandingOrder).toHaveBeenLastCalledWith({
      standingOrderId: 'Held Back',
      action: 'resume',
    });
    await expectToast('Success', 'Standing order of Held Back resumed');
  });

  it('cancels after the manager confirms, and shows a refusal', async () => {
    seedAll();
    renderWithProviders(<StandingOrdersPanel />);
    await screen.findByText('Far Away');
    await user.click(rowOf('Cloud Nine').getByRole('button', { name: /^Cancel/ }));
    expect(await screen.findByText('Cancel this standing order?')).toBeInTheDocument();
    expect(screen.getByText('No further deliveries will be made or charged.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() =>
      expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
        standingOrderId: 'Cloud Nine',
        action: 'cancel',
      }),
    );
    await expectToast('Success', 'Standing order of Cloud Nine cancelled');

    callables.callManageStandingOrder.mockRejectedValueOnce(
      Object.assign(new Error('This standing order is already cancelled.'), {
        code: 'functions/failed-precondition',
      }),
    );
    await user.click(rowOf('Far Away').getByRole('button', { name: /^Pause/ }));
    await expectToast(
      'Error',
      'Failed to update standing order: This standing order is already cancelled.',
    );
  });

  it("shows 'Failed to fetch data' when the list cannot be read", async () => {
    fakeDb.fail('getDocs', 'standing_orders');
    renderWithProviders(<StandingOrdersPanel />);
    await expectToast('Error', 'Failed to fetch data');
    expect(screen.getAllByText('Could not load standing orders')).toHaveLength(2);
  });
});
