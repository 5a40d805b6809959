import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYMENT_OF_ANOTHER_ACCOUNT,
  type RecordedOrder,
  type VerifyPaymentRequest,
  type VerifyPaymentResponse,
} from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { PAYMENT_PAGE_TEXTS, PaymentSuccessPage } from './payment-success-page';

/** An error as the Functions SDK throws it: a code and the server's message. */
const callableError = (code: string, message: string) =>
  Object.assign(new Error(message), { code: `functions/${code}` });

const mocks = vi.hoisted(() => ({
  callVerifyPayment: vi.fn<(request: VerifyPaymentRequest) => Promise<VerifyPaymentResponse>>(),
  fetchOrder: vi.fn<(orderId: string) => Promise<RecordedOrder | null>>(),
  session: { status: 'signed-in', user: { uid: 'buyer-1' }, claims: {} } as {
    status: string;
    user?: { uid: string };
  },
}));
vi.mock('@/lib/callables', () => ({ callVerifyPayment: mocks.callVerifyPayment }));
vi.mock('@/lib/session', () => ({ useSession: () => mocks.session }));
vi.mock('@/entities/orders', () => ({ fetchOrder: mocks.fetchOrder }));

const SESSION = 'cs_test_a1B2c3D4';

function renderPage(route: string) {
  return renderWithProviders(<PaymentSuccessPage />, {
    route,
    path: '/payment-success',
    routes: [
      { path: '/portal/store', element: <h1>Store page</h1> },
      { path: '/portal/my-account', element: <h1>Account page</h1> },
    ],
  });
}

function notices() {
  return document.querySelectorAll('.toast').length;
}

beforeEach(() => {
  mocks.callVerifyPayment.mockReset();
  mocks.fetchOrder.mockReset();
  // Signed in, as the session always is with its user.
  mocks.session = { status: 'signed-in', user: { uid: 'buyer-1' } };
});

/** The result of a paid $123.45 order ord12345xyz, still processing, and its one toast. */
async function expectPaidView() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' }),
  ).toBeInTheDocument();
  expect(screen.getByText('$123.45')).toBeInTheDocument();
  expect(screen.getByText('Processing')).toBeInTheDocument();
  expect(screen.getByText('#ord12345')).toBeInTheDocument();
  await expectToast('Payment Successful!', 'Your order has been processed.');
  expect(notices()).toBe(1);
}

/** The order the webhook recorded for SESSION, as the buyer reads it. */
const recorded: RecordedOrder = {
  id: 'ord12345xyz',
  user_id: 'buyer-1',
  stripe_session_id: SESSION,
  status: 'processing',
  amount: 12345,
  store_credit_applied: 0,
  payment_type: 'one_time',
};

describe('PaymentSuccessPage with the order in its address', () => {
  const route = `/payment-success?session_id=${SESSION}&order=${recorded.id}`;

  it('shows the payment the webhook recorded on the order, without asking verifyPayment', async () => {
    mocks.fetchOrder.mockResolvedValue(recorded);
    renderPage(route);
    await expectPaidView();
    expect(mocks.fetchOrder).toHaveBeenCalledWith(recorded.id);
    expect(mocks.callVerifyPayment).not.toHaveBeenCalled();
  });

  it.each([
    ['not recorded yet', null],
    [
      'still pending (verifyPayment records it once it settles)',
      { ...recorded, status: 'pending' },
    ],
    ["another buyer's", { ...recorded, user_id: 'buyer-2' }],
    ["another session's", { ...recorded, stripe_session_id: 'cs_test_other' }],
    ['a standing order (its terms)', { ...recorded, payment_type: 'subscription' }],
  ] as const)('asks verifyPayment when the order is %s', async (_, order) => {
    mocks.fetchOrder.mockResolvedValue(order as RecordedOrder | null);
    mocks.callVerifyPayment.mockResolvedValue({
      amount: 500,
      status: 'processing',
      orderId: 'o1',
    });
    renderPage(route);
    expect(await screen.findByText('$5.00')).toBeInTheDocument();
    expect(mocks.callVerifyPayment).toHaveBeenCalledExactlyOnceWith({ sessionId: SESSION });
  });

  it('asks verifyPayment when the order cannot be read', async () => {
    mocks.fetchOrder.mockRejectedValue(new Error('unavailable'));
    mocks.callVerifyPayment.mockResolvedValue({ amount: 500, status: 'processing', orderId: 'o1' });
    renderPage(route);
    expect(await screen.findByText('$5.00')).toBeInTheDocument();
    expect(mocks.callVerifyPayment).toHaveBeenCalledTimes(1);
  });

  it('reads nothing while nobody is signed in', async () => {
    mocks.session = { status: 'signed-out' };
    renderPage(route);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign In to See Your Payment' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(mocks.fetchOrder).not.toHaveBeenCalled());
    expect(mocks.callVerifyPayment).not.toHaveBeenCalled();
  });
});

describe('PaymentSuccessPage', () => {
  it('verifies the session, then shows the amount, the status and the order', async () => {
    let finish: (value: VerifyPaymentResponse) => void = () => undefined;
    mocks.callVerifyPayment.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(screen.getByRole('heading', { name: 'Verifying your payment…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(mocks.callVerifyPayment).toHaveBeenCalledWith({ sessionId: SESSION });

    await act(async () => finish({ amount: 12345, status: 'processing', orderId: 'ord12345xyz' }));
    await expectPaidView();
    expect(mocks.callVerifyPayment).toHaveBeenCalledTimes(1);
  });

  it("states a standing order's cadence, next charge and how to cancel, with a link to manage it", async () => {
    mocks.callVerifyPayment.mockResolvedValue({
      amount: 15999,
      status: 'processing',
      orderId: 'ord12345xyz',
      standingOrder: { intervalWeeks: 2, cycleAmount: 15999, nextChargeAt: '2026-12-16T20:00:00Z' },
    });
    renderPage(`/payment-success?session_id=${SESSION}`);
    const terms = await screen.findByRole('region', { name: 'Standing order: every 2 weeks' });
    expect(terms).toHaveTextContent(
      'This standing order renews automatically: we charge $159.99 plus any sales tax to the card you paid with every 2 weeks and ship that delivery, until you cancel.',
    );
    expect(terms).toHaveTextContent('Next charge: Dec 16, 2026');
    expect(terms).toHaveTextContent('choose “Cancel standing order” before the next charge date');
    await userEvent.click(screen.getByRole('link', { name: 'My Account > Standing orders' }));
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeInTheDocument();
  });

  it('says nothing of standing orders for a one-time payment', async () => {
    mocks.callVerifyPayment.mockResolvedValue({ amount: 500, status: 'processing', orderId: 'o1' });
    renderPage(`/payment-success?session_id=${SESSION}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful!' });
    expect(screen.queryByText(/Standing order/)).not.toBeInTheDocument();
  });

  it('leads on to the store and to the account', async () => {
    mocks.callVerifyPayment.mockResolvedValue({ amount: 500, status: 'processing', orderId: 'o1' });
    const { router } = renderPage(`/payment-success?session_id=${SESSION}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Continue Shopping' }));
    expect(router.state.location.pathname).toBe('/portal/store');
    await act(() => router.navigate(`/payment-success?session_id=${SESSION}`));
    await userEvent.click(await screen.findByRole('link', { name: 'View Account' }));
    expect(router.state.location.pathname).toBe('/portal/my-account');
  });

  it('waits for the signed-in user before verifying', async () => {
    mocks.session = { status: 'loading' };
    mocks.callVerifyPayment.mockResolvedValue({ amount: 500, status: 'processing', orderId: 'o1' });
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(screen.getByRole('heading', { name: 'Verifying your payment…' })).toBeInTheDocument();
    expect(mocks.callVerifyPayment).not.toHaveBeenCalled();
  });

  it("shows 'Verification Error' once and still offers both ways on when verification fails", async () => {
    mocks.callVerifyPayment.mockRejectedValue(new Error('not-found'));
    const { router } = renderPage(`/payment-success?session_id=${SESSION}`);
    await expectToast(
      'Verification Error',
      'There was an issue verifying your payment. Please contact support.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: "We Couldn't Verify Your Payment" }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!', { selector: 'h1' })).not.toBeInTheDocument();
    expect(mocks.callVerifyPayment).toHaveBeenCalledTimes(1); // no retries
    expect(notices()).toBe(1);
    await userEvent.click(screen.getByRole('link', { name: 'View Account' }));
    expect(router.state.location.pathname).toBe('/portal/my-account');
  });

  it('says the order is received while a delayed payment clears, without a toast', async () => {
    mocks.callVerifyPayment.mockResolvedValue({
      amount: 4200,
      status: 'pending',
      orderId: 'o1abcdefg',
    });
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Order Received' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your payment is processing/)).toBeInTheDocument();
    expect(screen.getByText('$42.00')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(notices()).toBe(0);
  });

  it('treats a session that was not paid as a failed verification', async () => {
    mocks.callVerifyPayment.mockResolvedValue({ amount: 500, status: 'cancelled', orderId: 'o1' });
    renderPage(`/payment-success?session_id=${SESSION}`);
    await expectToast(
      'Verification Error',
      'There was an issue verifying your payment. Please contact support.',
    );
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
  });

  it('says a session_id that is not a checkout session names no payment, without a call', async () => {
    renderPage('/payment-success?session_id=%3Cscript%3E');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Not Found' }),
    ).toBeInTheDocument();
    expect(mocks.callVerifyPayment).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(notices()).toBe(0);
  });

  it('never says "Payment Successful!" without a session_id: explains and links to the orders', async () => {
    const { router } = renderPage('/payment-success');
    expect(
      screen.getByRole('heading', { level: 1, name: 'No Payment to Show' }),
    ).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_PAGE_TEXTS.noSession.text)).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(document.title).not.toMatch(/Payment Successful/);
    await waitFor(() => expect(mocks.callVerifyPayment).not.toHaveBeenCalled());
    expect(notices()).toBe(0);
    await userEvent.click(screen.getByRole('link', { name: 'View Your Orders' }));
    expect(router.state.location.pathname).toBe('/portal/my-account');
  });

  it('says so when the server knows no such session (not-found), without a toast', async () => {
    mocks.callVerifyPayment.mockRejectedValue(
      callableError('not-found', 'Payment session not found.'),
    );
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_PAGE_TEXTS.unknown.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Your Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Payment Not Found/);
    expect(notices()).toBe(0);
  });

  it("says another account's session is not this buyer's, as the server decided", async () => {
    mocks.callVerifyPayment.mockRejectedValue(
      callableError('permission-denied', `${PAYMENT_OF_ANOTHER_ACCOUNT} [403]`),
    );
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'This Payment Is on Another Account',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_PAGE_TEXTS.notYours.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Your Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    expect(notices()).toBe(0);
  });

  it('treats any other refusal as a failed verification', async () => {
    mocks.callVerifyPayment.mockRejectedValue(
      callableError('permission-denied', 'Your account is not approved for ordering.'),
    );
    renderPage(`/payment-success?session_id=${SESSION}`);
    await expectToast(
      'Verification Error',
      'There was an issue verifying your payment. Please contact support.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: "We Couldn't Verify Your Payment" }),
    ).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, without asking the server', async () => {
    mocks.session = { status: 'signed-out' };
    renderPage(`/payment-success?session_id=${SESSION}`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Sign In to See Your Payment' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fportal%2Fmy-account',
    );
    await waitFor(() => expect(mocks.callVerifyPayment).not.toHaveBeenCalled());
    expect(notices()).toBe(0);
  });
});
