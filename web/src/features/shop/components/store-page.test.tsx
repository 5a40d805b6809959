import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  demoProducts,
  seedCartItem,
  seedProducts,
  seedProfile,
  seedWholesalePrices,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderNotingCommits, renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { checkoutNavigation } from '../api/create-checkout';
import { SEARCH_URL_DELAY_MS, StorePage } from './store-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
const callables = vi.hoisted(() => ({ callCreateCheckoutSession: vi.fn() }));
vi.mock('@/lib/callables', () => callables);
// The back-in-stock button of an out-of-stock card (its own chunk and callables).
vi.mock('@/lib/stock-alert-callables', () => ({
  callSubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: true })),
  callUnsubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: false })),
}));

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

  it('shows a viewer the catalog and prices without Add to Cart or Buy Now, and says why', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedProducts();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(card).getByText('$24.99')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.getByText(/your role in this company is Viewer/i)).toBeInTheDocument();
  });

  it('shows the retailer price and no Wholesale badge to a retailer', async () => {
    seedProfile('retailer');
    seedProducts();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(card).getByText('$24.99')).toBeInTheDocument();
    expect(within(card).queryByText('Wholesale')).not.toBeInTheDocument();
    expect(within(card).getByText('Grape and berry, our best seller.')).toBeInTheDocument();
  });

  it("loads the first row's images (4 cards) at once and first, the others lazily", async () => {
    seedProfile('retailer');
    const { id: _id, ...purple } = demoProducts[0];
    for (let i = 0; i < 6; i += 1) {
      fakeDb.seed(`products/flavor-${i}`, { ...purple, name: `Flavor ${i}`, sort_order: i });
    }
    renderStore();
    await screen.findByRole('article', { name: 'Flavor 5' });
    const images = [0, 1, 2, 3, 4, 5].map((i) => screen.getByRole('img', { name: `Flavor ${i}` }));
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      'high',
      'high',
      'high',
      null,
      null,
    ]);
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
      await within(card).findByRole('button', { name: 'Add to Cart 1 in cart' }),
    ).toBeInTheDocument();
  });

  it('raises an existing line by one', async () => {
    seedProfile('retailer');
    seedProducts();
    seedCartItem('blue-coast', 3);
    const user = userEvent.setup();
    renderStore();
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.click(await within(card).findByRole('button', { name: 'Add to Cart 3 in cart' }));
    await within(card).findByRole('button', { name: 'Add to Cart 4 in cart' });
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

  it("toasts the server's reason when Buy Now is refused for stock", async () => {
    seedProfile('retailer');
    seedProducts();
    callables.callCreateCheckoutSession.mockRejectedValue(
      Object.assign(new Error('Only 4 left of Purple Dream Syrup.'), {
        code: 'functions/failed-precondition',
      }),
    );
    const go = vi.spyOn(checkoutNavigation, 'go').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderStore();
    await user.click(await screen.findByRole('button', { name: 'Buy Now: Purple Dream Syrup' }));
    await expectToast('Payment Error', 'Only 4 left of Purple Dream Syrup.');
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
    // The catalog still shows (its read may answer after the cart's failure).
    expect(await screen.findByRole('article', { name: 'Purple Dream Syrup' })).toBeInTheDocument();
  });
});

/** A catalog with SKUs, categories, case packs, breaks and stock (products/{id} documents). */
const catalog = {
  'purple-dream': {
    name: 'Purple Dream Syrup',
    sku: 'SYR-GRAPE',
    category: 'Syrups',
    price_retailer: 2499,
    sort_order: 1,
    created_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
  },
  'blue-coast': {
    name: 'Blue Coast Syrup',
    sku: 'SYR-BLUE',
    category: 'Syrups',
    price_retailer: 450,
    case_pack: 12,
    min_quantity: 24,
    price_breaks: [
      { min_quantity: 24, unit_amount: 390 },
      { min_quantity: 48, unit_amount: 350 },
    ],
    stock_on_hand: 500,
    stock_reserved: 20,
    sort_order: 2,
    created_at: Timestamp.fromDate(new Date('2025-03-01T00:00:00Z')),
  },
  'slush-cups': {
    name: 'Slush Cups 16 oz',
    sku: 'CUP-16',
    category: 'Supplies',
    price_retailer: 1200,
    case_pack: 50,
    min_quantity: 50,
    stock_on_hand: 60,
    stock_reserved: 20,
    sort_order: 3,
    created_at: Timestamp.fromDate(new Date('2025-02-01T00:00:00Z')),
  },
  'twin-bowl': {
    name: 'Twin Bowl Slush Machine',
    sku: 'MCH-2',
    category: 'Machines',
    price_retailer: 189900,
    stock_on_hand: 3,
    sort_order: 4,
    created_at: Timestamp.fromDate(new Date('2025-06-01T00:00:00Z')),
  },
} as const;

function seedCatalog() {
  for (const [id, data] of Object.entries(catalog)) {
    fakeDb.seed(`products/${id}`, {
      description: '',
      image_url: `/products/${id}.svg`,
      is_active: true,
      ...data,
    });
  }
}

const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

/** The store over the catalog above; `adjust` changes the seeded data before it is read. */
function renderCatalog(route = '/portal/store', adjust: () => void = () => {}) {
  seedProfile('retailer');
  seedCatalog();
  adjust();
  const user = userEvent.setup();
  const rendered = renderWithProviders(<StorePage />, {
    route,
    path: '/portal/store',
    routes: [{ path: '/portal/products/:productId', element: <p>Product page</p> }],
  });
  return { user, ...rendered };
}

/** The number of Firestore calls once none has been made for 300 ms (at most 5 s). */
async function settledCallCount(): Promise<number> {
  const deadline = Date.now() + 5_000;
  let count = fakeDb.calls.length;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (fakeDb.calls.length === count || Date.now() > deadline) return fakeDb.calls.length;
    count = fakeDb.calls.length;
  }
}

async function chooseOption(
  user: ReturnType<typeof userEvent.setup>,
  label: string,
  option: string,
) {
  await user.selectOptions(screen.getByLabelText(label), option);
}

describe('StorePage: search, category and sort', () => {
  it('filters by name as the buyer types, then puts the search in the URL, replacing the entry', async () => {
    const { user, router } = renderCatalog();
    await screen.findByRole('article', { name: 'Twin Bowl Slush Machine' });
    expect(screen.getByRole('status')).toHaveTextContent('4 products');
    // The page's first reads may still be answering (on a busy machine the profile and catalog
    // were read a second time after the first card): count from when they are over.
    const calls = await settledCallCount();

    await user.type(screen.getByLabelText('Search'), 'syrup');
    expect(cardNames()).toEqual(['Purple Dream Syrup', 'Blue Coast Syrup']);
    expect(screen.getByRole('status')).toHaveTextContent('2 products');
    // Typing filters in memory: no request per keystroke. On a busy machine one of the page's
    // first reads can still be repeated meanwhile (its refresh after the first card came more
    // than 300 ms later: a clean-clone run saw two); what typing adds is never a new read.
    const signature = (call: (typeof fakeDb.calls)[number]) =>
      `${call.op} ${call.path} ${JSON.stringify(call.constraints ?? [])}`;
    const first = new Set(fakeDb.calls.slice(0, calls).map(signature));
    const whileTyping = fakeDb.calls.slice(calls);
    expect(whileTyping.map(signature).filter((call) => !first.has(call))).toEqual([]);
    expect(whileTyping.length).toBeLessThan('syrup'.length);
    await waitFor(() => expect(router.state.location.search).toBe('?q=syrup'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('finds a product by its SKU, whatever the case', async () => {
    const { user } = renderCatalog();
    await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    await user.type(screen.getByLabelText('Search'), 'cup-16');
    expect(cardNames()).toEqual(['Slush Cups 16 oz']);
    expect(screen.getByRole('status')).toHaveTextContent('1 product');
  });

  it('filters by category and sorts, each in the URL', async () => {
    const { user, router } = renderCatalog();
    await screen.findByRole('article', { name: 'Slush Cups 16 oz' });

    await chooseOption(user, 'Sort by', 'Price (high to low)');
    expect(cardNames()).toEqual([
      'Twin Bowl Slush Machine',
      'Purple Dream Syrup',
      'Slush Cups 16 oz',
      'Blue Coast Syrup',
    ]);
    expect(router.state.location.search).toBe('?sort=price_desc');

    await chooseOption(user, 'Category', 'Syrups');
    expect(cardNames()).toEqual(['Purple Dream Syrup', 'Blue Coast Syrup']);
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('Syrups');
    expect(router.state.historyAction).toBe('PUSH');

    await chooseOption(user, 'Sort by', 'Newest');
    expect(cardNames()).toEqual(['Blue Coast Syrup', 'Purple Dream Syrup']);
  });

  it('restores the search, category and sort from the URL (a reload or a shared link)', async () => {
    renderCatalog('/portal/store?q=syr&category=Syrups&sort=price_asc');
    await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(cardNames()).toEqual(['Blue Coast Syrup', 'Purple Dream Syrup']);
    expect(screen.getByLabelText('Search')).toHaveValue('syr');
    expect(screen.getByLabelText('Category')).toHaveDisplayValue('Syrups');
    expect(screen.getByLabelText('Sort by')).toHaveDisplayValue('Price (low to high)');
  });

  it('falls back to the defaults for garbage in the URL', async () => {
    renderCatalog('/portal/store?sort=cheapest&category=');
    await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(cardNames()).toEqual([
      'Purple Dream Syrup',
      'Blue Coast Syrup',
      'Slush Cups 16 oz',
      'Twin Bowl Slush Machine',
    ]);
  });

  it('keeps what is typed while its own earlier search goes into the URL (a slow phone)', async () => {
    const { user, router } = renderCatalog();
    await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    const box = screen.getByLabelText('Search');
    fireEvent.change(box, { target: { value: 'cu' } });
    // The phone is busy for longer than the pause that puts "cu" into the URL; the next letter
    // comes right after that write, before React has drawn the router's new location (a
    // transition, drawn after the letter).
    await new Promise<void>((resolve) => {
      const start = Date.now();
      setTimeout(() => {
        fireEvent.change(box, { target: { value: 'cup' } });
        resolve();
      }, SEARCH_URL_DELAY_MS + 10);
      while (Date.now() - start < SEARCH_URL_DELAY_MS + 100) {
        // busy
      }
    });
    // The router takes "cu" in: the box keeps the letter typed since, and the next ones follow it.
    await waitFor(() => expect(router.state.location.search).toBe('?q=cu'));
    expect(box).toHaveValue('cup');
    await user.type(box, '-16');
    expect(box).toHaveValue('cup-16');
    await waitFor(() => expect(router.state.location.search).toBe('?q=cup-16'));
    expect(box).toHaveValue('cup-16');
    expect(cardNames()).toEqual(['Slush Cups 16 oz']);
  });

  it('follows the URL when it changes without typing (Back)', async () => {
    const { router } = renderCatalog('/portal/store?q=cups');
    await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    await act(() => router.navigate('/portal/store?q=machine'));
    expect(screen.getByLabelText('Search')).toHaveValue('machine');
    expect(cardNames()).toEqual(['Twin Bowl Slush Machine']);
  });

  it('says when nothing matches, and Clear filters shows everything again', async () => {
    const { user, router } = renderCatalog('/portal/store?category=Supplies&sort=name');
    await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    await user.type(screen.getByLabelText('Search'), 'xyz');
    expect(
      screen.getByRole('heading', { name: 'No products match “xyz” in Supplies' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 products');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(cardNames()).toHaveLength(4);
    expect(screen.getByLabelText('Search')).toHaveValue('');
    // The sort is not a filter: it stays.
    expect(router.state.location.search).toBe('?sort=name');
  });

  it("links each card's name to its product page, carrying the store query", async () => {
    const { user, router } = renderCatalog('/portal/store?category=Syrups');
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.type(screen.getByLabelText('Search'), 'blue');
    const link = within(card).getByRole('link', { name: 'Blue Coast Syrup' });
    expect(link).toHaveAttribute('href', '/portal/products/blue-coast?q=blue&category=Syrups');
    await user.click(link);
    expect(router.state.location.pathname).toBe('/portal/products/blue-coast');
    expect(await screen.findByText('Product page')).toBeInTheDocument();
  });

  it('puts a search still being typed into the URL before opening a product, so Back returns to it', async () => {
    const { user, router } = renderCatalog();
    const card = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.type(screen.getByLabelText('Search'), 'blue');
    await user.click(within(card).getByRole('link', { name: 'Blue Coast Syrup' }));
    expect(router.state.location.pathname).toBe('/portal/products/blue-coast');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/portal/store');
    expect(router.state.location.search).toBe('?q=blue');
    expect(await screen.findByLabelText('Search')).toHaveValue('blue');
  });

  it('shows 24 cards at first and more on request', async () => {
    seedProfile('retailer');
    for (let i = 1; i <= 30; i += 1) {
      fakeDb.seed(`products/p${i}`, {
        name: `Product ${String(i).padStart(2, '0')}`,
        description: '',
        image_url: '/products/x.svg',
        price_retailer: 100 + i,
        is_active: true,
        sort_order: i,
      });
    }
    const user = userEvent.setup();
    // What each commit put on the page: cards, and the skeletons holding the places of cards to come.
    const { commits } = renderNotingCommits(
      <StorePage />,
      () => ({
        cards: document.querySelectorAll('article').length,
        waiting: document.querySelectorAll('.product-grid > .product-card--skeleton').length,
      }),
      { route: '/portal/store' },
    );
    await screen.findByRole('article', { name: 'Product 01' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(24));
    // The first row came with the page, the 20 other cards in a commit of their own after it.
    expect(commits.find((commit) => commit.cards > 0)).toEqual({ cards: 4, waiting: 20 });
    expect(commits.at(-1)).toEqual({ cards: 24, waiting: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('30 products');
    expect(screen.getByText('Showing 24 of 30 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more products' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(30));
    expect(screen.queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
  });
});

describe('StorePage: cards with SKU, stock, case packs and breaks', () => {
  it('shows the SKU, the stock state, how it is sold and the best break', async () => {
    renderCatalog();
    const blue = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    expect(within(blue).getByText('SKU SYR-BLUE')).toBeInTheDocument();
    expect(within(blue).getByText('In stock')).toBeInTheDocument();
    expect(within(blue).getByText('Case of 12 · Min. 24')).toBeInTheDocument();
    // The price at the minimum order of 24, which reaches the first break.
    expect(within(blue).getByText('$3.90')).toBeInTheDocument();
    expect(within(blue).getByText('$3.50 from 48')).toBeInTheDocument();
    const machine = screen.getByRole('article', { name: 'Twin Bowl Slush Machine' });
    expect(within(machine).getByText('Low stock: 3 left')).toBeInTheDocument();
    expect(within(machine).queryByText(/from \d+/)).not.toBeInTheDocument();
    // Sold by the unit, stock not tracked.
    const grape = screen.getByRole('article', { name: 'Purple Dream Syrup' });
    expect(within(grape).getByText('In stock')).toBeInTheDocument();
    expect(within(grape).queryByText(/Case of|Min\./)).not.toBeInTheDocument();
  });

  it('disables Add to Cart and Buy Now of an out-of-stock product and says why', async () => {
    renderCatalog();
    // 60 on hand, 20 reserved: 40 left, under the case of 50.
    const cups = await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    expect(within(cups).getByText('Out of stock')).toBeInTheDocument();
    const add = within(cups).getByRole('button', { name: 'Add to Cart' });
    const buy = within(cups).getByRole('button', { name: 'Buy Now: Slush Cups 16 oz' });
    expect(add).toBeDisabled();
    expect(buy).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Out of stock: it cannot be ordered now.');
    expect(buy).toHaveAccessibleDescription('Out of stock: it cannot be ordered now.');
  });

  it('adds the minimum order to a new line, then one case per click', async () => {
    const { user } = renderCatalog();
    const blue = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.click(within(blue).getByRole('button', { name: 'Add to Cart' }));
    await expectToast('Added to Cart', 'Product successfully added to your cart.');
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(24),
    );
    await user.click(await within(blue).findByRole('button', { name: 'Add to Cart 24 in cart' }));
    await within(blue).findByRole('button', { name: 'Add to Cart 36 in cart' });
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(36),
    );
  });

  it('brings a line that is not a whole case up to the next case', async () => {
    seedCartItem('blue-coast', 30);
    const { user } = renderCatalog();
    const blue = await screen.findByRole('article', { name: 'Blue Coast Syrup' });
    await user.click(await within(blue).findByRole('button', { name: 'Add to Cart 30 in cart' }));
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/blue-coast`)?.quantity).toBe(36),
    );
  });

  it('stops adding when the cart already holds all the stock left', async () => {
    seedCartItem('twin-bowl', 3);
    renderCatalog();
    const machine = await screen.findByRole('article', { name: 'Twin Bowl Slush Machine' });
    const add = await within(machine).findByRole('button', { name: 'Add to Cart 3 in cart' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Only 3 left, and 3 are in your cart.');
    // Buy Now checks out the minimum on its own: still possible.
    expect(within(machine).getByRole('button', { name: /Buy Now/ })).toBeEnabled();
  });

  it('shows a product out of stock that takes backorders as Backorder, and adds it to the cart', async () => {
    const { user } = renderCatalog('/portal/store', () => {
      // 40 left of a case of 50, as the cups above, but backorders are allowed.
      fakeDb.seed('products/slush-cups', {
        ...fakeDb.get('products/slush-cups'),
        backorders_allowed: true,
        restock_date: '2026-12-10',
      });
      // The machine takes backorders too, with no date known yet.
      fakeDb.seed('products/twin-bowl', {
        ...fakeDb.get('products/twin-bowl'),
        stock_on_hand: 0,
        backorders_allowed: true,
      });
    });
    const cups = await screen.findByRole('article', { name: 'Slush Cups 16 oz' });
    expect(within(cups).getByText('Backorder · Expected Dec 10, 2026')).toBeInTheDocument();
    const machine = screen.getByRole('article', { name: 'Twin Bowl Slush Machine' });
    expect(within(machine).getByText('Backorder · Ships when stock arrives')).toBeInTheDocument();
    const add = within(cups).getByRole('button', { name: 'Add to Cart' });
    expect(add).toBeEnabled();
    expect(add).not.toHaveAccessibleDescription();
    expect(within(cups).getByRole('button', { name: 'Buy Now: Slush Cups 16 oz' })).toBeEnabled();
    await user.click(add);
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/slush-cups`)?.quantity).toBe(50),
    );
    // More than is left goes in too: the rest is backordered.
    await user.click(await within(cups).findByRole('button', { name: 'Add to Cart 50 in cart' }));
    await waitFor(() =>
      expect(fakeDb.get(`profiles/${BUYER_UID}/cart_items/slush-cups`)?.quantity).toBe(100),
    );
  });
});
