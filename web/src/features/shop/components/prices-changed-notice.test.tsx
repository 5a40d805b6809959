import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PRICES_CHANGED_TITLE, PricesChangedNotice } from './prices-changed-notice';

const company = vi.hoisted(() => ({ pricing_changed_at: null as Date | null }));
vi.mock('@/entities/company', () => ({
  useCompany: () => ({ data: { id: 'c1', ...company } }),
}));

const CHANGED = new Date('2026-12-02T17:00:00Z');
const before = new Date('2026-12-01T10:00:00Z');
const after = new Date('2026-12-02T18:00:00Z');

function renderNotice(lines: { product_id: string; quantity: number; updated_at: Date | null }[]) {
  return render(
    <PricesChangedNotice
      companyId="c1"
      cart={lines}
      render={(notice) => (
        <div role="status">
          <strong>{notice.title}</strong> <span>{notice.description}</span>
          <button onClick={notice.onClose}>Close</button>
        </div>
      )}
    />,
  );
}

beforeEach(() => {
  company.pricing_changed_at = CHANGED;
});

describe('PricesChangedNotice (the cart)', () => {
  it('says the prices changed when a line is older than the change, until closed', async () => {
    const { unmount } = renderNotice([{ product_id: 'a', quantity: 1, updated_at: before }]);
    expect(screen.getByRole('status')).toHaveTextContent(PRICES_CHANGED_TITLE);
    expect(screen.getByRole('status')).toHaveTextContent(
      "Your company's prices changed on Dec 2, 2026. Your cart shows your new prices.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
    unmount();
    // Closed on this device: not shown again for the same change.
    renderNotice([{ product_id: 'a', quantity: 1, updated_at: before }]);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says nothing when every line is newer than the change, or prices never changed', () => {
    renderNotice([{ product_id: 'a', quantity: 1, updated_at: after }]);
    expect(screen.queryByRole('status')).toBeNull();
    company.pricing_changed_at = null;
    renderNotice([{ product_id: 'a', quantity: 1, updated_at: before }]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
