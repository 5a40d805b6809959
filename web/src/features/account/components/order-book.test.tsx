import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedLocation, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({ callSaveLocation: vi.fn(), callArchiveLocation: vi.fn() }));
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
vi.mock('@/lib/callables', () => ({
  callSaveLocation: mocks.callSaveLocation,
  callArchiveLocation: mocks.callArchiveLocation,
}));

const at = (iso: string) => Timestamp.fromDate(new Date(iso));
const SHIP_TO = {
  name: 'Dana Buyer',
  phone: '+13105550142',
  address: {
    line1: '1418 Ocean Front Walk',
    line2: '',
    city: 'Venice',
    state: 'CA',
    postal_code: '90291',
    country: 'US',
  },
};

function seedOrder(id: string, fields: Record<string, unknown>) {
  fakeDb.seed(`orders/${id}`, {
    user_id: BUYER_UID,
    company_id: BUYER_UID,
    store_name: 'Cloud Nine Smokeshop',
    items: [
      {
        product_id: 'blue-coast',
        name: 'Blue Coast Syrup',
        description: '',
        image_url: '/b.svg',
        unit_amount: 3499,
        quantity: 2,
        line_total: 6998,
      },
    ],
    amount: 6998,
    currency: 'usd',
    payment_type: 'one_time',
    stripe_session_id: 'cs_test_1',
    created_at: at('2025-03-04T18:00:00Z'),
    paid_at: null,
    status_history: [],
    ...fields,
  });
}

function renderAccount(route = '/portal/my-account') {
  return renderWithProviders(<AccountPage />, { route, path: '/portal/my-account' });
}

beforeEach(() => {
  mocks.callSaveLocation.mockReset();
  mocks.callArchiveLocation.mockReset();
});

describe('My Account: the order book', () => {
  it('shows tracking linked to the carrier, the invoice, refunds and a payment still clearing', async () => {
    seedProfile('retailer');
    seedOrder('shipped01', {
      status: 'shipped',
      created_at: at('2025-03-05T18:00:00Z'),
      invoice_number: 'INV-000007',
      shipment: {
        carrier: 'usps',
        tracking_number: '9400100000000000000000',
        shipped_at: at('2025-03-06T10:00:00Z'),
      },
      refunds: [
        { refund_id: 're_1', amount: 1000, reason: '', at: at('2025-03-07T10:00:00Z'), by: 'm' },
      ],
      refunded_amount: 1000,
    });
    seedOrder('pending02', { status: 'pending', created_at: at('2025-03-04T18:00:00Z') });
    // An order from before the order book: no ship-to, invoice, shipment or refunds at all.
    seedOrder('legacy003', { status: 'delivered', created_at: at('2024-12-01T18:00:00Z') });
    renderAccount();

    const shipped = within(await screen.findByRole('listitem', { name: 'Order #shipped0' }));
    expect(
      shipped.getByRole('link', { name: /Track package 9400100000000000000000 with USPS/ }),
    ).toHaveAttribute(
      'href',
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(shipped.getByRole('link', { name: /Invoice INV-000007/ })).toHaveAttribute(
      'href',
      '/portal/orders/shipped01/invoice',
    );
    expect(shipped.getByText('Refunded $10.00')).toBeInTheDocument();
    const pending = within(screen.getByRole('listitem', { name: 'Order #pending0' }));
    expect(pending.getByText('Payment processing')).toBeInTheDocument();
    expect(pending.queryByRole('link', { name: /Invoice/ })).not.toBeInTheDocument();
    const legacy = within(screen.getByRole('listitem', { name: 'Order #legacy00' }));
    expect(legacy.getByText('Delivered')).toBeInTheDocument();
    expect(legacy.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows who placed each order and for which location, and filters by location', async () => {
    seedProfile('retailer');
    seedOrder('venice001', {
      status: 'processing',
      created_at: at('2025-03-05T18:00:00Z'),
      location_id: 'venice',
      location_name: 'Venice store',
      placed_by_name: 'Rico Alvarez',
    });
    seedOrder('mission01', {
      status: 'processing',
      created_at: at('2025-03-04T18:00:00Z'),
      location_id: 'mission',
      location_name: 'Mission store',
      placed_by_name: 'Bianca Ortiz',
    });
    renderAccount();
    const venice = within(await screen.findByRole('listitem', { name: 'Order #venice00' }));
    expect(venice.getByText('For Venice store')).toBeInTheDocument();
    expect(venice.getByText('Placed by Rico Alvarez')).toBeInTheDocument();
    const filter = await screen.findByLabelText('Location');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All locations', 'Mission store', 'Venice store']);
    await userEvent.selectOptions(filter, 'mission');
    expect(screen.queryByRole('listitem', { name: 'Order #venice00' })).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Order #mission0' })).toBeInTheDocument();
  });

  it("lists the company's locations; the owner adds one through saveLocation, checked first", async () => {
    seedProfile('retailer');
    seedLocation('venice', 'Venice store', { delivery_notes: 'Back door' });
    mocks.callSaveLocation.mockResolvedValue({ locationId: 'new-1' });
    renderAccount('/portal/my-account?tab=profile');
    const card = within(await screen.findByRole('region', { name: 'Locations' }));
    const venice = within(await card.findByRole('listitem', { name: 'Venice store' }));
    expect(venice.getByText('Venice store 1')).toBeInTheDocument();
    expect(venice.getByText('Delivery notes: Back door')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Add location' }));
    await userEvent.type(card.getByLabelText('ZIP code'), '9029');
    await userEvent.click(card.getByRole('button', { name: 'Save location' }));
    expect(await card.findByText('Enter a location name.')).toBeInTheDocument();
    expect(card.getByText('Enter the street address.')).toBeInTheDocument();
    expect(card.getByText('Enter a 5-digit ZIP code (or ZIP+4).')).toBeInTheDocument();
    expect(mocks.callSaveLocation).not.toHaveBeenCalled();

    await userEvent.type(card.getByLabelText('Location name'), 'Mission store');
    await userEvent.type(card.getByLabelText('Ship to (name)'), SHIP_TO.name);
    await userEvent.type(card.getByLabelText('Address line 1'), SHIP_TO.address.line1);
    await userEvent.type(card.getByLabelText('City'), SHIP_TO.address.city);
    await userEvent.selectOptions(card.getByLabelText('State'), SHIP_TO.address.state);
    await userEvent.clear(card.getByLabelText('ZIP code'));
    await userEvent.type(card.getByLabelText('ZIP code'), SHIP_TO.address.postal_code);
    await userEvent.click(card.getByRole('button', { name: 'Save location' }));
    await waitFor(() =>
      expect(mocks.callSaveLocation).toHaveBeenCalledWith({
        location: {
          name: 'Mission store',
          ship_to: { ...SHIP_TO, phone: '' },
          delivery_notes: '',
        },
      }),
    );
    expect(await screen.findByText('Mission store saved.')).toBeInTheDocument();
  });

  it('lets the owner archive a location, and shows a viewer the list read-only', async () => {
    seedProfile('retailer');
    seedLocation('venice', 'Venice store');
    mocks.callArchiveLocation.mockResolvedValue({ locationId: 'venice' });
    const { unmount } = renderAccount('/portal/my-account?tab=profile');
    const card = within(await screen.findByRole('region', { name: 'Locations' }));
    await userEvent.click(await card.findByRole('button', { name: 'Archive Venice store' }));
    await waitFor(() =>
      expect(mocks.callArchiveLocation).toHaveBeenCalledWith({
        locationId: 'venice',
        archived: true,
      }),
    );
    unmount();

    seedProfile('retailer', { company_role: 'viewer' });
    renderAccount('/portal/my-account?tab=profile');
    const readOnly = within(await screen.findByRole('region', { name: 'Locations' }));
    expect(await readOnly.findByRole('listitem', { name: 'Venice store' })).toBeInTheDocument();
    expect(readOnly.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells the owner checkout will ask when the company has no location yet', async () => {
    seedProfile('retailer');
    renderAccount('/portal/my-account?tab=profile');
    const card = within(await screen.findByRole('region', { name: 'Locations' }));
    expect(
      await card.findByText('No locations yet. Add your store so checkout fills in its address.'),
    ).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Add location' })).toBeInTheDocument();
  });
});
