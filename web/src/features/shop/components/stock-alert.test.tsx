import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_ALERT_MESSAGES } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { ProductPage } from './product-page';
import { StorePage } from './store-page';

const callables = vi.hoisted(() => ({
  callSubscribeStockAlert: vi.fn(),
  callUnsubscribeStockAlert: vi.fn(),
}));
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/stock-alert-callables', () => callables);

/**
 * "Tell me when it's back" (docs/catalog.md#back-in-stock-alerts): on an out-of-stock product's
 * card and page, never on one that can be ordered; once subscribed it reads "We'll email you
 * when it's back" with an Undo. The member's alerts come from one read of their own.
 */

const product = (name: string, sku: string, fields: Record<string, unknown> = {}) => ({
  name,
  description: `${name}, for the alert tests.`,
  image_url: '/products/blue-coast.svg',
  price_retailer: 450,
  is_active: true,
  sort_order: 1,
  sku,
  category: 'Syrups',
  case_pack: 1,
  min_quantity: 1,
  stock_on_hand: 0,
  stock_reserved: 0,
  ...fields,
});

function seedAlert(productId: string, name: string) {
  fakeDb.seed(`stock_alerts/${productId}_${BUYER_UID}`, {
    product_id: productId,
    product_name: name,
    sku: '',
    uid: BUYER_UID,
    company_id: 'company-1',
    email: 'buyer@shop.test',
    created_at: Timestamp.fromDate(new Date('2026-11-30T10:00:00Z')),
  });
}

/** The function's writes, as the callables make them. */
beforeEach(() => {
  callables.callSubscribeStockAlert.mockReset().mockImplementation(({ productId }) => {
    seedAlert(productId, 'x');
    return Promise.resolve({ productId, subscribed: true });
  });
  callables.callUnsubscribeStockAlert.mockReset().mockImplementation(({ productId }) => {
    fakeDb.reset();
    seedProfile('retailer');
    fakeDb.seed(`products/${productId}`, product('Mango Syrup', 'MANGO'));
    return Promise.resolve({ productId, subscribed: false });
  });
});

const alertReads = () =>
  fakeDb.calls.filter((call) => call.op === 'getDocs' && call.path === 'stock_alerts');

describe('the stock alert of an out-of-stock product', () => {
  it('subscribes from the product page, then offers Undo', async () => {
    const user = userEvent.setup();
    seedProfile('retailer');
    fakeDb.seed('products/mango', product('Mango Syrup', 'MANGO'));
    renderWithProviders(<ProductPage productId="mango" />, {
      route: '/portal/products/mango',
      path: '/portal/products/:productId',
    });
    const subscribe = await screen.findByRole('button', {
      name: `${STOCK_ALERT_MESSAGES.subscribe}: Mango Syrup`,
    });
    await user.click(subscribe);
    expect(callables.callSubscribeStockAlert).toHaveBeenCalledWith({ productId: 'mango' });
    await expectToast('Stock alert set', STOCK_ALERT_MESSAGES.subscribedToast);
    expect(await screen.findByText(STOCK_ALERT_MESSAGES.subscribed)).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Undo/ }));
    expect(callables.callUnsubscribeStockAlert).toHaveBeenCalledWith({ productId: 'mango' });
    expect(
      await screen.findByRole('button', { name: `${STOCK_ALERT_MESSAGES.subscribe}: Mango Syrup` }),
    ).toBeVisible();
  });

  it("says the server's refusal", async () => {
    const user = userEvent.setup();
    seedProfile('retailer');
    fakeDb.seed('products/mango', product('Mango Syrup', 'MANGO'));
    callables.callSubscribeStockAlert.mockRejectedValue(
      Object.assign(new Error(`${STOCK_ALERT_MESSAGES.inStock} [400]`), {
        code: 'functions/failed-precondition',
      }),
    );
    renderWithProviders(<ProductPage productId="mango" />, {
      route: '/portal/products/mango',
      path: '/portal/products/:productId',
    });
    await user.click(
      await screen.findByRole('button', { name: `${STOCK_ALERT_MESSAGES.subscribe}: Mango Syrup` }),
    );
    await expectToast('Error', STOCK_ALERT_MESSAGES.inStock);
    expect(screen.queryByText(STOCK_ALERT_MESSAGES.subscribed)).toBeNull();
  });

  it('shows on out-of-stock cards only, subscribed ones from one read of own alerts', async () => {
    seedProfile('retailer');
    fakeDb.seed('products/mango', product('Mango Syrup', 'MANGO', { sort_order: 1 }));
    fakeDb.seed('products/lime', product('Lime Syrup', 'LIME', { sort_order: 2 }));
    fakeDb.seed(
      'products/cola',
      product('Cola Syrup', 'COLA', { sort_order: 3, stock_on_hand: 300 }),
    );
    fakeDb.seed(
      'products/grape',
      product('Grape Syrup', 'GRAPE', { sort_order: 4, backorders_allowed: true }),
    );
    seedAlert('lime', 'Lime Syrup');
    renderWithProviders(<StorePage />, { route: '/portal/store', path: '/portal/store' });

    const card = async (name: string) =>
      (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;
    const mango = await card('Mango Syrup');
    expect(
      await within(mango).findByRole('button', {
        name: `${STOCK_ALERT_MESSAGES.subscribe}: Mango Syrup`,
      }),
    ).toBeVisible();
    const lime = await card('Lime Syrup');
    expect(await within(lime).findByText(STOCK_ALERT_MESSAGES.subscribed)).toBeVisible();
    expect(within(lime).getByRole('button', { name: /^Undo/ })).toBeVisible();
    for (const name of ['Cola Syrup', 'Grape Syrup']) {
      expect(within(await card(name)).queryByText(/when it's back/)).toBeNull();
    }
    await waitFor(() => expect(alertReads()).toHaveLength(1));
    expect(alertReads()[0]!.constraints).toEqual([
      { type: 'where', field: 'uid', op: '==', value: BUYER_UID },
      expect.objectContaining({ type: 'limit' }),
    ]);
  });
});
