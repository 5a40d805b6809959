import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { overCreditLimitMessage, TERMS_MESSAGES } from '@portal/domain';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  seedCartItem,
  seedLocation,
  seedProducts,
  seedProfile,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { checkoutNavigation } from '../api/create-checkout';
import { CartPage } from './cart-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({
  callCreateCheckoutSession: vi.fn(),
  callPlaceTermsOrder: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);

/** company_credit/{BUYER_UID}: Net 30 with a $500 limit unless told otherwise. */
function seedCredit(fields: Record<string, unknown> = {}) {
  fakeDb.seed(`company_credit/${BUYER_UID}`, {
    net_days: 30,
    credit_limit: 50_000,
    open_balance: 10_000,
    overdue_orders: [],
    ...fields,
  });
}

/** A retailer's cart of 2 Blue Coast Syrup ($51.98). */
function seedCart() {
  seedProfile('retailer');
  seedProducts();
  seedCartItem('blue-coast', 2);
}

function renderCart() {
  return renderWithProviders(<CartPage />, {
    path: '/portal/cart',
    route: '/portal/cart',
    routes: [{ path: '/portal/my-account', element: <h1>My Account page</h1> }],
  });
}

function summary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

async function paymentChoice() {
  return within(await screen.findByRole('radiogroup', { name: 'Payment' }));
}

beforeEach(() => {
  callables.callCreateCheckoutSession.mockReset();
  callables.callPlaceTermsOrder.mockReset();
  vi.restoreAllMocks();
});

describe('the cart of a company with payment terms', () => {
  it('shows no payment choice and no PO number without terms', async () => {
    seedCart();
    renderCart();
    await screen.findByRole('button', { name: /Proceed to Checkout/ });
    expect(screen.queryByRole('radiogroup', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/PO number/)).not.toBeInTheDocument();
  });

  it('offers card (the default) or invoice with the available credit', async () => {
    seedCart();
    seedCredit();
    renderCart();
    const choice = await paymentChoice();
    expect(choice.getByRole('radio', { name: 'Pay by card now' })).toBeChecked();
    const invoice = choice.getByRole('radio', { name: 'Invoice, due in 30 days' });
    expect(invoice).toBeEnabled();
    expect(invoice).toHaveAccessibleDescription('Available credit: $400.00 of $500.00');
    expect(screen.getByLabelText('PO number (optional)')).toHaveAccessibleDescription(
      'Appears on the invoice and order',
    );
    await userEvent.click(invoice);
    expect(screen.getByRole('button', { name: 'Place order on terms' })).toBeEnabled();
  });

  it('turns the invoice option off on credit hold', async () => {
    seedCart();
    seedCredit({ overdue_orders: ['ord-late'] });
    renderCart();
    const invoice = (await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ });
    expect(invoice).toBeDisabled();
    expect(summary().getByText(TERMS_MESSAGES.onHold)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled(),
    );
  });

  it('turns the invoice option off when the cart is over the available credit', async () => {
    seedCart();
    seedCredit({ credit_limit: 10_000, open_balance: 5_000 });
    renderCart();
    const invoice = (await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ });
    expect(invoice).toBeDisabled();
    expect(summary().getByText(overCreditLimitMessage(5_000))).toBeInTheDocument();
  });

  it('places the order on terms with a request id, the location and the PO number, then opens it', async () => {
    seedCart();
    seedCredit();
    seedLocation('loc-1', 'Venice Beach');
    let answer: (value: unknown) => void = () => undefined;
    callables.callPlaceTermsOrder.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { router } = renderCart();
    await user.click((await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ }));
    await user.type(screen.getByLabelText('PO number (optional)'), ' PO-7781 ');
    await screen.findByLabelText('Ship to');
    await user.click(screen.getByRole('button', { name: 'Place order on terms' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Place order on terms' })).toHaveClass(
        'button--loading',
      ),
    );
    expect(callables.callPlaceTermsOrder).toHaveBeenCalledTimes(1);
    const request = callables.callPlaceTermsOrder.mock.calls[0]![0];
    expect(request).toEqual({
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      locationId: 'loc-1',
      poNumber: 'PO-7781',
    });
    expect(callables.callCreateCheckoutSession).not.toHaveBeenCalled();
    answer({
      orderId: 'ord-terms-1',
      invoiceUrl: 'https://invoice.test/i/1',
      dueAt: '2026-04-04T12:00:00.000Z',
      amount: 5198,
    });
    await expectToast('Order placed', 'Order placed on terms. Invoice due Apr 4, 2026.');
    expect(await screen.findByRole('heading', { name: 'My Account page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=invoices&invoice=ord-terms-1');
  });

  it("shows the server's refusal, keeps the request id on a retry, and lets the buyer pay by card", async () => {
    seedCart();
    seedCredit();
    const refusal =
      'This order is over your available credit of $200.00. Pay by card instead, or pay an open invoice first.';
    callables.callPlaceTermsOrder.mockRejectedValue(
      Object.assign(new Error(refusal), { code: 'functions/failed-precondition' }),
    );
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_9',
      orderId: 'o9',
    });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    await user.click((await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ }));
    await user.click(screen.getByRole('button', { name: 'Place order on terms' }));
    await expectToast('Error', 'Failed to initiate checkout.');
    expect(summary().getByRole('alert')).toHaveTextContent(refusal);
    // Pressing again is the same attempt: the same request id.
    await user.click(screen.getByRole('button', { name: 'Place order on terms' }));
    await waitFor(() => expect(callables.callPlaceTermsOrder).toHaveBeenCalledTimes(2));
    const [first, second] = callables.callPlaceTermsOrder.mock.calls.map(([r]) => r.requestId);
    expect(second).toBe(first);
    // Card instead: the refusal goes, checkout starts.
    await user.click(screen.getByRole('radio', { name: 'Pay by card now' }));
    expect(summary().queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({});
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/pay/cs_9'));
  });

  it('presses again with a new request id after the invoice could not be issued (that order is void)', async () => {
    seedCart();
    seedCredit();
    const notIssued =
      'We could not issue the invoice, so nothing was ordered. Try again in a minute, or pay by card.';
    callables.callPlaceTermsOrder.mockRejectedValueOnce(
      Object.assign(new Error(notIssued), {
        code: 'functions/failed-precondition',
        details: { newRequest: true },
      }),
    );
    callables.callPlaceTermsOrder.mockResolvedValueOnce({
      orderId: 'o-terms',
      invoiceUrl: null,
      dueAt: null,
      amount: 5198,
    });
    const user = userEvent.setup();
    renderCart();
    await user.click((await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ }));
    await user.click(screen.getByRole('button', { name: 'Place order on terms' }));
    expect(await summary().findByRole('alert')).toHaveTextContent(notIssued);
    await user.click(screen.getByRole('button', { name: 'Place order on terms' }));
    await waitFor(() => expect(callables.callPlaceTermsOrder).toHaveBeenCalledTimes(2));
    const [first, second] = callables.callPlaceTermsOrder.mock.calls.map(([r]) => r.requestId);
    expect(second).not.toBe(first);
  });

  it('shows a PO number over 40 characters as an error and places nothing', async () => {
    seedCart();
    seedCredit();
    const user = userEvent.setup();
    renderCart();
    await user.click((await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ }));
    const po = screen.getByLabelText('PO number (optional)');
    await user.type(po, 'P'.repeat(41));
    expect(screen.getByText(TERMS_MESSAGES.poNumber)).toBeInTheDocument();
    expect(po).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Place order on terms' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Pay by card now' }));
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeDisabled();
    // Back to 40 characters: the order can go.
    await user.type(po, '{Backspace}');
    expect(screen.queryByText(TERMS_MESSAGES.poNumber)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled();
    expect(callables.callPlaceTermsOrder).not.toHaveBeenCalled();
    expect(callables.callCreateCheckoutSession).not.toHaveBeenCalled();
  });

  it('passes the PO number to the card checkout', async () => {
    seedCart();
    seedCredit();
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_5',
      orderId: 'o5',
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    await paymentChoice();
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-1');
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ poNumber: 'PO-1' });
  });

  it('pays a standing order by card', async () => {
    seedCart();
    seedCredit();
    const user = userEvent.setup();
    renderCart();
    await user.click((await paymentChoice()).getByRole('radio', { name: /Invoice, due in 30/ }));
    await user.click(screen.getByRole('radio', { name: 'Deliver every 4 weeks' }));
    expect(screen.getByRole('radio', { name: /Invoice, due in 30/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Pay by card now' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Start standing order/ })).toBeInTheDocument();
  });
});
