import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  demoProducts,
  seedCartItem,
  seedLocation,
  seedProducts,
  seedProfile,
  seedWholesalePrices,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { checkoutNavigation } from '../api/create-checkout';
import { CartPage, CHECKOUT_CANCELLED_NOTICE } from './cart-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({
  callCreateCheckoutSession: vi.fn(),
  callEstimateTax: vi.fn(),
}));
vi.mock('@/lib/callables', () => callables);
const listCallables = vi.hoisted(() => ({
  callSaveOrderList: vi.fn(async () => ({ listId: 'l1' })),
  callDeleteOrderList: vi.fn(),
}));
vi.mock('@/lib/order-list-callables', () => listCallables);

const cartPath = (productId: string) => `profiles/${BUYER_UID}/cart_items/${productId}`;

function renderCart(route = '/portal/cart') {
  return renderWithProviders(<CartPage />, {
    route,
    path: '/portal/cart',
    routes: [{ path: '/portal/store', element: <h1>Store page</h1> }],
  });
}

/** A demo product with catalog fields of this issue (case pack, breaks, stock). */
function seedProduct(id: string, fields: Record<string, unknown>) {
  const { id: _id, ...data } = demoProducts.find((p) => p.id === id)!;
  fakeDb.seed(`products/${id}`, { ...data, ...fields });
}

function quantityOf(line: HTMLElement, name: string) {
  return within(line).getByRole('textbox', { name: `Quantity of ${name}` });
}

function summary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

/**
 * The checkout button once it can be pressed: it stays disabled until the lazy ship-to picker has
 * settled, which a loaded machine can take seconds to load, and a click before then does nothing.
 */
async function readyCheckoutButton() {
  const button = await screen.findByRole('button', { name: /Proceed to Checkout/ });
  await waitFor(() => expect(button).toBeEnabled(), { timeout: 15_000 });
  return button;
}

beforeEach(() => {
  callables.callCreateCheckoutSession.mockReset();
  callables.callEstimateTax.mockReset();
  callables.callEstimateTax.mockRejectedValue(new Error('no estimate in this test'));
  vi.restoreAllMocks();
});

describe('CartPage', () => {
  it('shows a loading state, then each line with image, description, unit price and line total (retailer)', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('purple-dream', 2);
    seedCartItem('blue-coast', 1);
    const release = fakeDb.hold('getDocs');
    renderCart();
    expect(screen.getByLabelText('Loading cart')).toBeInTheDocument();
    release();
    const line = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(line).getByRole('img', { name: 'Purple Dream Syrup' })).toHaveAttribute(
      'src',
      '/products/purple-dream.svg',
    );
    expect(within(line).getByText('Grape and berry, our best seller.')).toBeInTheDocument();
    expect(within(line).getByText('$24.99 each')).toBeInTheDocument();
    expect(within(line).getByText('$49.98')).toBeInTheDocument();
    expect(summary().getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(summary().getByText('Free')).toBeInTheDocument();
    expect(summary().getAllByText('$75.97')).toHaveLength(2); // subtotal and total
  });

  it('prices the cart for a wholesaler', async () => {
    seedProfile('wholesaler');
    seedProducts();
    seedWholesalePrices();
    seedCartItem('purple-dream', 2);
    renderCart();
    const line = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(line).getByText('$18.99 each')).toBeInTheDocument();
    expect(within(line).getByText('$37.98')).toBeInTheDocument();
  });

  it("shows 'Your Cart is Empty' with Continue Shopping", async () => {
    seedProfile('retailer');
    seedProducts();
    const user = userEvent.setup();
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(await screen.findByRole('heading', { name: 'Store page' })).toBeInTheDocument();
  });

  it('disables decrease at 1 and increases optimistically, then confirms', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 1);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(
      within(line).getByRole('button', { name: 'Decrease quantity of Blue Coast Syrup' }),
    ).toBeDisabled();
    const release = fakeDb.hold('updateDoc');
    await user.click(
      within(line).getByRole('button', { name: 'Increase quantity of Blue Coast Syrup' }),
    );
    // Shown before the write is done.
    expect(quantityOf(line, 'Blue Coast Syrup')).toHaveValue('2');
    expect(within(line).getByText('$51.98')).toBeInTheDocument();
    release();
    await expectToast('Success', 'Cart updated successfully.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(2);
    expect(
      within(line).getByRole('button', { name: 'Decrease quantity of Blue Coast Syrup' }),
    ).toBeEnabled();
  });

  it('a press on Proceed while a typed quantity is being written waits for the write, then checks out once', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_9',
      orderId: 'o9',
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    const proceed = () => screen.getByRole('button', { name: /Proceed to Checkout/ });
    await waitFor(() => expect(proceed()).toBeEnabled());
    const release = fakeDb.hold('updateDoc');
    await user.clear(quantityOf(line, 'Blue Coast Syrup'));
    await user.type(quantityOf(line, 'Blue Coast Syrup'), '12');
    // The press moves the focus off the field, which writes 12; the checkout waits for it.
    await user.click(proceed());
    expect(callables.callCreateCheckoutSession).not.toHaveBeenCalled();
    expect(proceed()).toBeDisabled();
    release();
    await waitFor(() => expect(callables.callCreateCheckoutSession).toHaveBeenCalledTimes(1));
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
  });

  it("rolls the quantity back and toasts 'Failed to update cart.' when the write fails", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 3);
    fakeDb.fail('updateDoc', cartPath('blue-coast'));
    const release = fakeDb.hold('updateDoc');
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.click(
      within(line).getByRole('button', { name: 'Decrease quantity of Blue Coast Syrup' }),
    );
    expect(quantityOf(line, 'Blue Coast Syrup')).toHaveValue('2');
    release();
    await expectToast('Error', 'Failed to update cart.');
    await waitFor(() => expect(quantityOf(line, 'Blue Coast Syrup')).toHaveValue('3'));
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(3);
  });

  it("removes a line and toasts 'Item removed from cart.'", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 1);
    seedCartItem('purple-dream', 1);
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Blue Coast Syrup' }));
    await expectToast('Success', 'Item removed from cart.');
    expect(screen.queryByRole('article', { name: 'Blue Coast Syrup' })).not.toBeInTheDocument();
    expect(fakeDb.has(cartPath('blue-coast'))).toBe(false);
  });

  it("puts the line back and toasts 'Failed to remove item.' when the delete fails", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 1);
    fakeDb.fail('deleteDoc', cartPath('blue-coast'));
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Blue Coast Syrup' }));
    await expectToast('Error', 'Failed to remove item.');
    expect(await screen.findByRole('article', { name: 'Blue Coast Syrup' })).toBeInTheDocument();
  });

  it('checks out the whole cart and goes to the payment page in the same tab', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    let resolve: (value: { url: string; orderId: string }) => void = () => undefined;
    callables.callCreateCheckoutSession.mockReturnValue(new Promise((r) => (resolve = r)));
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    await user.click(await readyCheckoutButton());
    // Disabled while processing.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toHaveClass(
        'button--loading',
      ),
    );
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({});
    resolve({ url: 'https://checkout.test/pay/cs_2', orderId: 'o2' });
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/pay/cs_2'));
  });

  it('offers a one-time purchase (the default) or a standing order, and passes the interval to checkout', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_3',
      orderId: 'o3',
    });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    const delivery = await screen.findByRole('radiogroup', { name: 'Delivery' });
    expect(summary().getByRole('radiogroup', { name: 'Delivery' })).toBe(delivery);
    const choices = within(delivery).getAllByRole('radio');
    expect(choices.map((choice) => choice.closest('label')?.textContent)).toEqual([
      'One-time purchase',
      'Deliver every 2 weeks',
      'Deliver every 4 weeks',
      'Deliver every 8 weeks',
    ]);
    expect(within(delivery).getByRole('radio', { name: 'One-time purchase' })).toBeChecked();
    expect(summary().queryByText(/Your card is charged/)).not.toBeInTheDocument();

    await user.click(within(delivery).getByRole('radio', { name: 'Deliver every 4 weeks' }));
    const explanation =
      'Your card is charged for this cart now and every 4 weeks after; each delivery is a new order. Skip, change quantities or cancel any time in My Account.';
    expect(summary().getByText(explanation)).toBeInTheDocument();
    expect(delivery).toHaveAccessibleDescription(explanation);
    expect(screen.queryByRole('button', { name: /Proceed to Checkout/ })).not.toBeInTheDocument();

    // The keyboard moves between the choices.
    await user.keyboard('{ArrowDown}');
    expect(within(delivery).getByRole('radio', { name: 'Deliver every 8 weeks' })).toBeChecked();
    expect(summary().getByText(/now and every 8 weeks after/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Start standing order/ }));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ interval: 8 });
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/pay/cs_3'));
  });

  it("opens with the delivery an order list's Start standing order chose (?delivery=2), and ignores another value", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_4',
      orderId: 'o4',
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { unmount } = renderCart('/portal/cart?delivery=2');
    const delivery = await screen.findByRole('radiogroup', { name: 'Delivery' });
    expect(within(delivery).getByRole('radio', { name: 'Deliver every 2 weeks' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: /Start standing order/ }));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ interval: 2 });
    unmount();
    renderCart('/portal/cart?delivery=3');
    const again = await screen.findByRole('radiogroup', { name: 'Delivery' });
    expect(within(again).getByRole('radio', { name: 'One-time purchase' })).toBeChecked();
  });

  it('offers Save as list for the cart: the dialog names the list and saves its lines', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    seedCartItem('purple-dream', 6);
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as list' }, { timeout: 15_000 });
    expect(dialog).toHaveTextContent('Save these 2 products with their quantities');
    await user.type(within(dialog).getByRole('textbox', { name: 'List name' }), 'Main St');
    await user.click(within(dialog).getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(listCallables.callSaveOrderList).toHaveBeenCalledWith({
        listId: null,
        name: 'Main St',
        lines: expect.arrayContaining([
          { productId: 'blue-coast', quantity: 2 },
          { productId: 'purple-dream', quantity: 6 },
        ]),
      }),
    );
    await expectToast('List saved', '"Main St" is in your Order lists.');
  });

  it('goes back to a one-time checkout when the buyer chooses it again', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_4',
      orderId: 'o4',
    });
    vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('radio', { name: 'Deliver every 2 weeks' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Start standing order/ })).toBeEnabled(),
    );
    await user.click(screen.getByRole('radio', { name: 'One-time purchase' }));
    expect(summary().queryByText(/Your card is charged/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({});
  });

  it("shows the server's reason when a standing order is refused", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockRejectedValue(
      Object.assign(new Error('Add a default ship-to address before starting a standing order.'), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('radio', { name: 'Deliver every 2 weeks' }));
    await user.click(screen.getByRole('button', { name: /Start standing order/ }));
    await expectToast('Error', 'Failed to initiate checkout.');
    expect(summary().getByRole('alert')).toHaveTextContent(
      'Add a default ship-to address before starting a standing order.',
    );
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ interval: 2 });
    // Choosing another delivery clears it (it was about the other choice).
    await user.click(screen.getByRole('radio', { name: 'Deliver every 4 weeks' }));
    expect(summary().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the payment was cancelled when Stripe brings the buyer back, once', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    const { router, unmount } = renderCart('/portal/cart?checkout=cancelled');
    expect(await screen.findByRole('article', { name: 'Blue Coast Syrup' })).toBeInTheDocument();
    // Announced politely, as a status.
    expect(screen.getByText(CHECKOUT_CANCELLED_NOTICE).closest('[role="status"]')).not.toBeNull();
    expect(CHECKOUT_CANCELLED_NOTICE).toBe('Payment cancelled — your cart is unchanged');
    // The flag leaves the address (replaced, not a new entry), the notice stays on screen.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/portal/cart');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText(CHECKOUT_CANCELLED_NOTICE)).toBeInTheDocument();
    // A reload of the address as it now is says nothing more.
    unmount();
    renderCart(router.state.location.pathname + router.state.location.search);
    expect(await screen.findByRole('article', { name: 'Blue Coast Syrup' })).toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_CANCELLED_NOTICE)).not.toBeInTheDocument();
  });

  it('closes the cancelled notice, and shows none on a plain visit', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    const user = userEvent.setup();
    const { unmount } = renderCart('/portal/cart?checkout=cancelled');
    const notice = await screen.findByText(CHECKOUT_CANCELLED_NOTICE);
    await user.click(within(notice.closest('.alert') as HTMLElement).getByRole('button'));
    await waitFor(() =>
      expect(screen.queryByText(CHECKOUT_CANCELLED_NOTICE)).not.toBeInTheDocument(),
    );
    unmount();
    renderCart();
    expect(await screen.findByRole('article', { name: 'Blue Coast Syrup' })).toBeInTheDocument();
    expect(screen.queryByText(CHECKOUT_CANCELLED_NOTICE)).not.toBeInTheDocument();
  });

  it("toasts 'Failed to initiate checkout.' when the session cannot be created", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockRejectedValue(new Error('failed-precondition'));
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderCart();
    await user.click(await readyCheckoutButton());
    await expectToast('Error', 'Failed to initiate checkout.');
    expect(go).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled(),
    );
  });

  it('shows a line whose product is inactive or gone as unavailable, outside the totals, and blocks checkout', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 1);
    seedCartItem('old-flavor', 4);
    renderCart();
    const line = await screen.findByRole('article', { name: 'Unavailable product' });
    expect(within(line).getByText('Unavailable')).toBeInTheDocument();
    expect(summary().getByText('Subtotal (1 item)')).toBeInTheDocument();
    expect(summary().getAllByText('$25.99')).toHaveLength(2);
    expect(summary().getByText('Remove the unavailable items to check out.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeDisabled();
  });

  it("toasts 'Failed to load cart data.' when the cart cannot be read", async () => {
    seedProfile('retailer');
    seedProducts();
    fakeDb.fail('getDocs', `profiles/${BUYER_UID}/cart_items`);
    renderCart();
    await expectToast('Error', 'Failed to load cart data.');
    expect(screen.getByRole('heading', { name: 'Failed to load cart data.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Proceed to Checkout/ })).not.toBeInTheDocument();
  });

  it('offers the case up or down for a typed quantity, changing nothing until the buyer chooses', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', { case_pack: 6 });
    seedCartItem('blue-coast', 6);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    const input = quantityOf(line, 'Blue Coast Syrup');
    const writes = () =>
      fakeDb.calls.filter((c) => ['setDoc', 'updateDoc', 'deleteDoc', 'commit'].includes(c.op));
    const before = writes().length;
    await user.clear(input);
    await user.type(input, '10{Enter}');
    const proposal = await within(line).findByRole('status');
    expect(proposal).toHaveTextContent(
      'Sold in cases of 6: round up to 12 (2 cases) or down to 6.',
    );
    expect(input).toHaveAccessibleDescription(
      /^Sold in cases of 6: round up to 12 \(2 cases\) or down to 6/,
    );
    // Nothing is written and the line still costs what it did.
    expect(writes()).toHaveLength(before);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(6);
    expect(summary().getByText('Subtotal (6 items)')).toBeInTheDocument();
    // Leaving the field keeps the offer open; still nothing written.
    await user.tab();
    expect(within(line).getByRole('status')).toBeInTheDocument();
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(6);

    await user.click(within(proposal).getByRole('button', { name: 'round up to 12 (2 cases)' }));
    await expectToast('Success', 'Cart updated successfully.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
    await waitFor(() => expect(input).toHaveValue('12'));
    expect(within(line).queryByRole('status')).not.toBeInTheDocument();

    // Down is the other choice.
    await user.clear(input);
    await user.type(input, '15{Enter}');
    await user.click(await within(line).findByRole('button', { name: 'round down to 12' }));
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
    await user.clear(input);
    await user.type(input, '21{Enter}');
    await user.click(await within(line).findByRole('button', { name: 'round down to 18' }));
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(18));

    // Escape drops the offer and puts the quantity back.
    await user.clear(input);
    await user.type(input, '20{Enter}');
    expect(await within(line).findByRole('status')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(line).queryByRole('status')).not.toBeInTheDocument();
    expect(input).toHaveValue('18');

    // A whole number of cases is applied at once, and the stepper steps by a case.
    await user.clear(input);
    await user.type(input, '24{Enter}');
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(24));
    await user.click(
      within(line).getByRole('button', { name: 'Increase quantity of Blue Coast Syrup' }),
    );
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(30));
  });

  it('offers only the minimum when less is typed, and nothing down', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', { case_pack: 6, min_quantity: 24 });
    seedCartItem('blue-coast', 30);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    const input = quantityOf(line, 'Blue Coast Syrup');
    await user.clear(input);
    await user.type(input, '10{Enter}');
    const proposal = await within(line).findByRole('status');
    expect(proposal).toHaveTextContent('The minimum order is 24 units: round up to 24 (4 cases).');
    expect(within(proposal).getAllByRole('button')).toHaveLength(1);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(30);
    await user.click(within(proposal).getByRole('button', { name: 'round up to 24 (4 cases)' }));
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(24));
  });

  it('refuses typed text that is not a whole number, writing nothing', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 3);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    const input = quantityOf(line, 'Blue Coast Syrup');
    for (const [typed, error] of [
      ['1.5', 'Enter a whole number'],
      ['-4', 'Quantity must be at least 1'],
      ['lots', 'Enter a whole number'],
      ['5000', 'At most 999 per order line'],
    ] as const) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      expect(within(line).getByRole('alert')).toHaveTextContent(error);
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fakeDb.calls.some((c) => c.op === 'updateDoc')).toBe(false);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(3);
    expect(summary().getByText('Subtotal (3 items)')).toBeInTheDocument();
  });

  it('prices a line at the break its quantity reaches and totals the order with it', async () => {
    seedProfile('retailer');
    seedProducts();
    seedProduct('blue-coast', {
      price_retailer: 450,
      price_breaks: [
        { min_quantity: 24, unit_amount: 390 },
        { min_quantity: 48, unit_amount: 350 },
      ],
    });
    seedCartItem('blue-coast', 24);
    seedCartItem('purple-dream', 1);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(within(line).getByText('$3.90 each')).toBeInTheDocument();
    expect(within(line).getByText('Price for 24+ units (was $4.50)')).toBeInTheDocument();
    expect(within(line).getByText('$93.60')).toBeInTheDocument();
    expect(summary().getAllByText('$118.59')).toHaveLength(2); // 24 × $3.90 + $24.99
    expect(within(line).queryByText(/more for/)).not.toBeInTheDocument();

    // Down to 20: the base price again, and a hint that 4 more reach the break.
    const input = quantityOf(line, 'Blue Coast Syrup');
    await user.clear(input);
    await user.type(input, '20{Enter}');
    expect(await within(line).findByText('$4.50 each')).toBeInTheDocument();
    expect(within(line).getByText('Add 4 more for $3.90 each')).toBeInTheDocument();
    expect(within(line).getByText('$90.00')).toBeInTheDocument();
    expect(summary().getAllByText('$114.99')).toHaveLength(2);
  });

  it('shows a line that breaks its case pack with a one-click fix, and keeps checkout possible', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', { case_pack: 6 });
    seedCartItem('blue-coast', 5);
    const user = userEvent.setup();
    renderCart();
    const line = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(
      within(line).getByText('Blue Coast Syrup is sold in cases of 6: order a multiple of 6.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled(),
    );
    await user.click(within(line).getByRole('button', { name: 'Round Blue Coast Syrup to 6' }));
    await expectToast('Success', 'Cart updated successfully.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(6);
    expect(within(line).queryByText(/sold in cases of 6/)).not.toBeInTheDocument();
    expect(within(line).queryByRole('button', { name: /Round to/ })).not.toBeInTheDocument();
  });

  it('warns of out-of-stock lines and lines asking for more than is left', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', { stock_on_hand: 10, stock_reserved: 0 });
    seedProduct('purple-dream', { stock_on_hand: 3, stock_reserved: 3 });
    seedCartItem('blue-coast', 12);
    seedCartItem('purple-dream', 1);
    const user = userEvent.setup();
    renderCart();
    const out = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(out).getByText('Out of stock')).toBeInTheDocument();
    const short = screen.getByRole('article', { name: 'Blue Coast Syrup' });
    expect(within(short).getByText('Only 10 left')).toBeInTheDocument();
    await user.click(within(short).getByRole('button', { name: 'Change Blue Coast Syrup to 10' }));
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(10));
    expect(within(short).queryByText('Only 10 left')).not.toBeInTheDocument();
  });

  it('says how many units of a line are backordered, and does not cut it to the stock left', async () => {
    seedProfile('retailer');
    seedProduct('blue-coast', {
      stock_on_hand: 12,
      stock_reserved: 0,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    // Out of stock, no date known.
    seedProduct('purple-dream', { stock_on_hand: 0, stock_reserved: 0, backorders_allowed: true });
    seedCartItem('blue-coast', 24);
    seedCartItem('purple-dream', 2);
    renderCart();
    const blue = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(
      within(blue).getByText('12 of 24 backordered · Expected Dec 10, 2026'),
    ).toBeInTheDocument();
    expect(within(blue).queryByText(/Only \d+ left/)).not.toBeInTheDocument();
    expect(within(blue).queryByRole('button', { name: /Change/ })).not.toBeInTheDocument();
    const purple = screen.getByRole('article', { name: 'Purple Dream Syrup' });
    expect(
      within(purple).getByText('2 of 2 backordered · Ships when stock arrives'),
    ).toBeInTheDocument();
    expect(within(purple).queryByText('Out of stock')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled(),
    );
  });

  it.each([
    [
      'failed-precondition',
      'Orders can total at most $999,999.99; split this one. [400]',
      'Orders can total at most $999,999.99; split this one.',
    ],
    [
      'permission-denied',
      'Your account is not approved for ordering. [403]',
      'Your account is not approved for ordering.',
    ],
    [
      'resource-exhausted',
      'Too many requests. Try again later. [429]',
      'Too many requests. Try again later.',
    ],
  ])(
    "shows the server's %s message under the button in its own words",
    async (code, sdkMessage, shown) => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      // As the Functions SDK reports it: the server's message and the HTTP status.
      callables.callCreateCheckoutSession.mockRejectedValue(
        Object.assign(new Error(sdkMessage), { code: `functions/${code}` }),
      );
      const user = userEvent.setup();
      renderCart();
      await user.click(await readyCheckoutButton());
      await expectToast('Error', 'Failed to initiate checkout.');
      expect(summary().getByRole('alert').textContent).toBe(shown);
    },
  );

  it('shows no server text under the button for a crash or a network failure', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 2);
    callables.callCreateCheckoutSession.mockRejectedValue(
      Object.assign(new Error('INTERNAL [500]'), { code: 'functions/internal' }),
    );
    const user = userEvent.setup();
    renderCart();
    await user.click(await readyCheckoutButton());
    await expectToast('Error', 'Failed to initiate checkout.');
    expect(summary().queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/INTERNAL/)).not.toBeInTheDocument();
  });

  it("shows the server's reason under the button when checkout is refused", async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 12);
    callables.callCreateCheckoutSession.mockRejectedValue(
      Object.assign(new Error('Only 10 left of Blue Coast Syrup.'), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderCart();
    await user.click(await readyCheckoutButton());
    await expectToast('Error', 'Failed to initiate checkout.');
    expect(summary().getByRole('alert')).toHaveTextContent('Only 10 left of Blue Coast Syrup.');
    // Changing the cart clears it.
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Blue Coast Syrup' }));
    expect(summary().queryByRole('alert')).not.toBeInTheDocument();
  });

  describe('sales tax (docs/tax.md#the-cart)', () => {
    const CERTIFICATE = {
      certificate_id: 'cert-1',
      number: 'SR-123',
      state: 'CA',
      expires_on: '2027-03-05',
    };

    it("adds the server's estimate for the location's state to the total", async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      callables.callEstimateTax.mockResolvedValue({
        state: 'CA',
        subtotal: 5198,
        tax: 435,
        exemption: null,
        expiredCertificate: null,
      });
      renderCart();
      await screen.findByRole('article', { name: 'Blue Coast Syrup' });
      expect(await summary().findByText('Estimated tax (CA)')).toBeInTheDocument();
      expect(summary().getByText('$4.35')).toBeInTheDocument();
      // $51.98 of goods and the tax.
      expect(summary().getByText('$56.33')).toBeInTheDocument();
      expect(callables.callEstimateTax).toHaveBeenCalledWith({ locationId: 'venice' });
    });

    it('says the order is exempt, and by which certificate', async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      callables.callEstimateTax.mockResolvedValue({
        state: 'CA',
        subtotal: 5198,
        tax: 0,
        exemption: CERTIFICATE,
        expiredCertificate: null,
      });
      renderCart();
      await screen.findByRole('article', { name: 'Blue Coast Syrup' });
      expect(await summary().findByText('Exempt')).toBeInTheDocument();
      expect(
        await summary().findByText('Exempt: resale certificate SR-123, CA, valid to Mar 5, 2027'),
      ).toBeInTheDocument();
      expect(summary().getAllByText('$51.98')).toHaveLength(2); // subtotal and total
    });

    it('warns before checkout that an expired certificate no longer exempts the order', async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      callables.callEstimateTax.mockResolvedValue({
        state: 'CA',
        subtotal: 5198,
        tax: 435,
        exemption: null,
        expiredCertificate: CERTIFICATE,
      });
      renderCart();
      await screen.findByRole('article', { name: 'Blue Coast Syrup' });
      expect(
        await summary().findByText(
          'Your resale certificate for CA expired on Mar 5, 2027, so this order is taxed. Upload a new one in My Account.',
        ),
      ).toBeInTheDocument();
    });

    it('leaves the tax to checkout when the company has no location (Checkout asks the address)', async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      renderCart();
      await screen.findByRole('article', { name: 'Blue Coast Syrup' });
      expect(await summary().findByText('Calculated at checkout')).toBeInTheDocument();
      expect(callables.callEstimateTax).not.toHaveBeenCalled();
    });
  });

  describe("ship to (the company's locations)", () => {
    it('checks out for the chosen location, the first by default, and remembers the choice', async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      seedLocation('mission', 'Mission store', { city: 'San Francisco' });
      seedLocation('old', 'Old store', { archived: true });
      callables.callCreateCheckoutSession.mockResolvedValue({
        url: 'https://checkout.test/pay/cs_9',
        orderId: 'o9',
      });
      vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
      const user = userEvent.setup();
      renderCart();
      const shipTo = await screen.findByLabelText('Ship to');
      // Active locations only, by name; the first is chosen.
      expect(
        within(shipTo)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Mission store', 'Venice store']);
      expect(shipTo).toHaveValue('mission');
      await user.selectOptions(shipTo, 'venice');
      expect(screen.getByText('Venice store 1, Venice, CA')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: /Proceed to Checkout/ }));
      expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ locationId: 'venice' });
      expect(window.localStorage.getItem(`portal.ordering-location.${BUYER_UID}`)).toBe('venice');
    });

    it('offers a buyer only the locations the owner assigned them', async () => {
      seedProfile('retailer', { company_role: 'buyer', location_ids: ['mission'] });
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      seedLocation('mission', 'Mission store');
      renderCart();
      const shipTo = await screen.findByLabelText('Ship to');
      expect(
        within(shipTo)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Mission store']);
    });

    it('keeps a buyer with no location of theirs from checking out, and says why', async () => {
      seedProfile('retailer', { company_role: 'buyer', location_ids: [] });
      seedProducts();
      seedCartItem('blue-coast', 2);
      seedLocation('venice', 'Venice store');
      renderCart();
      expect(
        await screen.findByText(
          "You have no location to order for. Ask your company's owner to assign one.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeDisabled();
      // No location to tax for: the tax row does not wait for an estimate that never comes.
      expect(summary().getByText('Calculated at checkout')).toBeInTheDocument();
      expect(callables.callEstimateTax).not.toHaveBeenCalled();
    });

    it('lets Checkout ask for the address when the company has no location yet', async () => {
      seedProfile('retailer');
      seedProducts();
      seedCartItem('blue-coast', 2);
      renderCart();
      expect(await screen.findByText(/Checkout asks for the ship-to address/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Ship to')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Proceed to Checkout/ })).toBeEnabled();
    });
  });
});
