import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAbandonedCheckouts } from '@/entities/orders';
import { renderWithProviders } from '@/testing/render';
import { loaded, stub } from '../testing/stubs';
import { AbandonedCheckoutsTable } from './abandoned-checkouts-table';

vi.mock('@/entities/orders', { spy: true });

function withCheckouts(checkouts: unknown[]) {
  vi.mocked(useAbandonedCheckouts).mockReturnValue(
    stub<typeof useAbandonedCheckouts>({
      ...loaded({ pages: [{ checkouts, nextCursor: null }] }),
      hasNextPage: false,
      isFetchingNextPage: false,
      fetchNextPage: vi.fn(),
    }),
  );
}

describe('AbandonedCheckoutsTable', () => {
  it('lists checkouts that never became orders with store, amount, state and time', () => {
    withCheckouts([
      {
        id: 'c1',
        user_id: 'u1',
        store_name: 'Cloud Nine Smokeshop',
        items: [],
        amount: 10497,
        state: 'expired',
        created_at: new Date('2025-11-19T16:40:00Z'),
        updated_at: new Date('2025-11-19T17:40:00Z'),
      },
    ]);
    renderWithProviders(<AbandonedCheckoutsTable />);
    const table = within(screen.getByRole('table'));
    const row = within(table.getByText('Cloud Nine Smokeshop').closest('tr')!);
    expect(row.getByText('$104.97')).toBeInTheDocument();
    expect(row.getByText('Expired')).toBeInTheDocument();
    expect(row.getByText(/Nov 19, 2025/)).toBeInTheDocument();
  });

  it('says when there are none', () => {
    withCheckouts([]);
    renderWithProviders(<AbandonedCheckoutsTable />);
    expect(screen.getByText('No abandoned checkouts.')).toBeInTheDocument();
  });
});
