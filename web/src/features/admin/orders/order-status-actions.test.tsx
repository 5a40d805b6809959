import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@portal/domain';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { useOrder, useRefundOrder, useShipOrder, useUpdateOrderStatus } from '@/entities/orders';
import { useAllProducts } from '@/entities/catalog';
import { makeOrderRow } from '../testing/search-stubs';
import { loaded, makeOrder, makeProduct, stub } from '../testing/stubs';
import { OrderStatusActions } from './order-status-actions';

vi.mock('@/entities/orders', { spy: true });
vi.mock('@/entities/catalog', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const updateAsync = vi.fn();
const refundAsync = vi.fn();
const shipAsync = vi.fn();
const paid = makeOrderRow({ id: 'paid0005xyz', status: 'processing' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(() => {
  updateAsync.mockReset().mockResolvedValue({ orderId: paid.id, status: 'cancelled' });
  refundAsync
    .mockReset()
    .mockResolvedValue({ orderId: paid.id, status: 'processing', amount: 5000 });
  vi.mocked(useUpdateOrderStatus).mockReturnValue(
    stub<typeof useUpdateOrderStatus>({ mutateAsync: updateAsync, isPending: false }),
  );
  vi.mocked(useRefundOrder).mockReturnValue(
    stub<typeof useRefundOrder>({ mutateAsync: refundAsync, isPending: false }),
  );
  shipAsync.mockReset();
  vi.mocked(useShipOrder).mockReturnValue(
    stub<typeof useShipOrder>({ mutateAsync: shipAsync, isPending: false }),
  );
  vi.mocked(useOrder).mockReturnValue(stub<typeof useOrder>(loaded(partly)));
  vi.mocked(useAllProducts).mockReturnValue(
    stub<typeof useAllProducts>(
      loaded([makeProduct({ id: 'dome-lids', name: 'Dome Lids', restock_date: '2026-12-10' })]),
    ),
  );
});

const syrupLine = makeOrder().items[0]!;
/**
 * An order of 4 syrups and 10 lids (6 of them backordered), $150.00 of goods and $12.00 of tax;
 * its first shipment carried the 4 syrups and the 4 lids in stock.
 */
const partly: Order = makeOrder({
  id: 'paid0005xyz',
  status: 'partially_shipped',
  items: [
    { ...syrupLine, quantity: 4, line_total: 10_000 },
    {
      ...syrupLine,
      product_id: 'dome-lids',
      name: 'Dome Lids',
      sku: 'LID-DOME',
      unit_amount: 500,
      quantity: 10,
      line_total: 5000,
      backordered: 6,
    },
  ],
  amount: 16_200,
  tax: { amount: 1200, state: 'CA', exemption: null },
  shipments: [
    {
      id: 'ship-1',
      number: 1,
      lines: [
        { product_id: 'syrup-purple', quantity: 4 },
        { product_id: 'dome-lids', quantity: 4 },
      ],
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      shipped_at: new Date('2026-12-01T12:00:00Z'),
      by: 'manager-1',
      request_id: '',
    },
  ],
  backorder_open: true,
});
const partlyRow = makeOrderRow({ id: 'paid0005xyz', status: 'partially_shipped', amount: 16_200 });

/** Replaces what a number box holds (antd's InputNumber) with `text`. */
async function retype(box: HTMLElement, text: string) {
  await user.clear(box);
  if (text !== '') await user.type(box, text);
}

async function chooseCarrier(d: ReturnType<typeof within>) {
  await user.click(d.getByLabelText('Carrier'));
  await user.click(await screen.findByTitle('UPS'));
  await user.type(d.getByLabelText('Tracking number'), '1Z999AA10123456785');
}

describe('Putting the items back in stock', () => {
  it('cancelling leaves stock alone unless the manager ticks the box', async () => {
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    const restock = await screen.findByRole('checkbox', { name: 'Put the items back in stock' });
    expect(restock).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(updateAsync).toHaveBeenCalledWith({ orderId: paid.id, status: 'cancelled' });
  });

  it('cancelling with the box ticked sends restock: true', async () => {
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Put the items back in stock' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    expect(updateAsync).toHaveBeenCalledWith({
      orderId: paid.id,
      status: 'cancelled',
      restock: true,
    });
  });
});

describe('Shipping by lines', () => {
  it('offers what is left of each line, refuses more than remains, and ships the units chosen', async () => {
    shipAsync.mockResolvedValue({
      orderId: partly.id,
      status: 'partially_shipped',
      shipmentId: 'ship-2',
      number: 2,
    });
    renderWithProviders(<OrderStatusActions order={partlyRow} />);
    expect(screen.queryByRole('button', { name: 'Mark Partially shipped' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mark Shipped' }));
    const d = within(await screen.findByRole('dialog', { name: 'Ship order #paid0005' }));
    const lines = within(d.getByRole('table', { name: 'Lines of order #paid0005 to ship' }));
    // The syrups all went: nothing to type. The lids wait for stock, with the catalog's date.
    expect(lines.queryByLabelText('Units of Purple Dream Syrup to ship')).toBeNull();
    expect(lines.getByText('Backordered · Expected Dec 10, 2026')).toBeInTheDocument();
    const lids = lines.getByLabelText('Units of Dome Lids to ship');
    expect(lids).toHaveValue('6');
    await retype(lids, '7');
    expect(d.getByText('Only 6 units are left to ship of Dome Lids.')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    await retype(lids, '1.5');
    expect(d.getByText('Enter whole units, 0 or more.')).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
    await retype(lids, '2');
    expect(d.getByRole('button', { name: 'Mark shipped' })).toBeEnabled();
    await chooseCarrier(d);
    await user.click(d.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(shipAsync).toHaveBeenCalledWith({
        orderId: partly.id,
        requestId: expect.stringMatching(UUID),
        lines: [{ productId: 'dome-lids', quantity: 2 }],
        shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456785' },
      }),
    );
    await expectToast('Success', 'Order #paid0005 is now Partially shipped');
  });

  it('ships every line of a processing order by default, and says it is Shipped', async () => {
    const whole = makeOrder({ id: 'paid0005xyz' });
    vi.mocked(useOrder).mockReturnValue(stub<typeof useOrder>(loaded(whole)));
    shipAsync.mockResolvedValue({
      orderId: whole.id,
      status: 'shipped',
      shipmentId: 's',
      number: 1,
    });
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Mark Shipped' }));
    const d = within(await screen.findByRole('dialog'));
    expect(d.getByLabelText('Units of Purple Dream Syrup to ship')).toHaveValue('2');
    await chooseCarrier(d);
    await user.click(d.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(shipAsync).toHaveBeenCalledWith(
        expect.objectContaining({ lines: [{ productId: 'syrup-purple', quantity: 2 }] }),
      ),
    );
    await expectToast('Success', 'Order #paid0005 is now Shipped');
  });

  it("shows the server's refusal in the dialog, and a retry sends the same request id", async () => {
    shipAsync.mockRejectedValue(new Error('Only 1 unit is left to ship of Dome Lids.'));
    renderWithProviders(<OrderStatusActions order={partlyRow} />);
    await user.click(screen.getByRole('button', { name: 'Mark Shipped' }));
    const d = within(await screen.findByRole('dialog'));
    await chooseCarrier(d);
    await user.click(d.getByRole('button', { name: 'Mark shipped' }));
    expect(await d.findByRole('alert')).toHaveTextContent(
      'Only 1 unit is left to ship of Dome Lids.',
    );
    await user.click(d.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(shipAsync).toHaveBeenCalledTimes(2));
    const [first, retry] = shipAsync.mock.calls.map(
      ([request]) => request as { requestId: string },
    );
    expect(retry!.requestId).toBe(first!.requestId);
  });
});

describe('Refunding by lines', () => {
  it('prices the lines live, restocks the unshipped units by default, and sends the lines', async () => {
    refundAsync.mockResolvedValue({
      orderId: partly.id,
      status: 'partially_shipped',
      amount: 7230,
    });
    renderWithProviders(<OrderStatusActions order={partlyRow} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog', { name: 'Refund order #paid0005' }));
    const refund = d.getByRole('button', { name: 'Refund' });
    expect(
      d.getByText('Choose the units to refund, or enter a shipping or goodwill amount.'),
    ).toBeInTheDocument();
    expect(refund).toBeDisabled();

    // 7 lids: 6 not shipped (refunded first, restocked by default) and 1 shipped; $35.00 of
    // goods and their share of the tax, $2.80.
    const lids = d.getByLabelText('Units of Dome Lids to refund');
    await retype(lids, '7');
    expect(d.getByLabelText('Units of Dome Lids to restock')).toHaveValue('6');
    expect(d.getByText('Refund $37.80 to the buyer')).toBeInTheDocument();

    const syrups = d.getByLabelText('Units of Purple Dream Syrup to refund');
    await retype(syrups, '5');
    expect(
      d.getByText(
        'Only 4 units of Purple Dream Syrup can still be refunded (shipped or not yet shipped).',
      ),
    ).toBeInTheDocument();
    expect(refund).toBeDisabled();
    await retype(syrups, '1');
    // Shipped syrups go back on the shelf only if the manager says so.
    expect(d.getByLabelText('Units of Purple Dream Syrup to restock')).toHaveValue('0');

    await retype(d.getByLabelText('Units of Dome Lids to restock'), '8');
    expect(
      d.getByText('Restock at most the units of Dome Lids being refunded.'),
    ).toBeInTheDocument();
    await retype(d.getByLabelText('Units of Dome Lids to restock'), '6');

    await user.type(d.getByLabelText('Shipping refund'), '5');
    await user.type(d.getByLabelText('Goodwill amount'), '2.50');
    // $60.00 of goods, $4.80 of tax, $5.00 of shipping and $2.50 of goodwill.
    expect(d.getByText('Refund $72.30 to the buyer')).toBeInTheDocument();
    expect(
      d.getByText('(goods $60.00 + tax $4.80 + shipping $5.00 + goodwill $2.50)'),
    ).toBeInTheDocument();
    await user.type(d.getByLabelText('Note to the customer (optional)'), 'Sorry for the wait.');
    await user.click(refund);
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({
        orderId: partly.id,
        lines: [
          { productId: 'syrup-purple', quantity: 1, restock: 0 },
          { productId: 'dome-lids', quantity: 7, restock: 6 },
        ],
        shipping: 500,
        goodwill: 250,
        internalNote: '',
        customerNote: 'Sorry for the wait.',
        requestId: expect.stringMatching(UUID),
      }),
    );
    await expectToast('Refunded', 'Refunded $72.30 on order #paid0005');
  });

  it('refuses more than is left on the order, and amounts that are not dollars', async () => {
    renderWithProviders(<OrderStatusActions order={partlyRow} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    const goodwill = d.getByLabelText('Goodwill amount');
    await user.type(goodwill, '162.01');
    expect(
      d.getByText('The refund is more than the $162.00 left to refund on this order.'),
    ).toBeInTheDocument();
    await retype(goodwill, '1.234');
    expect(
      d.getByText('Enter the shipping and goodwill amounts in dollars, like 12.50.'),
    ).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Refund' })).toBeDisabled();
    expect(refundAsync).not.toHaveBeenCalled();
  });

  it('a refund submitted again after a failure keeps its request id; another one gets a new id', async () => {
    refundAsync.mockReset().mockRejectedValue(new Error('The payment service is unavailable.'));
    renderWithProviders(<OrderStatusActions order={partlyRow} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    const goodwill = d.getByLabelText('Goodwill amount');
    await user.type(goodwill, '10');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(await d.findByRole('alert')).toHaveTextContent('The payment service is unavailable.');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundAsync).toHaveBeenCalledTimes(2));
    await retype(goodwill, '12');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundAsync).toHaveBeenCalledTimes(3));

    const [first, retry, other] = refundAsync.mock.calls.map(
      ([request]) => request as { goodwill: number; requestId: string },
    );
    expect(first).toMatchObject({
      goodwill: 1000,
      lines: [],
      requestId: expect.stringMatching(UUID),
    });
    expect(retry).toEqual(first);
    expect(other).toMatchObject({ goodwill: 1200 });
    expect(other!.requestId).not.toBe(first!.requestId);
  });
});
