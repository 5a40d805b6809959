import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { OrderTerms } from '@portal/domain';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRefundOrder, useUpdateOrderStatus } from '@/entities/orders';
import { renderWithProviders } from '@/testing/render';
import { makeOrderRow } from '../testing/search-stubs';
import { stub } from '../testing/stubs';
import { OrderPayment } from './order-details';
import { OrderStatusActions } from './order-status-actions';

vi.mock('@/entities/orders', { spy: true });
vi.setConfig({ testTimeout: 30_000 });
vi.setSystemTime(new Date('2026-03-15T18:00:00Z'));
afterAll(() => vi.useRealTimers());

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

function terms(overrides: Partial<OrderTerms> = {}): OrderTerms {
  return {
    net_days: 30,
    state: 'open',
    invoice_id: 'in_1',
    invoice_number: 'INV-0009',
    hosted_invoice_url: 'https://invoice.stripe.test/i/9',
    invoice_pdf: null,
    due_at: new Date('2026-04-01T18:00:00Z'),
    overdue: false,
    paid_at: null,
    failed_at: null,
    failure_message: '',
    reminders: 0,
    last_reminded_at: null,
    closed_reason: '',
    closed_by: '',
    ...overrides,
  };
}

beforeEach(() => {
  vi.mocked(useUpdateOrderStatus).mockReturnValue(
    stub<typeof useUpdateOrderStatus>({ mutateAsync: vi.fn(), isPending: false }),
  );
  vi.mocked(useRefundOrder).mockReturnValue(
    stub<typeof useRefundOrder>({ mutateAsync: vi.fn(), isPending: false }),
  );
});

describe('an order’s payment in its details', () => {
  it('shows the PO number of a card order and nothing about terms', () => {
    render(<OrderPayment order={{ po_number: 'PO-1234', terms: null }} />);
    expect(screen.getByText('PO-1234')).toBeInTheDocument();
    expect(screen.queryByText('Terms')).not.toBeInTheDocument();
  });

  it('shows nothing for a card order without a PO', () => {
    const { container } = render(<OrderPayment order={{ po_number: '', terms: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the invoice’s state and due date of an order on terms', () => {
    render(<OrderPayment order={{ po_number: 'PO-9', terms: terms() }} />);
    expect(screen.getByText('Net 30')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Apr 1, 2026')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Invoice page of INV-0009 (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://invoice.stripe.test/i/9');
  });

  it('tags an unpaid invoice past its due date Overdue', () => {
    render(
      <OrderPayment
        order={{ po_number: '', terms: terms({ due_at: new Date('2026-03-01T18:00:00Z') }) }}
      />,
    );
    expect(screen.getByText('Overdue')).toHaveClass('tag--red');
  });

  it('does not tag a paid invoice Overdue', () => {
    render(
      <OrderPayment
        order={{
          po_number: '',
          terms: terms({ state: 'paid', overdue: true, due_at: new Date('2026-03-01T18:00:00Z') }),
        }}
      />,
    );
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });
});

describe('the actions of an order on terms', () => {
  it('offers only Mark Shipped while it awaits payment', async () => {
    const row = makeOrderRow({ id: 'terms0001xyz', status: 'awaiting_payment' });
    renderWithProviders(
      <OrderStatusActions order={{ ...row, paymentMethod: 'terms', termsState: 'open' }} />,
    );
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Mark Shipped']);
    await user.click(screen.getByRole('button', { name: 'Mark Shipped' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('offers no refund of a shipped order whose invoice is not paid', () => {
    const row = makeOrderRow({ id: 'terms0002xyz', status: 'shipped' });
    renderWithProviders(
      <OrderStatusActions order={{ ...row, paymentMethod: 'terms', termsState: 'open' }} />,
    );
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('offers a refund once the invoice is paid, as of a card order', () => {
    const row = makeOrderRow({ id: 'terms0003xyz', status: 'shipped' });
    const { unmount } = renderWithProviders(
      <OrderStatusActions order={{ ...row, paymentMethod: 'terms', termsState: 'paid' }} />,
    );
    expect(screen.getByRole('button', { name: /^Refund / })).toBeInTheDocument();
    unmount();
    renderWithProviders(<OrderStatusActions order={row} />);
    expect(within(document.body).getByRole('button', { name: /Refund/ })).toBeInTheDocument();
  });
});
