import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useRefundOrder, useUpdateOrderStatus } from '@/entities/orders';
import { makeOrderRow } from '../testing/search-stubs';
import { stub } from '../testing/stubs';
import { OrderStatusActions } from './order-status-actions';

vi.mock('@/entities/orders', { spy: true });

vi.setConfig({ testTimeout: 40_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const updateAsync = vi.fn();
const refundAsync = vi.fn();
const paid = makeOrderRow({ id: 'paid0005xyz', status: 'processing' });

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
});

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

  it('a refund of everything left sends restock: true when the box is ticked; a partial one cannot restock', async () => {
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    const restock = d.getByRole('checkbox', { name: 'Put the items back in stock' });
    expect(restock).not.toBeChecked();
    await user.click(restock);
    const amount = d.getByLabelText('Refund amount');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(
      await d.findByText(
        'Putting the items back in stock goes with refunding everything left ($50.00).',
      ),
    ).toBeInTheDocument();
    expect(refundAsync).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '50.00');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({
        orderId: paid.id,
        amount: 5000,
        reason: '',
        restock: true,
      }),
    );
  });

  it('a refund leaves stock alone by default', async () => {
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({ orderId: paid.id, amount: 5000, reason: '' }),
    );
  });
});
