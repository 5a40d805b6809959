import { QUOTE_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useCompanyCredit } from '@/entities/company-credit';
import { useSendDraftOrder } from '@/entities/quotes';
import { makeQuote, makeQuoteLine } from '../testing/quote-stubs';
import { loaded, stub } from '../testing/stubs';
import { SendQuoteDialog } from './send-quote-dialog';

vi.mock('@/entities/company-credit', { spy: true });
vi.mock('@/entities/quotes', { spy: true });
vi.setConfig({ testTimeout: 30_000 });

const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
const send = vi.fn();
const onClose = vi.fn();
const onDone = vi.fn();

const draft = makeQuote({
  id: 'quote-1',
  lines: [
    makeQuoteLine({ product_id: 'syrup-purple', name: 'Purple Dream Syrup', quantity: 10 }),
    makeQuoteLine({
      product_id: 'syrup-blue',
      name: 'Blue Coast Syrup',
      sku: 'SYR-BLUE',
      quantity: 24,
      catalog_unit_amount: 2499,
      unit_amount: 1999,
      override_reason: 'Trade show price',
    }),
  ],
});

function withTerms(netDays: 30 | null) {
  vi.mocked(useCompanyCredit).mockReturnValue(
    stub<typeof useCompanyCredit>(
      loaded({ net_days: netDays, credit_limit: 500000, open_balance: 0, overdue_orders: [] }),
    ),
  );
}

beforeEach(() => {
  send.mockReset();
  onClose.mockReset();
  onDone.mockReset();
  withTerms(null);
  vi.mocked(useSendDraftOrder).mockReturnValue(
    stub<typeof useSendDraftOrder>({ mutateAsync: send, isPending: false }),
  );
});

async function open() {
  renderWithProviders(<SendQuoteDialog quote={draft} onClose={onClose} onDone={onDone} />);
  return within(await screen.findByRole('dialog', { name: 'Send draft order' }));
}

const rowOf = (dialog: ReturnType<typeof within>, name: string) =>
  within(dialog.getByRole('row', { name: new RegExp(`^${name}`) }));

describe('the Send dialog', () => {
  it('shows each conflict the server names on its line, and sends nothing', async () => {
    send.mockRejectedValue({
      code: 'functions/failed-precondition',
      message: `${QUOTE_MESSAGES.conflicts} [400]`,
      details: {
        conflicts: [{ productId: 'syrup-blue', message: 'Only 12 left of Blue Coast Syrup.' }],
      },
    });
    const dialog = await open();
    await user.click(dialog.getByRole('button', { name: 'Send quote' }));
    expect(await dialog.findByText(QUOTE_MESSAGES.conflicts)).toBeVisible();
    expect(
      rowOf(dialog, 'Blue Coast Syrup').getByText('Only 12 left of Blue Coast Syrup.'),
    ).toBeVisible();
    expect(rowOf(dialog, 'Purple Dream Syrup').queryByText(/left of/)).not.toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      quoteId: 'quote-1',
      delivery: 'quote',
      requestId: expect.stringMatching(/^[A-Za-z0-9]{32}$/) as unknown,
    });
    // Still a draft: the dialog stays open to try again.
    expect(dialog.getByRole('button', { name: 'Send quote' })).toBeEnabled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers "place on terms" only to a company with terms, and says what each choice does', async () => {
    const without = await open();
    expect(without.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'quote',
      'payment_link',
    ]);
    expect(without.getByText(/has no payment terms/)).toBeInTheDocument();
    expect(without.getByRole('radio', { name: 'Quote' })).toHaveAccessibleDescription(
      /accept it within 7 days/,
    );
  });

  it('places the order on terms with a fresh request id', async () => {
    withTerms(30);
    send.mockResolvedValue({
      quoteId: 'quote-1',
      state: 'accepted',
      delivery: 'terms',
      number: 'Q-000004',
      url: null,
      orderId: 'order0042xyz',
    });
    const dialog = await open();
    const terms = dialog.getByRole('radio', { name: 'Place on terms (Net 30)' });
    expect(terms).toHaveAccessibleDescription(/Net 30 terms and invoiced/);
    await user.click(terms);
    await user.click(dialog.getByRole('button', { name: 'Place order on terms' }));
    expect(
      await dialog.findByText('Quote Q-000004 was placed as an order on terms.'),
    ).toBeVisible();
    expect(dialog.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/admin?tab=orders&order=order0042xyz',
    );
    expect(send).toHaveBeenCalledWith({
      quoteId: 'quote-1',
      delivery: 'terms',
      requestId: expect.stringMatching(/^[A-Za-z0-9]{32}$/) as unknown,
    });
  });

  it('shows the payment link mailed, with a Copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    send.mockResolvedValue({
      quoteId: 'quote-1',
      state: 'sent',
      delivery: 'payment_link',
      number: 'Q-000005',
      url: 'https://checkout.stripe.test/c/pay/cs_test_5',
      orderId: null,
    });
    const dialog = await open();
    await user.click(dialog.getByRole('radio', { name: 'Payment link' }));
    await user.click(dialog.getByRole('button', { name: 'Send payment link' }));
    expect(await dialog.findByText('Payment link Q-000005 mailed to the buyer.')).toBeVisible();
    expect(dialog.getByRole('textbox', { name: 'Payment link' })).toHaveValue(
      'https://checkout.stripe.test/c/pay/cs_test_5',
    );
    await user.click(dialog.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_5'),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
  });
});
