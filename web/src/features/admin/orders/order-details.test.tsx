import { screen, within } from '@testing-library/react';
import type { Order } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useOrder, useOrderNotes } from '@/entities/orders';
import { useAllProducts } from '@/entities/catalog';
import { loaded, makeOrder, makeProduct, stub } from '../testing/stubs';
import { OrderDetails } from './order-details';

vi.mock('@/entities/orders', { spy: true });
vi.mock('@/entities/catalog', { spy: true });

const syrup = makeOrder().items[0]!;
const at = new Date('2026-12-01T12:00:00Z');
/** 4 syrups and 10 lids (6 backordered): two shipments, then a refund by lines. */
const order: Order = makeOrder({
  id: 'parts001xyz',
  status: 'partially_shipped',
  items: [
    { ...syrup, quantity: 4, line_total: 10_000 },
    {
      ...syrup,
      product_id: 'dome-lids',
      name: 'Dome Lids',
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
      id: 'ship-a',
      number: 1,
      lines: [
        { product_id: 'syrup-purple', quantity: 4 },
        { product_id: 'dome-lids', quantity: 4 },
      ],
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
      shipped_at: at,
      by: 'm1',
      request_id: '',
    },
    {
      id: 'ship-b',
      number: 2,
      lines: [{ product_id: 'dome-lids', quantity: 2 }],
      carrier: 'usps',
      tracking_number: '9400111899223197428490',
      shipped_at: new Date('2026-12-03T12:00:00Z'),
      by: 'm1',
      request_id: '',
    },
  ],
  refunded_amount: 3280,
  refunds: [
    {
      refund_id: 're_1',
      amount: 3280,
      customer_note: '',
      at,
      by: 'm1',
      lines: [
        { product_id: 'syrup-purple', quantity: 1, unshipped: 0, restocked: 0, amount: 2500 },
      ],
      tax: 200,
      shipping: 500,
      goodwill: 80,
    },
  ],
  backorder_open: true,
});

beforeEach(() => {
  vi.mocked(useOrder).mockReturnValue(stub<typeof useOrder>(loaded(order)));
  vi.mocked(useOrderNotes).mockReturnValue(stub<typeof useOrderNotes>(loaded({ refunds: {} })));
  vi.mocked(useAllProducts).mockReturnValue(
    stub<typeof useAllProducts>(
      loaded([makeProduct({ id: 'dome-lids', name: 'Dome Lids', restock_date: '2026-12-10' })]),
    ),
  );
});

describe('An order in full, shipped in parts', () => {
  it('shows each line ordered, shipped, refunded and still to ship, with the backorder mark', () => {
    renderWithProviders(<OrderDetails orderId={order.id} />);
    const table = screen.getByRole('table', { name: 'Items of order #parts001' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Purple Dream Syrup', '$25.00', '4', '4', '1', '0', '$100.00'],
      ['Dome LidsBackordered · Expected Dec 10, 2026', '$5.00', '10', '6', '0', '4', '$50.00'],
    ]);
  });

  it('lists every shipment with what it carried, its tracking and its own packing slip', () => {
    renderWithProviders(<OrderDetails orderId={order.id} />);
    const list = screen.getByRole('list', { name: 'Shipments of order #parts001' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Shipment 1 · Dec 1, 2026');
    expect(first).toHaveTextContent('4 × Purple Dream Syrup, 4 × Dome Lids');
    expect(
      within(second!).getByRole('link', { name: /Track package 9400111899223197428490 with USPS/ }),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('2 × Dome Lids');
    expect(
      within(second!).getByRole('link', {
        name: 'Packing slip of shipment 2 of order #parts001 (opens in a new tab)',
      }),
    ).toHaveAttribute('href', '/admin/orders/parts001xyz/packing-slip?shipment=ship-b');
  });

  it('says what each refund by lines was made of', () => {
    renderWithProviders(<OrderDetails orderId={order.id} />);
    expect(
      screen.getByText(
        '1 × Purple Dream Syrup ($25.00); tax $2.00; shipping $5.00; goodwill $0.80',
      ),
    ).toBeInTheDocument();
  });
});
