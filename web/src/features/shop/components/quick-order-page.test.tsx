import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  demoProducts,
  seedCartItem,
  seedProducts,
  seedProfile,
  seedWholesalePrices,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ADD_FAILED, HELD_BACK, NOTHING_ADDED, QuickOrderPage } from './quick-order-page';

vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

const cartPath = (productId: string) => `profiles/${BUYER_UID}/cart_items/${productId}`;

const SKUS: Readonly<Record<string, string>> = {
  'purple-dream': 'SYR-PURPLE',
  'blue-coast': 'SYR-BLUE',
  'old-flavor': 'SYR-OLD',
};

/** The demo products with SKUs, and catalog fields of this issue for some. */
function seedCatalog(fields: Record<string, Record<string, unknown>> = {}) {
  seedProducts();
  for (const { id, ...data } of demoProducts) {
    fakeDb.seed(`products/${id}`, { ...data, sku: SKUS[id], ...fields[id] });
  }
}

function renderQuickOrder() {
  return renderWithProviders(<QuickOrderPage />, {
    route: '/portal/quick-order',
    routes: [{ path: '/portal/cart', element: <h1>Cart page</h1> }],
  });
}

async function field() {
  return screen.findByRole('textbox', { name: 'SKUs and quantities' });
}

function addButton() {
  return screen.getByRole('button', { name: /Add to cart/ });
}

function commits() {
  return fakeDb.calls.filter((c) => c.op === 'commit');
}

/** The rows of the table, as their cells' text. */
function tableRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('QuickOrderPage', () => {
  it('labels the field and explains the format', async () => {
    seedProfile('retailer');
    seedCatalog();
    renderQuickOrder();
    const input = await field();
    expect(input).toHaveAccessibleDescription(
      /Paste or type one SKU and quantity per line, like SYR-BLUE 24/,
    );
    expect(screen.getByRole('heading', { name: 'Quick Order' })).toBeInTheDocument();
  });

  it('adds a pasted list in tab and comma formats in one batch, then links to the cart', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE\t12\n\nsyr-purple, 3\n');
    await waitFor(() => expect(addButton()).toBeEnabled());
    expect(tableRows()).toEqual([
      ['1', 'SYR-BLUE', 'Blue Coast Syrup', '12', '$25.99'],
      ['3', 'SYR-PURPLE', 'Purple Dream Syrup', '3', '$24.99'],
    ]);
    await user.click(addButton());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Added 2 products to your cart.');
    expect(commits()).toHaveLength(1);
    expect(commits()[0]?.writes?.map((w) => w.path)).toEqual([
      cartPath('blue-coast'),
      cartPath('purple-dream'),
    ]);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(3);
    // The field is emptied; the table shows what was added.
    expect(await field()).toHaveValue('');
    expect(screen.getByRole('heading', { name: 'Added to your cart' })).toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);
    await user.click(within(status).getByRole('link', { name: 'View cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
  });

  it('adds the valid lines and holds back only the bad ones, each with its reason', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    const input = await field();
    await user.type(input, 'SYR-BLUE 12{Enter}NOPE-1 3{Enter}SYR-OLD 2{Enter}SYR-PURPLE 3');
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Added 2 products to your cart.');
    expect(commits()).toHaveLength(1);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(3);
    // Only the bad lines stay in the field, renumbered as it now reads, each with its reason.
    expect(input).toHaveValue('NOPE-1 3\nSYR-OLD 2');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(HELD_BACK);
    expect(alert).not.toHaveTextContent(NOTHING_ADDED);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1: Unknown SKU NOPE-1',
      // Inactive products are not in the buyer's catalog.
      'Line 2: Unknown SKU SYR-OLD',
    ]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/Line 1: Unknown SKU NOPE-1/);
    expect(screen.getByRole('heading', { name: 'Added to your cart' })).toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);

    // Fixing the held lines clears their errors as they are typed, and adds them.
    await user.clear(input);
    await user.type(input, 'SYR-BLUE 6');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(addButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Added 1 product to your cart.');
    await waitFor(() => expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(18));
    expect(input).toHaveValue('');
  });

  it('adds nothing when no line can be added, and lists every line', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    const input = await field();
    await user.type(input, 'NOPE-1 3{Enter}SYR-OLD 2');
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOTHING_ADDED);
    expect(within(alert).getAllByRole('listitem')).toHaveLength(2);
    expect(commits()).toHaveLength(0);
    expect(input).toHaveValue('NOPE-1 3\nSYR-OLD 2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('reports unreadable lines and an empty field', async () => {
    seedProfile('retailer');
    seedCatalog();
    const user = userEvent.setup();
    renderQuickOrder();
    const input = await field();
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Type at least one SKU and quantity.',
    );
    await user.type(input, 'SYR-BLUE 1.5{Enter}SYR-PURPLE -2{Enter}SYR-BLUE');
    expect(
      within(screen.getByRole('alert'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1: Enter a whole number ("SYR-BLUE 1.5")',
      'Line 2: Quantity must be at least 1 ("SYR-PURPLE -2")',
      'Line 3: Write a SKU and a quantity, like "SYR-BLUE 24" ("SYR-BLUE")',
    ]);
    expect(commits()).toHaveLength(0);
  });

  it('sums the same SKU on several lines into one cart line', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedCartItem('blue-coast', 2);
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 6\nSYR-PURPLE 1\nsyr-blue x4');
    await waitFor(() => expect(addButton()).toBeEnabled());
    expect(tableRows()).toEqual([
      ['1', 'SYR-BLUE', 'Blue Coast Syrup', '10', '$25.99'],
      ['2', 'SYR-PURPLE', 'Purple Dream Syrup', '1', '$24.99'],
    ]);
    await user.click(addButton());
    await screen.findByRole('status');
    expect(commits()).toHaveLength(1);
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
  });

  it('rounds to case packs and minimums with a note, and prices at the break reached', async () => {
    seedProfile('wholesaler');
    seedCatalog({
      'blue-coast': { case_pack: 6 },
      'purple-dream': { min_quantity: 24 },
    });
    seedWholesalePrices();
    fakeDb.seed('wholesale_prices/blue-coast', {
      price_wholesaler: 1999,
      price_breaks: [{ min_quantity: 12, unit_amount: 1799 }],
    });
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 10\nSYR-PURPLE 5');
    await waitFor(() => expect(addButton()).toBeEnabled());
    expect(tableRows()).toEqual([
      ['1', 'SYR-BLUE', 'Blue Coast SyrupSold in cases of 6: 10 units became 12.', '12', '$17.99'],
      [
        '2',
        'SYR-PURPLE',
        'Purple Dream SyrupThe minimum order is 24 units: 5 units became 24.',
        '24',
        '$18.99',
      ],
    ]);
    await user.click(addButton());
    await screen.findByRole('status');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(12);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(24);
  });

  it('refuses out-of-stock products and more than is left, adding nothing', async () => {
    seedProfile('retailer');
    seedCatalog({
      'blue-coast': { stock_on_hand: 0 },
      'purple-dream': { stock_on_hand: 10, stock_reserved: 4 },
    });
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 1\nSYR-PURPLE 8');
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NOTHING_ADDED);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 1: Blue Coast Syrup is out of stock. ("SYR-BLUE")',
      'Line 2: Only 6 left of Purple Dream Syrup. ("SYR-PURPLE")',
    ]);
    expect(commits()).toHaveLength(0);
  });

  it('adds more than is left of a product that takes backorders, marking the backordered units', async () => {
    seedProfile('retailer');
    seedCatalog({
      'blue-coast': { stock_on_hand: 0, backorders_allowed: true, restock_date: '2026-12-10' },
      'purple-dream': { stock_on_hand: 10, stock_reserved: 4, backorders_allowed: true },
    });
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 2\nSYR-PURPLE 8');
    await waitFor(() =>
      expect(tableRows()).toEqual([
        ['1', 'SYR-BLUE', 'Blue Coast SyrupBackordered · Expected Dec 10, 2026', '2', '$25.99'],
        [
          '2',
          'SYR-PURPLE',
          'Purple Dream Syrup2 backordered · Ships when stock arrives',
          '8',
          '$24.99',
        ],
      ]),
    );
    await user.click(addButton());
    expect(await screen.findByRole('status')).toHaveTextContent('Added 2 products to your cart.');
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(2);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(8);
  });

  it('keeps the lines as they were while the batch is written (the cart already shows them)', async () => {
    seedProfile('retailer');
    seedCatalog({ 'blue-coast': { stock_on_hand: 6 } });
    const release = fakeDb.hold('commit');
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 6');
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    await waitFor(() => expect(commits()).toHaveLength(1));
    // The optimistic cart holds the 6 units: the line is not read against it again.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tableRows()).toEqual([['1', 'SYR-BLUE', 'Blue Coast Syrup', '6', '$25.99']]);
    expect(await field()).toHaveAttribute('readonly');
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Added 1 product to your cart.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fakeDb.get(cartPath('blue-coast'))?.quantity).toBe(6);
  });

  it('adds nothing and says so when the batch is refused', async () => {
    seedProfile('retailer');
    seedCatalog();
    fakeDb.fail('commit', cartPath('blue-coast'));
    const user = userEvent.setup();
    renderQuickOrder();
    await user.click(await field());
    await user.paste('SYR-BLUE 2\nSYR-PURPLE 1');
    await waitFor(() => expect(addButton()).toBeEnabled());
    await user.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(ADD_FAILED);
    expect(fakeDb.has(cartPath('blue-coast'))).toBe(false);
    expect(fakeDb.has(cartPath('purple-dream'))).toBe(false);
    expect(await field()).toHaveValue('SYR-BLUE 2\nSYR-PURPLE 1');
  });

  it("toasts 'Could not load products.' and offers to try again when the catalog fails", async () => {
    seedProfile('retailer');
    seedCatalog();
    fakeDb.fail('getDocs', 'products', new Error('unavailable'), true);
    const user = userEvent.setup();
    renderQuickOrder();
    await expectToast('Error', 'Could not load products.');
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await field()).toBeInTheDocument();
  });
});
