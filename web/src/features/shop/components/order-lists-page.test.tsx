import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_LIST_MESSAGES } from '@portal/domain';
import { fakeDb } from '@/testing/fake-firestore-lite';
import {
  BUYER_UID,
  demoProducts,
  seedCartItem,
  seedProducts,
  seedProfile,
  signedInSession,
} from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { findProduct } from './order-list-editor';
import { OrderListsPage } from './order-lists-page';

const callables = vi.hoisted(() => ({
  callSaveOrderList: vi.fn(),
  callDeleteOrderList: vi.fn(),
}));
vi.mock('@/lib/order-list-callables', () => callables);
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

vi.setConfig({ testTimeout: 30_000 });

const SKUS: Readonly<Record<string, string>> = {
  'purple-dream': 'SYR-PURPLE',
  'blue-coast': 'SYR-BLUE',
  'old-flavor': 'SYR-OLD',
};

const cartPath = (productId: string) => `profiles/${BUYER_UID}/cart_items/${productId}`;

function seedCatalog(fields: Record<string, Record<string, unknown>> = {}) {
  seedProducts();
  for (const { id, ...data } of demoProducts) {
    fakeDb.seed(`products/${id}`, { ...data, sku: SKUS[id], ...fields[id] });
  }
}

const at = Timestamp.fromDate(new Date('2026-11-20T10:00:00Z'));

function seedList(id: string, name: string, lines: [string, number][], companyId = BUYER_UID) {
  fakeDb.seed(`order_lists/${id}`, {
    company_id: companyId,
    name,
    lines: lines.map(([productId, quantity]) => ({
      product_id: productId,
      sku: SKUS[productId] ?? 'GONE-1',
      name: demoProducts.find((p) => p.id === productId)?.name ?? 'Gone Syrup',
      quantity,
    })),
    created_by: BUYER_UID,
    created_by_name: 'Dana Buyer',
    created_at: at,
    updated_at: at,
  });
}

function renderLists() {
  return renderWithProviders(<OrderListsPage />, {
    route: '/portal/lists',
    routes: [{ path: '/portal/cart', element: <h1>Cart page</h1> }],
  });
}

const card = async (name: string) => screen.findByRole('article', { name }) as Promise<HTMLElement>;

beforeEach(() => {
  callables.callSaveOrderList.mockReset();
  callables.callDeleteOrderList.mockReset();
});

describe('OrderListsPage', () => {
  it("shows the company's lists with their count and date, another company's not", async () => {
    seedProfile('retailer');
    seedCatalog();
    seedList('l1', 'Main St every 2 weeks', [
      ['purple-dream', 12],
      ['blue-coast', 6],
    ]);
    seedList('l2', 'Not ours', [['blue-coast', 1]], 'another-company');
    renderLists();
    const main = await card('Main St every 2 weeks');
    expect(main).toHaveTextContent('2 products · Updated Nov 20, 2026');
    expect(screen.queryByText('Not ours')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order lists' })).toBeInTheDocument();
  });

  it('shows the empty state with what to do', async () => {
    seedProfile('retailer');
    seedCatalog();
    renderLists();
    expect(await screen.findByRole('heading', { name: 'No lists yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New list' })).toBeInTheDocument();
  });

  it('adds what it can and names each line it could not add with its reason', async () => {
    seedProfile('retailer');
    seedCatalog({ 'blue-coast': { stock_on_hand: 0 }, 'purple-dream': { case_pack: 6 } });
    seedList('l1', 'Main St', [
      ['purple-dream', 10],
      ['blue-coast', 6],
      ['old-flavor', 2],
    ]);
    const user = userEvent.setup();
    renderLists();
    const main = await card('Main St');
    await user.click(within(main).getByRole('button', { name: /Add list to cart/ }));
    const status = within(main).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Added 1 product to your cart.'));
    expect(status).toHaveTextContent('Purple Dream Syrup: Sold in cases of 6: 10 units became 12.');
    expect(status).toHaveTextContent('Not added:');
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 2 (SYR-BLUE): Blue Coast Syrup is out of stock.',
      'Line 3 (SYR-OLD): Retired Flavor is no longer available.',
    ]);
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(12);
    expect(fakeDb.get(cartPath('blue-coast'))).toBeUndefined();
    // Only a list that fits whole offers a standing order.
    expect(within(main).queryByRole('button', { name: 'Start standing order' })).toBeNull();
  });

  it('adds nothing and says why when no line can be added', async () => {
    seedProfile('retailer');
    seedCatalog({ 'blue-coast': { stock_on_hand: 0 } });
    seedList('l1', 'Blue only', [['blue-coast', 6]]);
    const user = userEvent.setup();
    renderLists();
    const main = await card('Blue only');
    await user.click(within(main).getByRole('button', { name: /Add list to cart/ }));
    await waitFor(() =>
      expect(within(main).getByRole('status')).toHaveTextContent(
        'Nothing was added:Line 1 (SYR-BLUE): Blue Coast Syrup is out of stock.',
      ),
    );
    expect(fakeDb.calls.filter((c) => c.op === 'commit')).toHaveLength(0);
  });

  it('starts a standing order: adds the list and opens the cart with the delivery chosen', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedCartItem('blue-coast', 2);
    seedList('l1', 'Fits', [['purple-dream', 3]]);
    const user = userEvent.setup();
    const { router } = renderLists();
    const main = await card('Fits');
    await user.click(within(main).getByRole('button', { name: 'Start standing order' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/portal/cart?delivery=2',
    );
    expect(fakeDb.get(cartPath('purple-dream'))?.quantity).toBe(3);
  });

  it('creates a list: a product added by SKU and by name, saved through saveOrderList', async () => {
    seedProfile('retailer');
    seedCatalog();
    callables.callSaveOrderList.mockResolvedValue({ listId: 'new-1' });
    const user = userEvent.setup();
    renderLists();
    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const editor = await screen.findByRole('form', { name: 'New list' });
    // Saving without a name or a product says what is missing.
    await user.click(within(editor).getByRole('button', { name: 'Save list' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(ORDER_LIST_MESSAGES.name);
    await user.type(within(editor).getByRole('textbox', { name: 'List name' }), 'Pier shop');
    const search = within(editor).getByRole('combobox', { name: 'Add a product' });
    await user.type(search, 'syr-blue{Enter}');
    await user.type(search, 'purple');
    await user.click(within(editor).getByRole('button', { name: 'Add' }));
    const quantity = within(editor).getByRole('textbox', {
      name: 'Quantity of Purple Dream Syrup',
    });
    await user.clear(quantity);
    await user.type(quantity, '24');
    await user.click(within(editor).getByRole('button', { name: 'Remove Blue Coast Syrup' }));
    await user.click(within(editor).getByRole('button', { name: 'Save list' }));
    await expectToast('List saved', '"Pier shop" is saved.');
    expect(callables.callSaveOrderList).toHaveBeenCalledWith({
      listId: null,
      name: 'Pier shop',
      lines: [{ productId: 'purple-dream', quantity: 24 }],
    });
  });

  it("edits a list and shows the server's refusal in the editor", async () => {
    seedProfile('retailer');
    seedCatalog();
    seedList('l1', 'Main St', [['purple-dream', 12]]);
    callables.callSaveOrderList.mockRejectedValue(
      Object.assign(new Error(ORDER_LIST_MESSAGES.nameTaken), {
        code: 'functions/failed-precondition',
      }),
    );
    const user = userEvent.setup();
    renderLists();
    await user.click(within(await card('Main St')).getByRole('button', { name: 'Edit' }));
    const editor = await screen.findByRole('form', { name: 'Edit "Main St"' });
    const name = within(editor).getByRole('textbox', { name: 'List name' });
    await user.clear(name);
    await user.type(name, 'Oak Ave');
    await user.click(within(editor).getByRole('button', { name: 'Save list' }));
    expect(await within(editor).findByRole('alert')).toHaveTextContent(
      ORDER_LIST_MESSAGES.nameTaken,
    );
    expect(callables.callSaveOrderList).toHaveBeenCalledWith({
      listId: 'l1',
      name: 'Oak Ave',
      lines: [{ productId: 'purple-dream', quantity: 12 }],
    });
  });

  it('deletes a list after a confirmation', async () => {
    seedProfile('retailer');
    seedCatalog();
    seedList('l1', 'Main St', [['purple-dream', 12]]);
    callables.callDeleteOrderList.mockResolvedValue({ listId: 'l1' });
    const user = userEvent.setup();
    renderLists();
    await user.click(within(await card('Main St')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete "Main St"?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete list' }));
    await expectToast('List deleted', '"Main St" was deleted.');
    expect(callables.callDeleteOrderList).toHaveBeenCalledWith({ listId: 'l1' });
  });

  it('shows a viewer the lists read-only', async () => {
    seedProfile('retailer', { company_role: 'viewer' });
    seedCatalog();
    seedList('l1', 'Main St', [['purple-dream', 12]]);
    const user = userEvent.setup();
    renderLists();
    const main = await card('Main St');
    expect(screen.getByText(/Your role in this company is Viewer/)).toBeInTheDocument();
    for (const name of ['New list', 'Edit', 'Delete', 'Add list to cart']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    await user.click(within(main).getByRole('button', { name: 'Show 1 product' }));
    expect(within(main).getByRole('table')).toHaveTextContent('SYR-PURPLEPurple Dream Syrup12');
  });
});

describe('findProduct', () => {
  const catalog = demoProducts.map((p) => ({ ...p, sku: SKUS[p.id] ?? '' })) as never[];

  it('finds an exact SKU, else one product by part of its name', () => {
    expect(findProduct(' syr-blue ', catalog)).toMatchObject({ product: { id: 'blue-coast' } });
    expect(findProduct('dream', catalog)).toMatchObject({ product: { id: 'purple-dream' } });
    expect(findProduct('syrup', catalog)).toEqual({
      problem: '2 products match: type more of the name, or the SKU.',
    });
    expect(findProduct('zzz', catalog)).toEqual({
      problem: 'No product in your catalog matches "zzz".',
    });
    expect(findProduct('  ', catalog)).toEqual({ problem: 'Type a SKU or a product name.' });
  });
});
