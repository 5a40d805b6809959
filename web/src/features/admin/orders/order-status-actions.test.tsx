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
        internalNote: '',
        customerNote: '',
        restock: true,
        requestId: expect.stringMatching(UUID),
      }),
    );
  });

  it('a refund leaves stock alone by default', async () => {
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(refundAsync).toHaveBeenCalledWith({
        orderId: paid.id,
        amount: 5000,
        internalNote: '',
        customerNote: '',
        requestId: expect.stringMatching(UUID),
      }),
    );
  });
});

describe('Refund retries', () => {
  it('a refund submitted again after a failure keeps its request id; another amount gets a new one', async () => {
    refundAsync.mockReset().mockRejectedValue(new Error('The payment service is unavailable.'));
    renderWithProviders(<OrderStatusActions order={paid} />);
    await user.click(screen.getByRole('button', { name: 'Refund #paid0005' }));
    const d = within(await screen.findByRole('dialog'));
    const amount = d.getByLabelText('Refund amount');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    expect(await d.findByRole('alert')).toHaveTextContent('The payment service is unavailable.');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundAsync).toHaveBeenCalledTimes(2));
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(d.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refundAsync).toHaveBeenCalledTimes(3));

    const [first, retry, other] = refundAsync.mock.calls.map(
      ([request]) => request as { amount: number; requestId: string },
    );
    expect(first).toMatchObject({ amount: 1000, requestId: expect.stringMatching(UUID) });
    expect(retry).toEqual(first);
    expect(other).toMatchObject({ amount: 1200, requestId: expect.stringMatching(UUID) });
    expect(other!.requestId).not.toBe(first!.requestId);
  });
});
