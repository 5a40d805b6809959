import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USUAL_ORDER_WINDOW, type OrderStatus } from '@portal/domain';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedCartItem, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderNotingCommits, renderWithProviders } from '@/testing/render';
import { StorePage } from './store-page';
import { USUAL_ORDER_TEXT } from './usual-order-card';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
// The lazy parts that call functions through their own modules (back-in-stock, order lists).
vi.mock('@/lib/stock-alert-callables', () => ({
  callSubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: true })),
  callUnsubscribeStockAlert: vi.fn(async () => ({ productId: '', subscribed: false })),
}));
vi.mock('@/lib/order-list-callables', () => ({
  callSaveOrderList: vi.fn(async () => ({ listId: 'l1' })),
  callDeleteOrderList: vi.fn(),
}));
vi.mock('@/lib/callables', () => ({ callCreateCheckoutSession: vi.fn() }));

beforeEach(() => {
  vi.restoreAllMocks();
});

/** Today's catalog: case packs, a minimum, stock. */
const catalog: Record<string, Record<string, unknown>> = {
  'blue-coast': {
    name: 'Blue Coast Syrup',
    sku: 'SYR-BLUE',
    price_retailer: 450,
    case_pack: 12,
    min_quantity: 24,
    stock_on_hand: 500,
    sort_order: 1,
  },
  'purple-dream': {
    name: 'Purple Dream Syrup',
    sku: 'SYR-GRAPE',
    price_retailer: 2499,
    sort_order: 2,
  },
  'slush-cups': {
    name: 'Slush Cups 16 oz',
    sku: 'CUP-16',
    price_retailer: 1200,
    case_pack: 50,
    stock_on_hand: 30,
    sort_order: 3,
  },
  spoons: {
    name: 'Spoon Straws',
    sku: 'SPOON',
    price_retailer: 300,
    stock_on_hand: 5,
    sort_order: 4,
  },
};

function seedCatalog() {
  for (const [id, data] of Object.entries(catalog)) {
    fakeDb.seed(`products/${id}`, {
      description: '',
      image_url: `/products/${id}.svg`,
      category: 'Syrups',
      is_active: true,
      created_at: Timestamp.fromDate(new Date('2025-01-01T00:00:00Z')),
      ...data,
    });
  }
}

let orderCount = 0;

/** An order of the buyer's company placed on `day` of March 2026. */
function seedOrder(
  day: number,
  lines: [productId: string, name: string, quantity: number][],
  status: OrderStatus = 'delivered',
) {
  orderCount += 1;
  const created = Timestamp.fromDate(new Date(Date.UTC(2026, 2, day)));
  fakeDb.seed(`orders/order-${orderCount}`, {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    items: lines.map(([product_id, name, quantity]) => ({
      product_id,
      name,
      description: '',
      image_url: '',
      unit_amount: 100,
      quantity,
      line_total: 100 * quantity,
    })),
    amount: 10_000,
    currency: 'usd',
    payment_type: 'one_time',
    status,
    stripe_session_id: `cs_test_${orderCount}`,
    created_at: created,
    paid_at: created,
    status_history: [{ status, at: created, by: 'system' }],
  });
}

/** Three orders: Blue Coast 3 times (24, 24, 36), Purple Dream and Slush Cups twice, spoons twice. */
function seedHistory() {
  seedOrder(1, [
    ['blue-coast', 'Blue Coast Syrup', 24],
    ['purple-dream', 'Purple Dream Syrup', 2],
    ['slush-cups', 'Slush Cups 16 oz', 50],
  ]);
  seedOrder(8, [
    ['blue-coast', 'Blue Coast Syrup', 36],
    ['purple-dream', 'Purple Dream Syrup', 3],
    ['retired', 'Retired Flavor', 6],
    ['spoons', 'Spoon Straws', 10],
  ]);
  seedOrder(15, [
    ['blue-coast', 'Blue Coast Syrup', 24],
    ['slush-cups', 'Slush Cups 16 oz', 50],
    ['retired', 'Retired Flavor', 6],
    ['spoons', 'Spoon Straws', 10],
  ]);
}

function renderStore() {
  const user = userEvent.setup();
  renderWithProviders(<StorePage />, {
    route: '/portal/store',
    path: '/portal/store',
    routes: [{ path: '/portal/cart', element: <p>Cart page</p> }],
  });
  return { user };
}

async function findCard() {
  return screen.findByRole('region', { name: USUAL_ORDER_TEXT.title }, { timeout: 5000 });
}

const rows = (card: HTMLElement) =>
  within(card)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

function cartQuantity(productId: string): unknown {
  return fakeDb.get(`profiles/${BUYER_UID}/cart_items/${productId}`)?.quantity;
}

describe('Your usual order', () => {
  it('lists the products ordered most with their usual quantity, above the catalog', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedHistory();
    renderStore();
    const card = await findCard();
    // The card and the catalog show together: no card popping in above products already shown.
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(within(card).getByText(USUAL_ORDER_TEXT.intro)).toBeInTheDocument();
    // Blue Coast (3 orders) first; a product no longer sold (Retired Flavor) is left out; a tie
    // goes to the latest order (Purple Dream: 3); Slush Cups have 30 left in cases of 50: out.
    expect(rows(card)).toEqual([
      'Blue Coast Syrup24 units',
      'Slush Cups 16 ozOut of stock',
      'Spoon Straws10 units',
      'Purple Dream Syrup3 units',
    ]);
    expect(card.compareDocumentPosition(screen.getByLabelText('Search'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    // One small read: the company's newest orders only.
    const read = fakeDb.calls.find((c) => c.op === 'getDocs' && c.path === 'orders');
    expect(read?.constraints).toContainEqual({
      type: 'where',
      field: 'company_id',
      op: '==',
      value: BUYER_UID,
    });
    expect(read?.constraints).toContainEqual({ type: 'limit', count: USUAL_ORDER_WINDOW });
  });

  it("rounds a usual quantity to today's case pack and says so", async () => {
    seedProfile('retailer');
    seedCatalog();
    seedOrder(1, [['purple-dream', 'Purple Dream Syrup', 5]]);
    seedOrder(2, [['purple-dream', 'Purple Dream Syrup', 5]]);
    fakeDb.seed('products/purple-dream', {
      ...fakeDb.get('products/purple-dream'),
      case_pack: 6,
    });
    renderStore();
    const card = await findCard();
    expect(rows(card)).toEqual(['Purple Dream SyrupSold in cases of 6: 5 units became 6.6 units']);
  });

  it('adds them all with one click, and names what it could not add and why', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedHistory();
    seedCartItem('purple-dream', 1);
    const { user } = renderStore();
    const card = await findCard();
    const addAll = within(card).getByRole('button', { name: USUAL_ORDER_TEXT.addAll });
    // Keyboard: the button takes the focus and Enter presses it.
    addAll.focus();
    await user.keyboard('{Enter}');
    expect(await within(card).findByText(/Added 2 products to your cart\./)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View cart' })).toHaveAttribute(
      'href',
      '/portal/cart',
    );
    await waitFor(() => expect(cartQuantity('blue-coast')).toBe(24));
    expect(cartQuantity('purple-dream')).toBe(4);
    expect(cartQuantity('slush-cups')).toBeUndefined();
    expect(cartQuantity('spoons')).toBeUndefined();
    expect(within(card).getByText(USUAL_ORDER_TEXT.notAdded)).toBeInTheDocument();
    const problems = within(card)
      .getAllByRole('listitem')
      .slice(4)
      .map((item) => item.textContent);
    expect(problems).toEqual(['Slush Cups 16 oz is out of stock.', 'Only 5 left of Spoon Straws.']);
  });

  it('says nothing was added when nothing can be', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedOrder(1, [['slush-cups', 'Slush Cups 16 oz', 50]]);
    seedOrder(2, [['slush-cups', 'Slush Cups 16 oz', 50]]);
    const { user } = renderStore();
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: USUAL_ORDER_TEXT.addAll }));
    expect(within(card).getByText(USUAL_ORDER_TEXT.nothingAdded)).toBeInTheDocument();
    expect(within(card).getByText('Slush Cups 16 oz is out of stock.')).toBeInTheDocument();
    expect(fakeDb.calls.some((c) => c.op === 'commit')).toBe(false);
  });

  it('says so, and adds nothing, when the cart cannot be written', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedHistory();
    fakeDb.fail('commit', `profiles/${BUYER_UID}/cart_items`);
    const { user } = renderStore();
    const card = await findCard();
    await user.click(within(card).getByRole('button', { name: USUAL_ORDER_TEXT.addAll }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(USUAL_ORDER_TEXT.failed);
    expect(cartQuantity('blue-coast')).toBeUndefined();
  });

  it("draws the catalog and the card in the store's first commit when both are already here", async () => {
    seedProfile('retailer');
    seedCatalog();
    seedHistory();
    // The buyer's earlier visit: the reads land in the query cache (a returning buyer's last
    // view is restored there) and the card's chunk loads.
    const first = renderWithProviders(<StorePage />, { route: '/portal/store' });
    await findCard();
    first.unmount();
    // What each commit of the store opened again put on the page.
    const { commits } = renderNotingCommits(
      <StorePage />,
      () => ({
        cards: document.querySelectorAll('article').length,
        usualOrder: screen.queryByRole('region', { name: USUAL_ORDER_TEXT.title }) !== null,
        loading: screen.queryByLabelText('Loading products') !== null,
      }),
      { route: '/portal/store', queryClient: first.queryClient },
    );
    // Not a skeleton first and the products a commit later (after the card's first effect).
    expect(commits[0]).toEqual({ cards: 4, usualOrder: true, loading: false });
  });

  it('is not shown without a usual order: one order, or orders that do not count', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedOrder(1, [['blue-coast', 'Blue Coast Syrup', 24]]);
    seedOrder(2, [['blue-coast', 'Blue Coast Syrup', 24]], 'cancelled');
    seedOrder(3, [['blue-coast', 'Blue Coast Syrup', 24]], 'pending');
    renderStore();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: USUAL_ORDER_TEXT.title })).not.toBeInTheDocument();
  });

  it('is not shown when the orders cannot be read; the store works as ever', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedHistory();
    fakeDb.fail('getDocs', 'orders', new Error('unavailable'));
    renderStore();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: USUAL_ORDER_TEXT.title })).not.toBeInTheDocument();
  });

  it('is not shown to a viewer, who cannot order, and their orders are not read for it', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedCatalog();
    seedHistory();
    renderStore();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByRole('region', { name: USUAL_ORDER_TEXT.title })).not.toBeInTheDocument();
    expect(fakeDb.calls.some((c) => c.path === 'orders')).toBe(false);
  });

  it("reads a buyer's share of the orders (theirs and their locations') and hides while searching", async () => {
    seedProfile('retailer', { company_role: 'buyer', location_ids: ['loc-1'] });
    seedCatalog();
    seedHistory();
    const { user } = renderStore();
    const card = await findCard();
    expect(rows(card)[0]).toBe('Blue Coast Syrup24 units');
    const reads = fakeDb.calls.filter((c) => c.op === 'getDocs' && c.path === 'orders');
    expect(reads.map((read) => read.constraints?.filter((c) => c.type === 'where'))).toEqual([
      [
        { type: 'where', field: 'company_id', op: '==', value: BUYER_UID },
        { type: 'where', field: 'user_id', op: '==', value: BUYER_UID },
      ],
      [
        { type: 'where', field: 'company_id', op: '==', value: BUYER_UID },
        { type: 'where', field: 'location_id', op: 'in', value: ['loc-1'] },
      ],
    ]);
    await user.type(screen.getByLabelText('Search'), 'blue');
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: USUAL_ORDER_TEXT.title }),
      ).not.toBeInTheDocument(),
    );
  });
});
