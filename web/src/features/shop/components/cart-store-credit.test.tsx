import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  seedCartItem,
  seedLocation,
  seedProducts,
  seedProfile,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { CartPage } from './cart-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({
  callCreateCheckoutSession: vi.fn(),
  callEstimateTax: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);

/** store_credit/{BUYER_UID}: the company's balance in cents. */
function seedStoreCredit(balance: number) {
  fakeDb.seed(`store_credit/${BUYER_UID}`, {
    balance,
    updated_at: Timestamp.fromDate(new Date('2026-12-01T10:00:00Z')),
  });
}

/** A retailer's cart of 2 Blue Coast Syrup ($51.98). */
function seedCart() {
  seedProfile('retailer');
  seedProducts();
  seedCartItem('blue-coast', 2);
}

const renderCart = () =>
  renderWithProviders(<CartPage />, { route: '/portal/cart', path: '/portal/cart' });

function summary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

beforeEach(() => {
  callables.callCreateCheckoutSession.mockReset();
  callables.callEstimateTax.mockReset();
  callables.callEstimateTax.mockRejectedValue(new Error('no estimate in this test'));
});

describe('the cart of a company with store credit', () => {
  it('takes the credit off a one-time card checkout, and says so before paying', async () => {
    seedCart();
    seedStoreCredit(2200);
    renderCart();
    expect(
      await screen.findByText('Store credit −$22.00 will be applied at checkout.'),
    ).toBeInTheDocument();
    const row = summary().getByText('Store credit').closest('div')!;
    expect(within(row).getByText('−$22.00')).toBeInTheDocument();
    const total = summary().getByText('Total').closest('div')!;
    // $51.98 less $22.00.
    expect(within(total).getByText('$29.98')).toBeInTheDocument();
  });

  it('leaves Stripe its minimum charge when the credit is worth more than the goods', async () => {
    seedCart();
    seedStoreCredit(10_000);
    renderCart();
    // $51.98 of goods: $51.48 of credit, $0.50 left to pay; the rest is kept for later.
    expect(
      await screen.findByText('Store credit −$51.48 will be applied at checkout.'),
    ).toBeInTheDocument();
    const total = summary().getByText('Total').closest('div')!;
    expect(within(total).getByText('$0.50')).toBeInTheDocument();
  });

  it('spends none of it on a standing order', async () => {
    seedCart();
    seedStoreCredit(2200);
    const user = userEvent.setup();
    renderCart();
    await screen.findByText(/will be applied at checkout/);
    await user.click(screen.getByRole('radio', { name: 'Deliver every 4 weeks' }));
    expect(screen.queryByText(/will be applied at checkout/)).not.toBeInTheDocument();
    expect(summary().queryByText('Store credit')).not.toBeInTheDocument();
    const total = summary().getByText('Total').closest('div')!;
    expect(within(total).getByText('$51.98')).toBeInTheDocument();
  });

  it('spends none of it on an order on terms', async () => {
    seedCart();
    seedStoreCredit(2200);
    fakeDb.seed(`company_credit/${BUYER_UID}`, {
      net_days: 30,
      credit_limit: 50_000,
      open_balance: 0,
      overdue_orders: [],
    });
    const user = userEvent.setup();
    renderCart();
    await screen.findByText(/will be applied at checkout/);
    const payment = within(await screen.findByRole('radiogroup', { name: 'Payment' }));
    await user.click(payment.getByRole('radio', { name: /Invoice, due in 30/ }));
    expect(screen.queryByText(/will be applied at checkout/)).not.toBeInTheDocument();
    expect(summary().queryByText('Store credit')).not.toBeInTheDocument();
  });

  it('estimates the tax of all the goods for a standing order, and of the goods less the credit for a card checkout', async () => {
    seedCart();
    seedLocation('venice', 'Venice store');
    seedStoreCredit(2200);
    // 10% on $51.98 is $5.20; on $29.98 (less the $22.00 of credit) $3.00.
    callables.callEstimateTax.mockResolvedValue({
      state: 'CA',
      subtotal: 5198,
      tax: 300,
      fullTax: 520,
      exemption: null,
      expiredCertificate: null,
      storeCredit: 2200,
    });
    const user = userEvent.setup();
    renderCart();
    await screen.findByText(/will be applied at checkout/);
    const taxRow = async () => (await summary().findByText('Estimated tax (CA)')).closest('div')!;
    const total = () => summary().getByText('Total').closest('div')!;
    expect(await within(await taxRow()).findByText('$3.00')).toBeInTheDocument();
    // $51.98 less $22.00, plus $3.00.
    await waitFor(() => expect(within(total()).getByText('$32.98')).toBeInTheDocument());

    await user.click(screen.getByRole('radio', { name: 'Deliver every 4 weeks' }));
    expect(within(await taxRow()).getByText('$5.20')).toBeInTheDocument();
    expect(within(total()).getByText('$57.18')).toBeInTheDocument();
  });

  it('shows no credit line without store credit', async () => {
    seedCart();
    seedStoreCredit(0);
    renderCart();
    await screen.findByRole('button', { name: /Proceed to Checkout/ });
    await waitFor(() =>
      expect(fakeDb.calls.some((call) => call.path.startsWith('store_credit/'))).toBe(true),
    );
    expect(summary().queryByText('Store credit')).not.toBeInTheDocument();
    expect(screen.queryByText(/will be applied at checkout/)).not.toBeInTheDocument();
  });
});
