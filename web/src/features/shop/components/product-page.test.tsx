import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedCartItem, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ProductPage } from './product-page';
import { StorePage } from './store-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

const blueCoast = {
  name: 'Blue Coast Syrup',
  description: 'Blue raspberry with a salty finish.',
  image_url: '/products/blue-coast.svg',
  images: ['/products/blue-coast-back.svg', '/products/blue-coast-case.svg'],
  price_retailer: 450,
  is_active: true,
  sort_order: 1,
  sku: 'SYR-BLUE',
  category: 'Syrups',
  case_pack: 12,
  min_quantity: 24,
  price_breaks: [
    { min_quantity: 24, unit_amount: 390 },
    { min_quantity: 48, unit_amount: 350 },
  ],
  stock_on_hand: 500,
  stock_reserved: 0,
};

function renderProduct(productId: string, search = '') {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<ProductPage productId={productId} />, {
    route: `/portal/products/${productId}${search}`,
    path: '/portal/products/:productId',
    routes: [{ path: '/portal/store', element: <p>The store</p> }],
  });
  return { user, ...rendered };
}

const quantityBox = () => screen.getByRole('textbox', { name: 'Quantity of Blue Coast Syrup' });
const reachedTier = () =>
  screen.getByRole('table', { name: 'Quantity pricing' }).querySelector('[aria-current="true"]');

describe('ProductPage', () => {
  it('shows the product: images, SKU, category, description, stock, price tiers and how it is sold', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    renderProduct('blue-coast');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' }),
    ).toBeVisible();
    expect(document.title).toMatch(/^Blue Coast Syrup \| /);
    expect(screen.getByText('SKU SYR-BLUE')).toBeInTheDocument();
    expect(screen.getByText('Syrups')).toBeInTheDocument();
    expect(screen.getByText('Blue raspberry with a salty finish.')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();
    expect(
      screen.getByText('Sold in cases of 12 units. The minimum order is 24 units (2 cases).'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Quantity pricing' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // The tiers start at the minimum order (no 1–23 tier at $4.50 that cannot be ordered).
    expect(rows).toEqual(['24–47$3.90Your price', '48+$3.50']);
    expect(screen.getByText(/^\$3\.90/, { selector: '.product-page__price' })).toHaveTextContent(
      '$3.90 each',
    );
    // The quantity starts at the minimum order, which reaches the 24+ break.
    expect(quantityBox()).toHaveValue('24');
    expect(reachedTier()).toHaveTextContent('24–47');
    expect(screen.getByText(/Total for 24 units:/)).toHaveTextContent(
      'Total for 24 units: $93.60 ($3.90 each)',
    );
  });

  it('rounds a typed quantity to the case pack, says so, and prices it at the break reached', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const { user } = renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    await user.clear(quantityBox());
    await user.type(quantityBox(), '50{Enter}');
    expect(quantityBox()).toHaveValue('60');
    expect(screen.getByText('Sold in cases of 12: 50 units became 60.')).toBeInTheDocument();
    expect(reachedTier()).toHaveTextContent('48+');
    expect(screen.getByText(/Total for 60 units:/)).toHaveTextContent(
      'Total for 60 units: $210.00 ($3.50 each)',
    );

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await expectToast('Added to Cart', 'Product successfully added to your cart.');
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(60),
    );
    expect(await screen.findByText(/60 in your cart/)).toBeInTheDocument();
  });

  it('refuses a quantity that is not a whole number, changing nothing', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const { user } = renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    await user.clear(quantityBox());
    await user.type(quantityBox(), '1.5{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number');
    expect(reachedTier()).toHaveTextContent('24–47');
  });

  it('shows each image with thumbnails as buttons', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const { user } = renderProduct('blue-coast');
    const main = await screen.findByRole('img', { name: 'Blue Coast Syrup, image 1 of 3' });
    expect(main).toHaveAttribute('src', '/products/blue-coast.svg');
    const second = screen.getByRole('button', { name: 'Show image 2 of 3' });
    expect(second).toHaveAttribute('aria-pressed', 'false');
    await user.click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Blue Coast Syrup, image 2 of 3' })).toHaveAttribute(
      'src',
      '/products/blue-coast-back.svg',
    );
  });

  it('goes back to the store filtered as it was', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const { user, router } = renderProduct('blue-coast', '?q=blue&category=Syrups&sort=price_asc');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    const back = screen.getByRole('link', { name: 'Back to store' });
    expect(back).toHaveAttribute('href', '/portal/store?q=blue&category=Syrups&sort=price_asc');
    await user.click(back);
    expect(router.state.location.search).toBe('?q=blue&category=Syrups&sort=price_asc');
  });

  it('shows a wholesaler the wholesale price and breaks', async () => {
    seedProfile('wholesaler');
    fakeDb.seed('products/blue-coast', blueCoast);
    fakeDb.seed('wholesale_prices/blue-coast', {
      price_wholesaler: 300,
      price_breaks: [{ min_quantity: 96, unit_amount: 250 }],
    });
    renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    expect(screen.getByText('Wholesale')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Quantity pricing' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['24–95$3.00Your price', '96+$2.50']);
    expect(screen.queryByText('$4.50')).not.toBeInTheDocument();
  });

  it('disables Add to Cart of an out-of-stock product and says why', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', { ...blueCoast, stock_on_hand: 30, stock_reserved: 10 });
    renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Out of stock: it cannot be ordered now.');
    expect(quantityBox()).toBeDisabled();
  });

  it('offers a product out of stock that takes backorders, with its restock date', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', {
      ...blueCoast,
      stock_on_hand: 30,
      stock_reserved: 10,
      backorders_allowed: true,
      restock_date: '2026-12-10',
    });
    renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    expect(screen.getByText('Backorder · Expected Dec 10, 2026')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeEnabled();
    expect(quantityBox()).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(24),
    );
  });

  it('refuses more than is left, counting what is in the cart', async () => {
    seedProfile('retailer');
    seedCartItem('blue-coast', 24);
    fakeDb.seed('products/blue-coast', { ...blueCoast, stock_on_hand: 24 });
    renderProduct('blue-coast');
    await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' });
    expect(screen.getByText('Low stock: 24 left')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add to Cart' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAccessibleDescription('Only 24 left, and 24 are in your cart.');
  });

  it.each([
    ['an unknown id', 'no-such-product'],
    ['an inactive product', 'retired'],
    ['an id Firestore cannot read', '__reserved__'],
  ])('shows a not-found state for %s, with a link to the store', async (_, id) => {
    seedProfile('retailer');
    fakeDb.seed('products/retired', { ...blueCoast, is_active: false });
    renderProduct(id, '?q=syr');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect(document.title).toMatch(/^Product not found \| /);
    const links = screen.getAllByRole('link', { name: 'Back to store' });
    for (const link of links) expect(link).toHaveAttribute('href', '/portal/store?q=syr');
  });

  it('treats a product the rules refuse to read (an inactive one) as not found', async () => {
    seedProfile('retailer');
    fakeDb.fail(
      'getDoc',
      'products/retired',
      Object.assign(new Error('Missing or insufficient permissions.'), {
        code: 'permission-denied',
      }),
    );
    renderProduct('retired');
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeVisible();
  });

  it('says when the product cannot be loaded, and Try Again reads it again', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    fakeDb.fail('getDoc', 'products/blue-coast', new Error('unavailable'), true);
    const { user } = renderProduct('blue-coast');
    await expectToast('Error', 'Could not load this product.');
    expect(screen.getByRole('heading', { name: 'Could not load this product.' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' }),
    ).toBeVisible();
  });

  it('shows a skeleton while the product loads', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const release = fakeDb.hold('getDoc');
    renderProduct('blue-coast');
    expect(screen.getByLabelText('Loading product')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Blue Coast Syrup' }),
    ).toBeVisible();
  });

  it('opened from the store, shows the product at once from the loaded catalog', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/blue-coast', blueCoast);
    const user = userEvent.setup();
    renderWithProviders(<StorePage />, {
      route: '/portal/store?q=blue',
      path: '/portal/store',
      routes: [
        {
          path: '/portal/products/:productId',
          element: <ProductPage productId="blue-coast" />,
        },
      ],
    });
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    // Reading the one product waits: the page does not.
    const release = fakeDb.hold('getDoc');
    await user.click(within(card).getByRole('link', { name: 'Blue Coast Syrup' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Blue Coast Syrup' })).toBeVisible();
    expect(screen.queryByLabelText('Loading product')).not.toBeInTheDocument();
    release();
    await user.click(screen.getByRole('link', { name: 'Back to store' }));
    expect(await screen.findByRole('article', { name: 'Blue Coast Syrup' })).toBeVisible();
    expect(screen.getByLabelText('Search')).toHaveValue('blue');
  });
});
