import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({ callCancelBackorderedLine: vi.fn() }));
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/callables', () => mocks);
const listMocks = vi.hoisted(() => ({
  callSaveOrderList: vi.fn(async () => ({ listId: 'l1' })),
  callDeleteOrderList: vi.fn(),
}));
vi.mock('@/lib/order-list-callables', () => listMocks);

const at = (iso: string) => Timestamp.fromDate(new Date(iso));

const line = (
  product_id: string,
  name: string,
  unit_amount: number,
  quantity: number,
  backordered = 0,
) => ({
  product_id,
  name,
  description: '',
  image_url: `/products/${product_id}.svg`,
  unit_amount,
  quantity,
  line_total: unit_amount * quantity,
  backordered,
});

const shipment = (id: string, number: number, lines: [string, number][], day: string) => ({
  id,
  number,
  lines: lines.map(([product_id, quantity]) => ({ product_id, quantity })),
  carrier: 'ups',
  tracking_number: `1Z999AA1012345678${number}`,
  shipped_at: at(`${day}T10:00:00Z`),
  by: 'manager-1',
  request_id: '',
});

/**
 * 48 Dome Lids of which 24 were backordered, and 2 Blue Coast Syrup; $14.20 of tax on $141.98.
 * Shipment 1 took the 24 lids in stock and one syrup; the other syrup was refunded before it
 * shipped ($34.99 and its $3.50 of tax). 24 lids wait for stock.
 */
function seedPartlyShipped(fields: Record<string, unknown> = {}) {
  fakeDb.seed('orders/partial01', {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    items: [
      line('dome-lids', 'Dome Lids', 150, 48, 24),
      line('blue-coast', 'Blue Coast Syrup', 3499, 2),
    ],
    amount: 15_618,
    currency: 'usd',
    payment_type: 'one_time',
    status: 'partially_shipped',
    stripe_session_id: 'cs_test_1',
    created_at: at('2025-03-04T18:00:00Z'),
    paid_at: at('2025-03-04T18:01:00Z'),
    status_history: [],
    invoice_number: 'INV-000042',
    tax: { amount: 1420, state: 'CA', exemption: null },
    shipments: [
      shipment(
        'ship-1',
        1,
        [
          ['dome-lids', 24],
          ['blue-coast', 1],
        ],
        '2025-03-06',
      ),
    ],
    shipment: {
      carrier: 'ups',
      tracking_number: '1Z999AA10123456781',
      shipped_at: at('2025-03-06T10:00:00Z'),
    },
    refunds: [
      {
        refund_id: 're_1',
        amount: 3849,
        customer_note: '',
        at: at('2025-03-07T10:00:00Z'),
        by: 'manager-1',
        lines: [
          { product_id: 'blue-coast', quantity: 1, unshipped: 1, restocked: 1, amount: 3499 },
        ],
        tax: 350,
        shipping: 0,
        goodwill: 0,
      },
    ],
    refunded_amount: 3849,
    backorder_open: true,
    ...fields,
  });
}

function renderAccount() {
  return renderWithProviders(<AccountPage />, {
    route: '/portal/my-account',
    path: '/portal/my-account',
  });
}

async function openOrder(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('listitem', { name: 'Order #partial0' });
  await user.click(within(card).getByRole('button', { name: /Show 50 items/ }));
  await screen.findByRole('list', { name: 'Items of order #partial0' });
  return card;
}

beforeEach(() => {
  mocks.callCancelBackorderedLine.mockReset();
});

describe('My Account: an order shipped in parts', () => {
  it('shows each line backordered and refunded, and the shipments with their tracking', async () => {
    seedProfile('retailer');
    seedPartlyShipped();
    const user = userEvent.setup();
    renderAccount();
    const card = await openOrder(user);
    expect(within(card).getByText('Partially shipped')).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Items of order #partial0' }));
    const lids = lines.getByText('Dome Lids').closest('li')!;
    expect(within(lids).getByText('24 backordered')).toBeInTheDocument();
    const syrup = lines.getByText('Blue Coast Syrup').closest('li')!;
    expect(within(syrup).getByText('1 refunded')).toBeInTheDocument();
    expect(within(syrup).queryByText(/backordered/i)).not.toBeInTheDocument();
    const shipments = within(screen.getByRole('region', { name: 'Shipments of order #partial0' }));
    const first = within(shipments.getAllByRole('listitem')[0]!);
    expect(first.getByText('Shipment 1')).toBeInTheDocument();
    expect(first.getByText('Mar 6, 2025')).toBeInTheDocument();
    expect(first.getByText('24 × Dome Lids, 1 × Blue Coast Syrup')).toBeInTheDocument();
    expect(
      first.getByRole('link', { name: /Track package 1Z999AA10123456781 with UPS/ }),
    ).toHaveAttribute('href', expect.stringContaining('1Z999AA10123456781'));
  });

  it('lists every shipment, and says how many there are instead of one tracking link', async () => {
    seedProfile('retailer');
    seedPartlyShipped({
      status: 'shipped',
      shipments: [
        shipment(
          'ship-1',
          1,
          [
            ['dome-lids', 24],
            ['blue-coast', 1],
          ],
          '2025-03-06',
        ),
        shipment('ship-2', 2, [['dome-lids', 24]], '2025-03-20'),
      ],
      shipment: {
        carrier: 'ups',
        tracking_number: '1Z999AA10123456782',
        shipped_at: at('2025-03-20T10:00:00Z'),
      },
      backorder_open: false,
    });
    const user = userEvent.setup();
    renderAccount();
    const card = await screen.findByRole('listitem', { name: 'Order #partial0' });
    expect(within(card).getByText('2 shipments')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Track package/ })).not.toBeInTheDocument();
    await openOrder(user);
    const shipments = within(screen.getByRole('region', { name: 'Shipments of order #partial0' }));
    expect(shipments.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Shipment 1Mar 6, 202524 × Dome Lids, 1 × Blue Coast SyrupUPS 1Z999AA10123456781',
      'Shipment 2Mar 20, 202524 × Dome LidsUPS 1Z999AA10123456782',
    ]);
    // Everything shipped: nothing left to cancel.
    expect(
      screen.queryByRole('button', { name: /Cancel backordered items/ }),
    ).not.toBeInTheDocument();
  });

  it('shows an order shipped whole before shipments as one shipment', async () => {
    seedProfile('retailer');
    seedPartlyShipped({ status: 'delivered', shipments: [], refunds: [], refunded_amount: 0 });
    const user = userEvent.setup();
    renderAccount();
    const card = await screen.findByRole('listitem', { name: 'Order #partial0' });
    expect(
      within(card).getByRole('link', { name: /Track package 1Z999AA10123456781/ }),
    ).toBeInTheDocument();
    await openOrder(user);
    const shipments = within(screen.getByRole('region', { name: 'Shipments of order #partial0' }));
    expect(shipments.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Shipment 1Mar 6, 202548 × Dome Lids, 2 × Blue Coast SyrupUPS 1Z999AA10123456781',
    ]);
    expect(
      screen.queryByRole('button', { name: /Cancel backordered items/ }),
    ).not.toBeInTheDocument();
  });

  it.each(['owner', 'buyer'])(
    'lets a company %s cancel the backordered units still waiting, for their refund',
    async (companyRole) => {
      seedProfile('retailer', { company_role: companyRole });
      seedPartlyShipped();
      mocks.callCancelBackorderedLine.mockResolvedValue({
        orderId: 'partial01',
        status: 'shipped',
        refundId: 're_2',
        amount: 3960,
        refundedAmount: 7809,
      });
      const user = userEvent.setup();
      renderAccount();
      await openOrder(user);
      const cancel = screen.getByRole('button', { name: 'Cancel backordered items: Dome Lids' });
      await user.click(cancel);
      // The 24 lids at $1.50 and their share of the tax: $36.00 + $3.60.
      const dialog = await screen.findByRole('alertdialog', {
        name: 'Cancel the 24 backordered Dome Lids and refund $39.60?',
      });
      expect(mocks.callCancelBackorderedLine).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel items' }));
      await waitFor(() => expect(mocks.callCancelBackorderedLine).toHaveBeenCalledTimes(1));
      expect(mocks.callCancelBackorderedLine).toHaveBeenCalledWith({
        orderId: 'partial01',
        productId: 'dome-lids',
        requestId: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      });
      await expectToast(
        'Backorder cancelled',
        'The 24 backordered Dome Lids are cancelled and refunded.',
      );
    },
  );

  it('keeps the backordered units when the buyer thinks again, and shows why a cancellation failed', async () => {
    seedProfile('retailer', { company_role: 'buyer' });
    seedPartlyShipped();
    mocks.callCancelBackorderedLine.mockRejectedValue(
      Object.assign(new Error('Those units have shipped already. [400]'), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderAccount();
    await openOrder(user);
    const cancel = screen.getByRole('button', { name: 'Cancel backordered items: Dome Lids' });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(mocks.callCancelBackorderedLine).not.toHaveBeenCalled();
    await user.click(cancel);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel items' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Those units have shipped already.');
  });

  it("saves an order's products and quantities as a list, and offers it to no viewer", async () => {
    seedProfile('retailer');
    seedPartlyShipped();
    const user = userEvent.setup();
    renderAccount();
    await openOrder(user);
    await user.click(screen.getByRole('button', { name: 'Save as list: order #partial0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as list' }, { timeout: 15_000 });
    await user.type(within(dialog).getByRole('textbox', { name: 'List name' }), 'Lids and syrup');
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    await expectToast('List saved', '"Lids and syrup" is in your Order lists.');
    expect(listMocks.callSaveOrderList).toHaveBeenCalledWith({
      listId: null,
      name: 'Lids and syrup',
      lines: [
        { productId: 'dome-lids', quantity: 48 },
        { productId: 'blue-coast', quantity: 2 },
      ],
    });
  });

  it('shows a viewer the backorder but no cancelling', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedPartlyShipped();
    const user = userEvent.setup();
    renderAccount();
    await openOrder(user);
    expect(screen.getByText('24 backordered')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Cancel backordered items/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save as list/ })).not.toBeInTheDocument();
  });
});
