import { QUOTE_MESSAGES, TERMS_MESSAGES, quoteTermsText } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AccountPage } from './account-page';
import { quoteCheckout } from './quote-card';

const callables = vi.hoisted(() => ({
  callAcceptQuote: vi.fn(),
  callDeclineQuote: vi.fn(),
}));
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/callables', () => callables);

vi.setConfig({ testTimeout: 30_000 });
const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

const DAY = 24 * 60 * 60 * 1000;
const SENT = new Date('2025-03-04T18:00:00Z');
const EXPIRES = new Date(SENT.getTime() + 7 * DAY);
const at = (date: Date) => Timestamp.fromDate(date);
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    date,
  );

/**
 * A quote sent to the buyer's company: 6 Blue Coast Syrup at the catalog's $25.99 and 60 cups
 * (cases of 20) overridden from $2.49 to $1.99 for a reason the buyer must never see; $15.00
 * shipping.
 */
function seedQuote(id: string, fields: Record<string, unknown> = {}) {
  const lines = [
    {
      product_id: 'blue-coast',
      name: 'Blue Coast Syrup',
      sku: 'SYR-BLUE',
      case_pack: 1,
      quantity: 6,
      catalog_unit_amount: 2599,
      unit_amount: 2599,
      override_reason: '',
      line_total: 15_594,
    },
    {
      product_id: 'cups',
      name: 'Cups 16 oz',
      sku: 'CUP-16',
      case_pack: 20,
      quantity: 60,
      catalog_unit_amount: 249,
      unit_amount: 199,
      override_reason: 'Matched the trade show price',
      line_total: 11_940,
    },
  ];
  fakeDb.seed(`quotes/${id}`, {
    state: 'sent',
    delivery: 'quote',
    number: 'Q-000123',
    company_id: BUYER_UID,
    company_name: 'Cloud Nine Smokeshop',
    location_id: null,
    location_name: '',
    ship_to: null,
    lines,
    shipping_amount: 1500,
    goods_amount: 27_534,
    amount: 29_034,
    note_to_buyer: 'Thanks for stopping by our booth.',
    valid_days: 7,
    net_days: null,
    sent_at: at(SENT),
    expires_at: at(EXPIRES),
    order_id: null,
    accepted_by: null,
    decline_reason: '',
    checkout: null,
    created_by: 'manager-1',
    created_by_name: 'Morgan Manager',
    created_at: at(SENT),
    updated_at: at(SENT),
    history: [],
    ...fields,
  });
}

/** company_credit/{BUYER_UID}: Net 30 with room for the quote. */
function seedTerms() {
  fakeDb.seed(`company_credit/${BUYER_UID}`, {
    net_days: 30,
    credit_limit: 500_000,
    open_balance: 0,
    overdue_orders: [],
  });
}

function renderQuotes(query = '') {
  return renderWithProviders(<AccountPage />, {
    route: `/portal/my-account?tab=quotes${query}`,
    path: '/portal/my-account',
    routes: [{ path: '/portal/quotes/:quoteId', element: <h1>Quote document</h1> }],
  });
}

async function quoteCard(number = 'Q-000123') {
  return within(await screen.findByRole('listitem', { name: `Quote ${number}` }));
}

const refusal = (message: string, code = 'failed-precondition', details?: unknown) =>
  Object.assign(new Error(`${message} [400]`), { code: `functions/${code}`, details });

// The day after the quotes were sent: they are open (a quote past its day reads as expired).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: SENT.getTime() + DAY });
});
afterEach(() => {
  vi.useRealTimers();
});

beforeEach(() => {
  callables.callAcceptQuote.mockReset();
  callables.callDeclineQuote.mockReset();
});

describe("My Account: the company's quotes", () => {
  it('lists a quote with its number, state, dates and total; opened, its lines at the final prices only', async () => {
    seedProfile('retailer');
    seedQuote('q1');
    renderQuotes();
    expect(screen.getByRole('tab', { name: 'Quotes', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Quotes of your company' });
    const card = await quoteCard();
    expect(within(list).getAllByRole('listitem', { name: /^Quote / })).toHaveLength(1);
    expect(card.getByText('Sent')).toBeInTheDocument();
    expect(card.getByText(`Sent ${day(SENT)}`)).toBeInTheDocument();
    expect(card.getByText(`Valid until ${day(EXPIRES)}`)).toBeInTheDocument();
    expect(card.getAllByText('$290.34').length).toBeGreaterThan(0);
    // An open quote starts opened: its lines at the prices quoted.
    const lines = within(card.getByRole('list', { name: 'Lines of quote Q-000123' }));
    expect(lines.getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Blue Coast SyrupSYR-BLUE6 × $25.99$155.94',
      'Cups 16 ozCUP-1660 × $1.99$119.40',
    ]);
    // The override is only its final price: neither the catalog's price nor the reason.
    expect(card.queryByText(/\$2\.49/)).not.toBeInTheDocument();
    expect(card.queryByText(/trade show price/)).not.toBeInTheDocument();
    expect(card.getByText('$15.00')).toBeInTheDocument();
    expect(card.getByText('Added at checkout')).toBeInTheDocument();
    expect(card.getByText('Thanks for stopping by our booth.')).toBeInTheDocument();
    expect(card.getByText(new RegExp(quoteTermsText(null)))).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'View or print quote Q-000123' })).toHaveAttribute(
      'href',
      '/portal/quotes/q1',
    );
    // No terms: no "Accept on terms".
    expect(card.getByRole('button', { name: 'Accept and pay by card' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Accept on terms' })).not.toBeInTheDocument();
  });

  it('accepts by card and goes on to the Checkout page', async () => {
    seedProfile('retailer', { company_role: 'buyer' });
    seedQuote('q1');
    const go = vi.spyOn(quoteCheckout, 'go').mockImplementation(() => undefined);
    callables.callAcceptQuote.mockResolvedValue({
      kind: 'checkout',
      url: 'https://checkout.stripe.test/c/pay/cs_test_q1',
      checkoutId: 'cs_test_q1',
    });
    renderQuotes();
    const card = await quoteCard();
    await user.type(card.getByRole('textbox', { name: 'PO number (optional)' }), 'PO-77');
    await user.click(card.getByRole('button', { name: 'Accept and pay by card' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_q1'),
    );
    expect(callables.callAcceptQuote).toHaveBeenCalledWith({
      quoteId: 'q1',
      payWith: 'card',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      poNumber: 'PO-77',
    });
    // Going away: the buttons stay busy.
    expect(card.getByRole('button', { name: 'Decline' })).toBeDisabled();
  });

  it('accepts on terms when the company has terms, and links the order placed', async () => {
    seedProfile('retailer');
    seedTerms();
    seedQuote('q1', { net_days: 30 });
    callables.callAcceptQuote.mockResolvedValue({
      kind: 'order',
      orderId: 'ord-q1',
      invoiceUrl: null,
    });
    renderQuotes();
    const card = await quoteCard();
    expect(card.getByText(new RegExp(quoteTermsText(30)))).toBeInTheDocument();
    await user.click(await card.findByRole('button', { name: 'Accept on terms' }));
    expect(await card.findByText('Order placed on terms.')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/portal/my-account?order=ord-q1',
    );
    expect(callables.callAcceptQuote).toHaveBeenCalledWith({
      quoteId: 'q1',
      payWith: 'terms',
      requestId: expect.any(String),
    });
  });

  it('accepts on terms again with a new request id after the invoice could not be issued', async () => {
    seedProfile('retailer');
    seedTerms();
    seedQuote('q1', { net_days: 30 });
    callables.callAcceptQuote.mockRejectedValueOnce(
      Object.assign(
        new Error(
          'We could not issue the invoice, so nothing was ordered. Try again in a minute, or pay by card.',
        ),
        { code: 'functions/failed-precondition', details: { newRequest: true } },
      ),
    );
    callables.callAcceptQuote.mockResolvedValueOnce({
      kind: 'order',
      orderId: 'ord-q1',
      invoiceUrl: null,
    });
    renderQuotes();
    const card = await quoteCard();
    await user.click(await card.findByRole('button', { name: 'Accept on terms' }));
    expect(await card.findByText(/We could not issue the invoice/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Accept on terms' }));
    expect(await card.findByText('Order placed on terms.')).toBeInTheDocument();
    const [first, second] = callables.callAcceptQuote.mock.calls.map(([r]) => r.requestId);
    expect(second).not.toBe(first);
  });

  it('keeps "Accept on terms" off, saying why, when the company is on credit hold', async () => {
    seedProfile('retailer');
    fakeDb.seed(`company_credit/${BUYER_UID}`, {
      net_days: 30,
      credit_limit: 500_000,
      open_balance: 10_000,
      overdue_orders: ['ord-late'],
    });
    seedQuote('q1', { net_days: 30 });
    renderQuotes();
    const card = await quoteCard();
    const terms = await card.findByRole('button', { name: 'Accept on terms' });
    expect(terms).toBeDisabled();
    expect(terms).toHaveAccessibleDescription(TERMS_MESSAGES.onHold);
  });

  it('declines only with a reason, in a dialog', async () => {
    seedProfile('retailer');
    seedQuote('q1');
    callables.callDeclineQuote.mockResolvedValue({ quoteId: 'q1', state: 'declined' });
    renderQuotes();
    const card = await quoteCard();
    await user.click(card.getByRole('button', { name: 'Decline' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline quote Q-000123' }));
    await user.click(dialog.getByRole('button', { name: 'Decline quote' }));
    expect(await dialog.findByText(QUOTE_MESSAGES.declineReason)).toBeInTheDocument();
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await user.type(reason, '   ');
    await user.click(dialog.getByRole('button', { name: 'Decline quote' }));
    expect(callables.callDeclineQuote).not.toHaveBeenCalled();

    await user.clear(reason);
    await user.type(reason, 'We found a better price.');
    await user.click(dialog.getByRole('button', { name: 'Decline quote' }));
    await expectToast('Quote declined', 'Thank you: we read every reason.');
    expect(callables.callDeclineQuote).toHaveBeenCalledWith({
      quoteId: 'q1',
      reason: 'We found a better price.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows a viewer the quote but no PO number, Accept or Decline', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedTerms();
    seedQuote('q1', { net_days: 30 });
    renderQuotes();
    const card = await quoteCard();
    expect(card.getByRole('list', { name: 'Lines of quote Q-000123' })).toBeInTheDocument();
    expect(
      card.getByText('An owner or buyer at your company can accept or decline this quote.'),
    ).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(card.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an expired quote, then the quote as expired", async () => {
    seedProfile('retailer');
    seedQuote('q1');
    callables.callAcceptQuote.mockImplementation(async () => {
      // The server writes the quote expired as it refuses it.
      seedQuote('q1', { state: 'expired' });
      throw refusal(QUOTE_MESSAGES.expired);
    });
    const go = vi.spyOn(quoteCheckout, 'go').mockImplementation(() => undefined);
    renderQuotes();
    const card = await quoteCard();
    await user.click(card.getByRole('button', { name: 'Accept and pay by card' }));
    // The refusal's words stay once the quote reads as expired, with no Accept any more.
    await waitFor(() =>
      expect(
        card.queryByRole('button', { name: 'Accept and pay by card' }),
      ).not.toBeInTheDocument(),
    );
    expect(card.getByText('Expired')).toBeInTheDocument();
    expect(card.getByText(QUOTE_MESSAGES.expired)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('names each line the catalog cannot fill, and one being paid by someone else', async () => {
    seedProfile('retailer');
    seedQuote('q1');
    callables.callAcceptQuote.mockRejectedValueOnce(
      refusal(QUOTE_MESSAGES.conflicts, 'failed-precondition', {
        conflicts: [{ productId: 'blue-coast', message: 'Only 4 left of Blue Coast Syrup.' }],
      }),
    );
    renderQuotes();
    const card = await quoteCard();
    await user.click(card.getByRole('button', { name: 'Accept and pay by card' }));
    const alert = within(await card.findByRole('alert'));
    expect(alert.getByText(QUOTE_MESSAGES.conflicts)).toBeInTheDocument();
    expect(
      within(alert.getByRole('list', { name: 'Lines that cannot be ordered as they are:' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Only 4 left of Blue Coast Syrup.']);

    callables.callAcceptQuote.mockRejectedValueOnce(refusal(QUOTE_MESSAGES.beingPaid, 'aborted'));
    await user.click(card.getByRole('button', { name: 'Accept and pay by card' }));
    expect(await card.findByText(QUOTE_MESSAGES.beingPaid)).toBeInTheDocument();
  });

  it('sends a payment link quote to its mail: no Accept', async () => {
    seedProfile('retailer');
    const until = new Date(SENT.getTime() + 2 * DAY);
    seedQuote('q1', {
      delivery: 'payment_link',
      expires_at: at(until),
      checkout: {
        checkout_id: 'cs_link',
        uid: BUYER_UID,
        url: 'https://checkout.stripe.test/link',
        expires_at: at(until),
      },
    });
    renderQuotes();
    const card = await quoteCard();
    expect(card.getByText(/Pay with the link we mailed you/)).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Accept/ })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('opens the quote a link names (a closed one too), and says when it is not the company’s', async () => {
    seedProfile('retailer');
    seedQuote('q-old', {
      number: 'Q-000100',
      state: 'accepted',
      order_id: 'ord-100',
      created_at: at(new Date(SENT.getTime() - DAY)),
    });
    seedQuote('q-new', { number: 'Q-000123', state: 'declined', decline_reason: 'Too early.' });
    const first = renderQuotes('&quote=q-old');
    const linked = await quoteCard('Q-000100');
    expect(linked.getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(linked.getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/portal/my-account?order=ord-100',
    );
    // The other, final, starts closed.
    const other = await quoteCard('Q-000123');
    expect(other.getByRole('button', { name: 'Show details' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await user.click(other.getByRole('button', { name: 'Show details' }));
    expect(other.getByText('You declined this quote: Too early.')).toBeInTheDocument();
    first.unmount();

    renderQuotes('&quote=someone-elses');
    expect(
      await screen.findByText('This quote is not among your company’s quotes.'),
    ).toBeInTheDocument();
  });

  it('says when there are no quotes, and when they cannot be read', async () => {
    seedProfile('retailer');
    const first = renderQuotes();
    expect(await screen.findByRole('heading', { name: 'No quotes yet' })).toBeInTheDocument();
    first.unmount();

    fakeDb.fail('getDocs', 'quotes');
    renderQuotes();
    expect(
      await screen.findByRole('heading', { name: 'Could not load your quotes.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
