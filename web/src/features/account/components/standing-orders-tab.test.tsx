import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, businessDay } from '@portal/domain';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, demoProducts, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AccountPage } from './account-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({ callManageStandingOrder: vi.fn() }));
vi.mock('@/lib/callables', () => callables);

const day = (iso: string) => Timestamp.fromDate(new Date(`${iso}T12:00:00Z`));

const blueCoast = {
  product_id: 'blue-coast',
  name: 'Blue Coast Syrup',
  sku: 'SYR-BLUE',
  quantity: 12,
  unit_amount: 2599,
  paused_reason: null,
};
const purpleDream = {
  product_id: 'purple-dream',
  name: 'Purple Dream Syrup',
  sku: 'SYR-PURPLE',
  quantity: 6,
  unit_amount: 2499,
  paused_reason: null,
};

function seedStandingOrder(id: string, fields: Record<string, unknown> = {}) {
  fakeDb.seed(`standing_orders/${id}`, {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    role: 'retailer',
    interval_weeks: 2,
    status: 'active',
    lines: [blueCoast, purpleDream],
    ship_to: {
      name: 'Dana Buyer',
      phone: '',
      address: {
        line1: '1 Pine Ave',
        line2: '',
        city: 'Long Beach',
        state: 'CA',
        postal_code: '90802',
        country: 'US',
      },
    },
    next_delivery_at: day('2025-06-02'),
    skipped_delivery_at: null,
    paused_by_manager: false,
    created_at: day('2025-05-05'),
    updated_at: day('2025-05-19'),
    cancelled_at: null,
    last_order_id: 'order-3',
    orders_count: 3,
    stripe_subscription_id: 'sub_1',
    ...fields,
  });
}

/** A demo product with the catalog fields of a case pack. */
function seedProduct(id: string, fields: Record<string, unknown> = {}) {
  const { id: _id, ...data } = demoProducts.find((p) => p.id === id)!;
  fakeDb.seed(`products/${id}`, { ...data, ...fields });
}

function renderTab() {
  return renderWithProviders(<AccountPage />, {
    route: '/portal/my-account?tab=standing-orders',
    path: '/portal/my-account',
    routes: [{ path: '/portal/cart', element: <h1>Cart page</h1> }],
  });
}

async function card(name: RegExp | string = /^Standing order/) {
  // The tab is its own chunk: the first render waits for it.
  const [found] = await screen.findAllByRole('listitem', { name }, { timeout: 10_000 });
  return found!;
}

/** The server's answer to a call: it writes the document, then answers. */
function serverWrites(
  id: string,
  fields: Record<string, unknown>,
  answer: Record<string, unknown> = {},
) {
  callables.callManageStandingOrder.mockImplementation(async () => {
    seedStandingOrder(id, fields);
    return {
      standingOrderId: id,
      status: 'active',
      nextDeliveryAt: null,
      cycleAmount: 12 * 2599 + 6 * 2499,
      pausedUntil: null,
      ...answer,
    };
  });
}

beforeEach(() => {
  callables.callManageStandingOrder.mockReset();
});

describe('My Account: Standing orders', () => {
  it('lists the buyer’s standing orders newest first, the cancelled ones last and greyed', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-old', { created_at: day('2025-01-06'), interval_weeks: 8 });
    seedStandingOrder('so-new', { created_at: day('2025-05-05') });
    seedStandingOrder('so-cancelled', {
      created_at: day('2025-05-20'),
      interval_weeks: 4,
      status: 'cancelled',
      next_delivery_at: null,
      cancelled_at: day('2025-05-25'),
    });
    seedStandingOrder('so-other', {
      user_id: 'someone-else',
      company_id: 'another-company',
      created_at: day('2025-05-30'),
    });
    const release = fakeDb.hold('getDocs');
    renderTab();
    expect(
      screen.getByRole('tab', { name: 'Standing orders', selected: true }),
    ).toBeInTheDocument();
    expect(
      await screen.findByLabelText('Loading standing orders', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    release();
    const list = await screen.findByRole('list', { name: 'Standing orders' });
    const cards = within(list).getAllByRole('listitem', { name: /^Standing order/ });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Standing order every 2 weeks, since May 5, 2025',
      'Standing order every 8 weeks, since Jan 6, 2025',
      'Standing order every 4 weeks, since May 20, 2025',
    ]);
    const query = fakeDb.calls.find((c) => c.op === 'getDocs' && c.path === 'standing_orders');
    expect(query?.constraints).toEqual([
      { type: 'where', field: 'company_id', op: '==', value: BUYER_UID },
    ]);

    const first = within(cards[0]!);
    expect(first.getByText('Active')).toHaveClass('ant-tag-green');
    expect(first.getByText('Every 2 weeks')).toBeInTheDocument();
    expect(first.getByText('Next delivery: Jun 2, 2025')).toBeInTheDocument();
    const lines = within(first.getByRole('list', { name: 'Products every 2 weeks' }));
    const blue = within(lines.getByText('Blue Coast Syrup').closest('li')!);
    expect(blue.getByText('SKU SYR-BLUE')).toBeInTheDocument();
    expect(blue.getByText('12 × $25.99')).toBeInTheDocument();
    expect(blue.getByText('$311.88')).toBeInTheDocument();
    // 12 × $25.99 + 6 × $24.99
    expect(first.getByText('$461.82')).toBeInTheDocument();
    expect(first.getByText('Ship to Dana Buyer, Long Beach')).toBeInTheDocument();
    expect(first.getByText('3 deliveries so far')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Skip next delivery' })).toBeEnabled();

    const cancelled = cards[2]!;
    expect(cancelled).toHaveClass('standing-order--cancelled');
    expect(within(cancelled).getByText('Cancelled')).toHaveClass('ant-tag');
    expect(within(cancelled).getByText('Cancelled on May 25, 2025')).toBeInTheDocument();
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
  });

  it("dates a delivery by the business's day (Pacific), as the mails do, whatever the device's zone", async () => {
    seedProfile('retailer');
    // 6 pm on Jun 2 in California (PDT) is Jun 3 in UTC; created at 11 pm on May 4 there.
    seedStandingOrder('so-1', {
      next_delivery_at: Timestamp.fromDate(new Date('2025-06-03T01:00:00Z')),
      created_at: Timestamp.fromDate(new Date('2025-05-05T06:00:00Z')),
    });
    renderTab();
    const order = await card();
    expect(within(order).getByText('Next delivery: Jun 2, 2025')).toBeInTheDocument();
    expect(within(order).getByText('Since May 4, 2025')).toBeInTheDocument();
  });

  it('shows a skipped delivery and the one after it, and undoes the skip', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1', { skipped_delivery_at: day('2025-06-02') });
    serverWrites('so-1', { skipped_delivery_at: null });
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    expect(
      within(order).getByText('Jun 2, 2025 skipped · next delivery Jun 16, 2025'),
    ).toBeInTheDocument();
    expect(within(order).queryByRole('button', { name: 'Skip next delivery' })).toBeNull();
    await user.click(within(order).getByRole('button', { name: 'Undo skip' }));
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'unskip',
    });
    await expectToast('Success', 'Skip undone: the next delivery goes ahead.');
    expect(await within(order).findByText('Next delivery: Jun 2, 2025')).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeEnabled();
  });

  it('skips the next delivery, with the buttons disabled while the call runs', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1');
    let answer: () => void = () => undefined;
    callables.callManageStandingOrder.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => {
            seedStandingOrder('so-1', { skipped_delivery_at: day('2025-06-02') });
            resolve({ standingOrderId: 'so-1', status: 'active', nextDeliveryAt: null });
          };
        }),
    );
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    await user.click(within(order).getByRole('button', { name: 'Skip next delivery' }));
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'skip',
    });
    await waitFor(() =>
      expect(within(order).getByRole('button', { name: /Skip next delivery/ })).toHaveClass(
        'ant-btn-loading',
      ),
    );
    expect(within(order).getByRole('button', { name: 'Change products' })).toBeDisabled();
    expect(within(order).getByRole('button', { name: 'Cancel standing order' })).toBeDisabled();
    answer();
    await expectToast('Success', 'Next delivery skipped.');
    expect(
      await within(order).findByText('Jun 2, 2025 skipped · next delivery Jun 16, 2025'),
    ).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Undo skip' })).toBeEnabled();
    expect(within(order).getByRole('button', { name: 'Change products' })).toBeEnabled();
  });

  it("shows the server's message when a change is refused", async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1');
    callables.callManageStandingOrder.mockRejectedValue(
      Object.assign(new Error('The next delivery is already being prepared.'), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    await user.click(within(order).getByRole('button', { name: 'Skip next delivery' }));
    await expectToast('Error', 'The next delivery is already being prepared.');
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeEnabled();
  });

  it('cancels after the buyer confirms', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1');
    serverWrites('so-1', {
      status: 'cancelled',
      next_delivery_at: null,
      cancelled_at: day('2025-05-21'),
    });
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    await user.click(within(order).getByRole('button', { name: 'Cancel standing order' }));
    expect(await screen.findByText('Cancel this standing order?')).toBeInTheDocument();
    expect(screen.getByText('No further deliveries will be made or charged.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(callables.callManageStandingOrder).not.toHaveBeenCalled();

    await user.click(within(order).getByRole('button', { name: 'Cancel standing order' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'cancel',
    });
    await expectToast('Success', 'Standing order cancelled.');
    const cancelled = await card();
    await waitFor(() => expect(cancelled).toHaveClass('standing-order--cancelled'));
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();
  });

  it('changes products: quantities in whole cases, a product removed and one added, with an estimate', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', { case_pack: 6 });
    seedProduct('purple-dream');
    fakeDb.seed('products/red-rush', {
      ...demoProducts.find((p) => p.id === 'blue-coast')!,
      name: 'Red Rush Syrup',
      sku: 'SYR-RED',
      price_retailer: 2000,
      case_pack: 1,
      min_quantity: 2,
    });
    seedStandingOrder('so-1');
    serverWrites(
      'so-1',
      {
        lines: [
          { ...blueCoast, quantity: 18 },
          {
            product_id: 'red-rush',
            name: 'Red Rush Syrup',
            sku: 'SYR-RED',
            quantity: 2,
            unit_amount: 2000,
            paused_reason: null,
          },
        ],
      },
      { cycleAmount: 18 * 2599 + 2 * 2000 },
    );
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    await user.click(within(order).getByRole('button', { name: 'Change products' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change products' }));
    expect(dialog.getByText('Applies from the next delivery.')).toBeInTheDocument();
    const blue = dialog.getByRole('spinbutton', { name: 'Quantity of Blue Coast Syrup' });
    expect(blue).toHaveValue('12');
    expect(await dialog.findByText('Cases of 6')).toBeInTheDocument();
    expect(dialog.getByText('$461.82')).toBeInTheDocument(); // 12 × 25.99 + 6 × 24.99
    const save = dialog.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // nothing changed yet

    await user.clear(blue);
    await user.type(blue, '10');
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(
      await dialog.findByText('Blue Coast Syrup is sold in cases of 6: order a multiple of 6.'),
    ).toBeInTheDocument();
    expect(blue).toHaveAttribute('aria-invalid', 'true');
    expect(callables.callManageStandingOrder).not.toHaveBeenCalled();

    await user.clear(blue);
    await user.type(blue, '18');
    await user.click(dialog.getByRole('button', { name: 'Remove Purple Dream Syrup' }));
    expect(
      dialog.queryByRole('spinbutton', { name: 'Quantity of Purple Dream Syrup' }),
    ).not.toBeInTheDocument();
    // The last product cannot be removed.
    expect(dialog.getByRole('button', { name: 'Remove Blue Coast Syrup' })).toBeDisabled();
    await user.click(dialog.getByRole('combobox', { name: 'Add a product' }));
    await user.click(await screen.findByText('Red Rush Syrup · SKU SYR-RED'));
    expect(
      await dialog.findByRole('spinbutton', { name: 'Quantity of Red Rush Syrup' }),
    ).toHaveValue('2');
    expect(dialog.getByText('Estimated each delivery')).toBeInTheDocument();
    expect(dialog.getByText('$507.82')).toBeInTheDocument(); // 18 × 25.99 + 2 × 20.00
    await user.click(save);
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'set_lines',
      lines: [
        { productId: 'blue-coast', quantity: 18 },
        { productId: 'red-rush', quantity: 2 },
      ],
    });
    await expectToast(
      'Success',
      'Products saved. They apply from the next delivery. Each delivery: $507.82.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(order).findByText('18 × $25.99')).toBeInTheDocument();
    expect(within(order).getByText('Red Rush Syrup')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when the products are refused", async () => {
    seedProfile('retailer');
    seedProduct('blue-coast');
    seedProduct('purple-dream');
    seedStandingOrder('so-1');
    callables.callManageStandingOrder.mockRejectedValue(
      Object.assign(new Error('Only 10 left of Blue Coast Syrup.'), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderTab();
    await user.click(within(await card()).getByRole('button', { name: 'Change products' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change products' }));
    const blue = dialog.getByRole('spinbutton', { name: 'Quantity of Blue Coast Syrup' });
    await user.clear(blue);
    await user.type(blue, '24');
    const save = dialog.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Only 10 left of Blue Coast Syrup.');
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'set_lines',
      lines: [
        { productId: 'blue-coast', quantity: 24 },
        { productId: 'purple-dream', quantity: 6 },
      ],
    });
  });

  it('changes the schedule: the interval, then the next delivery date', async () => {
    seedProfile('retailer');
    const next = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    seedStandingOrder('so-1', { next_delivery_at: Timestamp.fromDate(next) });
    serverWrites('so-1', { interval_weeks: 4 });
    const user = userEvent.setup();
    renderTab();
    await user.click(within(await card()).getByRole('button', { name: 'Change schedule' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change schedule' }));
    await user.click(dialog.getByRole('radio', { name: 'Every 4 weeks' }));
    const date = dialog.getByLabelText('Next delivery');
    const today = businessDay(new Date());
    // Too far ahead: refused here, nothing sent.
    fireEvent.change(date, { target: { value: addDays(today, 60) } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(/at most 8 weeks ahead/);
    expect(callables.callManageStandingOrder).not.toHaveBeenCalled();

    fireEvent.change(date, { target: { value: addDays(today, 20) } });
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await expectToast('Success', 'Schedule saved.');
    expect(callables.callManageStandingOrder.mock.calls).toEqual([
      [{ standingOrderId: 'so-1', action: 'set_interval', weeks: 4 }],
      [{ standingOrderId: 'so-1', action: 'set_next_delivery', date: addDays(today, 20) }],
    ]);
  });

  it('pauses for the weeks chosen, shows the pause, and resumes', async () => {
    seedProfile('retailer');
    const next = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    const until = new Date(Date.now() + 21 * 24 * 3600 * 1000);
    seedStandingOrder('so-1', { next_delivery_at: Timestamp.fromDate(next) });
    serverWrites('so-1', {
      next_delivery_at: Timestamp.fromDate(next),
      paused_until: Timestamp.fromDate(until),
    });
    const user = userEvent.setup();
    renderTab();
    const order = await card();
    await user.click(within(order).getByRole('button', { name: 'Pause' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pause deliveries' }));
    expect(dialog.getByText(/^Deliveries until .+ pass without a charge/)).toBeInTheDocument();
    await user.click(dialog.getByRole('combobox', { name: 'Pause for' }));
    await user.click(await screen.findByTitle('3 weeks'));
    await user.click(dialog.getByRole('button', { name: 'Pause' }));
    expect(callables.callManageStandingOrder).toHaveBeenCalledWith({
      standingOrderId: 'so-1',
      action: 'pause_weeks',
      weeks: 3,
    });
    await expectToast('Success', 'Deliveries paused until ');
    expect(await within(order).findByText(/^Paused until /)).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeDisabled();

    serverWrites('so-1', { paused_until: null });
    await user.click(within(order).getByRole('button', { name: 'Resume' }));
    expect(callables.callManageStandingOrder).toHaveBeenLastCalledWith({
      standingOrderId: 'so-1',
      action: 'resume',
    });
    await expectToast('Success', 'Resumed: the next delivery goes ahead.');
    expect(await within(order).findByRole('button', { name: 'Pause' })).toBeEnabled();
  });

  it('warns of a paused line and leaves it out of the total', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1', {
      lines: [blueCoast, { ...purpleDream, paused_reason: 'out_of_stock' }],
    });
    renderTab();
    const order = await card();
    expect(
      within(order).getByText(
        'Paused: Purple Dream Syrup is out of stock. It is delivered again once it is back.',
      ),
    ).toBeInTheDocument();
    expect(within(order).getByText('Not included')).toBeInTheDocument();
    // Blue Coast only: 12 × $25.99.
    expect(within(order).getAllByText('$311.88')).toHaveLength(2);
  });

  it('offers no skip while every line is paused, but still products and cancelling', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1', {
      status: 'paused',
      lines: [
        { ...blueCoast, paused_reason: 'inactive' },
        { ...purpleDream, paused_reason: 'no_price' },
      ],
    });
    renderTab();
    const order = await card();
    expect(within(order).getByText('No deliveries while paused.')).toBeInTheDocument();
    expect(
      within(order).getByText('Paused: Blue Coast Syrup is no longer sold.'),
    ).toBeInTheDocument();
    expect(
      within(order).getByText('Paused: Purple Dream Syrup has no price for your account yet.'),
    ).toBeInTheDocument();
    expect(within(order).getByText('$0.00')).toBeInTheDocument();
    expect(within(order).queryByText(/^Paused by/)).not.toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeDisabled();
    expect(within(order).getByRole('button', { name: 'Change products' })).toBeEnabled();
    expect(within(order).getByRole('button', { name: 'Pause' })).toBeDisabled();
    expect(within(order).getByRole('button', { name: 'Cancel standing order' })).toBeEnabled();
  });

  it('asks the buyer to contact us when the last payment failed', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1', { status: 'payment_failed' });
    renderTab();
    const order = await card();
    expect(within(order).getByText('Payment failed')).toHaveClass('ant-tag-red');
    const alert = within(order).getByRole('alert');
    expect(alert).toHaveClass('ant-alert-error');
    expect(alert).toHaveTextContent(
      'We could not charge your card for your last delivery. We retry automatically; if your card changed, contact us at support@electricslush.example.',
    );
    expect(
      within(alert).getByRole('link', { name: 'support@electricslush.example' }),
    ).toHaveAttribute('href', 'mailto:support@electricslush.example');
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeEnabled();
  });

  it('allows only cancelling a standing order a manager paused', async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1', { status: 'paused', paused_by_manager: true });
    renderTab();
    const order = await card();
    expect(within(order).getByText('Paused')).toHaveClass('ant-tag');
    expect(
      within(order).getByText(
        'Paused by Electric Slush Co. No deliveries are made or charged until we resume it.',
      ),
    ).toBeInTheDocument();
    expect(within(order).getByRole('button', { name: 'Skip next delivery' })).toBeDisabled();
    for (const name of ['Change products', 'Change schedule', 'Pause']) {
      expect(within(order).getByRole('button', { name })).toBeDisabled();
    }
    expect(within(order).getByRole('button', { name: 'Cancel standing order' })).toBeEnabled();
  });

  it('says how to set one up when there are none', async () => {
    seedProfile('retailer');
    const user = userEvent.setup();
    renderTab();
    expect(
      await screen.findByRole('heading', { name: 'No standing orders yet.' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Choose a delivery interval in your cart to set one up.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
  });

  it("toasts 'Could not load account data.' and retries when they cannot be read", async () => {
    seedProfile('retailer');
    seedStandingOrder('so-1');
    fakeDb.fail('getDocs', 'standing_orders', new Error('unavailable'), true);
    const user = userEvent.setup();
    renderTab();
    await expectToast('Error', 'Could not load account data.');
    expect(
      screen.getByRole('heading', { name: 'Could not load account data.' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await card()).toBeInTheDocument();
  });
});
