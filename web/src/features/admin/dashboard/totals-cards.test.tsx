import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useTotals } from './get-totals';
import { failed, loaded, loading, stub } from '../testing/stubs';
import { TotalsCards } from './totals-cards';

vi.mock('./get-totals', () => ({ useTotals: vi.fn() }));

describe('TotalsCards', () => {
  it('shows total orders, total users and revenue in dollars', () => {
    vi.mocked(useTotals).mockReturnValue(
      stub<typeof useTotals>(loaded({ totalOrders: 1234, totalUsers: 56, revenue: 1234567 })),
    );
    renderWithProviders(<TotalsCards />);
    // Labelled apart from the Overview's figures of a period.
    const group = screen.getByRole('region', { name: 'All time' });
    expect(group).toContainElement(screen.getByText('Total Orders'));
    expect(screen.getByRole('heading', { level: 2, name: 'All time' })).toBeInTheDocument();
    expect(screen.getByText('Total Orders')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Total Users')).toBeInTheDocument();
    expect(screen.getByText('56')).toBeInTheDocument();
    expect(screen.getByText('Revenue')).toBeInTheDocument();
    expect(screen.getByText('$12,345.67')).toBeInTheDocument();
    // Revenue says that it counts what orders charged, sales tax included.
    expect(screen.getByText('Incl. sales tax')).toBeInTheDocument();
  });

  it('shows a dash on each value line while loading, so nothing moves when the numbers come', () => {
    vi.mocked(useTotals).mockReturnValue(stub<typeof useTotals>(loading()));
    const { container } = renderWithProviders(<TotalsCards />);
    expect(screen.getByText('Revenue')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(3);
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    expect(container.querySelector('.admin-totals')).toHaveAttribute('aria-busy', 'true');
  });

  it("toasts 'Failed to fetch data' when the totals cannot load", async () => {
    vi.mocked(useTotals).mockReturnValue(stub<typeof useTotals>(failed()));
    renderWithProviders(<TotalsCards />);
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });
});
