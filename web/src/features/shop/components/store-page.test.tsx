import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  seedCartItem,
  seedProducts,
  seedProfile,
  seedWholesalePrices,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { checkoutNavigation } from '../api/create-checkout';
import { StorePage } from './store-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({ callCreateCheckoutSession: vi.fn() }));
vi.mock('@/lib/callables', () => callables);

function renderStore() {
  return renderWithProviders(<StorePage />, { route: '/portal/store' });
}

beforeEach(() => {
  callables.callCreateCheckoutSession.mockReset();
  vi.restoreAllMocks();
});

describe('StorePage', () => {
  it('shows skeleton cards while loading, then the active products in sort order', async () => {
    seedProfile('retailer');
    seedProducts();
    const release = fakeDb.hold('getDocs');
    renderStore();
    expect(screen.getByRole('heading', { name: 'VIP Product Catalog' })).toBeInTheDocument();
    expect(screen.getByLabelText('Loading products')).toHaveAttribute('aria-busy', 'true');
    release();
    const names = await screen.findAllByRole('heading', { level: 2 });
    expect(names.map((h) => h.textContent)).toEqual(['Purple Dream Syrup', 'Blue Coast Syrup']);
    expect(screen.queryByText('Retired Flavor')).not.toBeInTheDocument();
    // The query the security rules require.
    const productQuery = fakeDb.calls.find((c) => c.op === 'getDocs' && c.path === 'products');
    expect(productQuery?.constraints).toContainEqual({
      type: 'where',
      field: 'is_active',
      op: '==',
      value: true,
    });
    expect(productQuery?.constraints).toContainEqual({
      type: 'orderBy',
      field: 'sort_order',
      direction: 'asc',
    });
  });

  it('shows the retailer price and no Wholesale badge to a retailer', async () => {
    seedProfile('retailer');
    seedProducts();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(card).getByText('$24.99')).toBeInTheDocument();
    expect(within(card).queryByText('Wholesale')).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Purple Dream Syrup' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(within(card).getByText('Grape and berry, our best seller.')).toBeInTheDocument();
  });

  it('shows the wholesaler price and the Wholesale badge to a wholesaler', async () => {
    seedProfile('wholesaler');
    seedProducts();
    seedWholesalePrices();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(within(card).getByText('$19.99')).toBeInTheDocument();
    expect(within(card).queryByText('$25.99')).not.toBeInTheDocument();
    expect(within(card).getByText('Wholesale')).toBeInTheDocument();
    expect(fakeDb.calls.some((c) => c.path === 'wholesale_prices')).toBe(true);
  });

  it('prices a wholesaler from wholesale_prices, and leaves out a product that has none', async () => {
    seedProfile('wholesaler');
    seedProducts();
    seedWholesalePrices({ 'purple-dream': 1750 });
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(card).getByText('$17.50')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Blue Coast Syrup' })).not.toBeInTheDocument();
  });

  it("never asks for wholesale prices in a retailer's store", async () => {
    seedProfile('retailer');
    seedProducts();
    seedWholesalePrices();
    renderStore();
    await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(fakeDb.calls.filter((c) => c.path === 'wholesale_prices')).toEqual([]);
  });

  it("shows 'No Products Available' when the catalog is empty", async () => {
    seedProfile('retailer');
    renderStore();
    expect(
      await screen.findByRole('heading', { name: 'No Products Available' }),
    ).toBeInTheDocument();
  });

  it('adds one unit to a new line, shows the quantity in the cart and toasts success', async () => {
    seedProfile('retailer');
    seedProducts();
    const user = userEvent.setup();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await expectToast('Added to Cart', 'Product successfully added to your cart.');
    expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/purple-dream`)).toMatchObject({
      product_id: 'purple-dream',
      quantity: 1,
    });
    expect(
      await within(card).findByRole('button', { name: 'Add to Cart (1 in cart)' }),
    ).toBeInTheDocument();
  });

  it('raises an existing line by one', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 3);
    const user = userEvent.setup();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.click(await within(card).findByRole('button', { name: 'Add to Cart (3 in cart)' }));
    await within(card).findByRole('button', { name: 'Add to Cart (4 in cart)' });
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(4),
    );
  });

  it("toasts 'Could not add item to cart.' and rolls the count back when the write fails", async () => {
    seedProfile('retailer');
    seedProducts();
    fakeDb.fail('setDoc', `profiles/${BUYER_UID}/cart_items`);
    const user = userEvent.setup();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await expectToast('Error', 'Could not add item to cart.');
    expect(within(card).getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
  });

  it('Buy Now creates a session for that product and goes to the payment page in the same tab', async () => {
    seedProfile('wholesaler');
    seedProducts();
    seedWholesalePrices();
    callables.callCreateCheckoutSession.mockResolvedValue({
      url: 'https://checkout.test/pay/cs_1',
      orderId: 'o1',
    });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Now: Blue Coast Syrup' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/pay/cs_1'));
    expect(callables.callCreateCheckoutSession).toHaveBeenCalledWith({ productId: 'blue-coast' });
  });

  it("toasts 'Payment Error: Failed to create payment session' when the session cannot be created", async () => {
    seedProfile('retailer');
    seedProducts();
    callables.callCreateCheckoutSession.mockRejectedValue(new Error('internal'));
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Now: Purple Dream Syrup' }));
    await expectToast('Payment Error', 'Failed to create payment session');
    expect(go).not.toHaveBeenCalled();
  });

  it("toasts 'Something went wrong.' when the session comes back without a payment page", async () => {
    seedProfile('retailer');
    seedProducts();
    callables.callCreateCheckoutSession.mockResolvedValue({ url: '', orderId: 'o1' });
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Now: Purple Dream Syrup' }));
    await expectToast('Error', 'Something went wrong.');
    expect(go).not.toHaveBeenCalled();
  });

  it("toasts 'Could not load products.' and offers a retry when products fail to load", async () => {
    seedProfile('retailer');
    fakeDb.fail('getDocs', 'products', new Error('unavailable'), true);
    seedProducts();
    const user = userEvent.setup();
    renderStore();
    await expectToast('Error', 'Could not load products.');
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByRole('article', { name: 'Purple Dream Syrup' })).toBeInTheDocument();
  });

  it("toasts 'Could not load profile data.' when the profile fails to load", async () => {
    fakeDb.fail('getDoc', `profiles/${BUYER_UID}`);
    seedProducts();
    renderStore();
    await expectToast('Error', 'Could not load profile data.');
    expect(
      screen.getByRole('heading', { name: 'Could not load profile data.' }),
    ).toBeInTheDocument();
  });

  it("toasts 'Something went wrong loading the store.' when the cart fails to load", async () => {
    seedProfile('retailer');
    seedProducts();
    fakeDb.fail('getDocs', `profiles/${BUYER_UID}/cart_items`);
    renderStore();
    await expectToast('Error', 'Something went wrong loading the store.');
    // The catalog still shows.
    expect(screen.getByRole('article', { name: 'Purple Dream Syrup' })).toBeInTheDocument();
  });
});
