import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useExportOrders } from '@/entities/orders';
import type * as Orders from '@/entities/orders';
import { makeOrder, stub } from '../testing/stubs';
import { downloadTextFile } from '../utils/download-file';
import { OrdersExport } from './orders-export';

vi.mock('@/entities/orders', async (importOriginal) => ({
  ...(await importOriginal<typeof Orders>()),
  useExportOrders: vi.fn(),
  EXPORT_MAX_ORDERS: 5000,
}));
vi.mock('../utils/download-file', () => ({ downloadTextFile: vi.fn() }));

const mutateAsync = vi.fn();

function pickRange(from: string, to: string) {
  fireEvent.change(screen.getByLabelText('From'), { target: { value: from } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
}

beforeEach(() => {
  mutateAsync.mockReset();
  vi.mocked(downloadTextFile).mockReset();
  vi.mocked(useExportOrders).mockReturnValue(
    stub<typeof useExportOrders>({ mutateAsync, isPending: false }),
  );
});

describe('OrdersExport', () => {
  it('queries the chosen whole days and downloads the CSV', async () => {
    mutateAsync.mockResolvedValue({
      orders: [makeOrder({ id: 'abc', store_name: 'Smoke, City', amount: 5000 })],
      truncated: false,
    });
    renderWithProviders(<OrdersExport />);
    pickRange('2025-03-01', '2025-03-31');
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(mutateAsync).toHaveBeenCalledWith({
      start: new Date(2025, 2, 1),
      endExclusive: new Date(2025, 3, 1),
    });
    await waitFor(() => expect(downloadTextFile).toHaveBeenCalledTimes(1));
    const [fileName, csv] = vi.mocked(downloadTextFile).mock.calls[0];
    expect(fileName).toBe('orders-2025-03-01-to-2025-03-31.csv');
    expect(csv).toContain(
      'Order ID,Date,Store,Status,Payment Type,Amount (USD),Refunded (USD),Invoice,Ship To,Items',
    );
    expect(csv).toContain(
      'abc,2025-03-04T18:30:00.000Z,"Smoke, City",processing,one_time,50.00,0.00,INV-000042,"Sam Rivera, 500 Market St, San Francisco, CA 94105, United States, +14155550123",Purple Dream Syrup x 2',
    );
    expect(await screen.findByText('Exported 1 order.')).toBeInTheDocument();
  });

  it('says so and downloads nothing when the range has no orders', async () => {
    mutateAsync.mockResolvedValue({ orders: [], truncated: false });
    renderWithProviders(<OrdersExport />);
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(
      await screen.findByText('No orders were placed in this date range.'),
    ).toBeInTheDocument();
    expect(downloadTextFile).not.toHaveBeenCalled();
  });

  it('tells the manager when the export was cut at the limit', async () => {
    mutateAsync.mockResolvedValue({ orders: [makeOrder()], truncated: true });
    renderWithProviders(<OrdersExport />);
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(
      await screen.findByText(
        'Exported the first 5000 orders. Choose a shorter range for the rest.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a reversed range', () => {
    renderWithProviders(<OrdersExport />);
    pickRange('2025-03-10', '2025-03-01');
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Choose a start date on or before the end date.',
    );
  });

  it('toasts when the export fails', async () => {
    mutateAsync.mockRejectedValue(new Error('permission-denied'));
    renderWithProviders(<OrdersExport />);
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Failed to export orders')).toBeInTheDocument();
  });
});
