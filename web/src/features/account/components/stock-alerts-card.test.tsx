import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STOCK_ALERT_MESSAGES } from '@portal/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { expectToast } from '@/testing/toasts';
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({
  callListCompanyMembers: vi.fn(),
  callSubscribeStockAlert: vi.fn(),
  callUnsubscribeStockAlert: vi.fn(),
}));
vi.mock('@/lib/callables', () => mocks);
vi.mock('@/lib/stock-alert-callables', () => mocks);
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));

/** My Account's Stock alerts (docs/catalog.md#back-in-stock-alerts), in the Profile tab. */

function seedAlert(productId: string, name: string, sku: string, day: string) {
  fakeDb.seed(`stock_alerts/${productId}_${BUYER_UID}`, {
    product_id: productId,
    product_name: name,
    sku,
    uid: BUYER_UID,
    company_id: 'company-1',
    email: 'buyer@shop.test',
    created_at: Timestamp.fromDate(new Date(`${day}T10:00:00Z`)),
  });
}

function renderProfileTab() {
  return renderWithProviders(<AccountPage />, {
    route: '/portal/my-account?tab=profile',
    path: '/portal/my-account',
  });
}

beforeEach(() => {
  for (const fn of Object.values(mocks)) fn.mockReset();
  mocks.callListCompanyMembers.mockResolvedValue({ members: [], invitations: [] });
});

describe('Stock alerts in My Account', () => {
  it('lists each product, newest first, and unsubscribes one', async () => {
    const user = userEvent.setup();
    seedProfile('retailer');
    seedAlert('mango', 'Mango Syrup', 'MANGO', '2026-11-20');
    seedAlert('lime', 'Lime Syrup', 'LIME', '2026-11-28');
    mocks.callUnsubscribeStockAlert.mockImplementation(({ productId }) => {
      fakeDb.reset();
      seedProfile('retailer');
      seedAlert('lime', 'Lime Syrup', 'LIME', '2026-11-28');
      return Promise.resolve({ productId, subscribed: false });
    });
    renderProfileTab();
    const list = await screen.findByRole('list', { name: STOCK_ALERT_MESSAGES.listTitle });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Lime SyrupSKU LIMEUnsubscribe',
      'Mango SyrupSKU MANGOUnsubscribe',
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Mango Syrup' })).toHaveAttribute(
      'href',
      '/portal/products/mango',
    );
    await user.click(screen.getByRole('button', { name: 'Unsubscribe: Mango Syrup' }));
    expect(mocks.callUnsubscribeStockAlert).toHaveBeenCalledWith({ productId: 'mango' });
    await expectToast('Stock alert removed', 'Mango Syrup');
    expect(await screen.findByRole('link', { name: 'Lime Syrup' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Mango Syrup' })).toBeNull();
  });

  it('says there are none', async () => {
    seedProfile('retailer');
    renderProfileTab();
    expect(await screen.findByText(STOCK_ALERT_MESSAGES.listEmpty)).toBeVisible();
  });
});
