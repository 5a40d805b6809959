import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDb, Timestamp } from '@/testing/fake-firestore-lite';
import { BUYER_UID, seedProfile, signedInSession } from '@/testing/portal-fixtures';
import { renderWithProviders } from '@/testing/render';
import { AccountPage } from './account-page';

const mocks = vi.hoisted(() => ({ callSaveShipTo: vi.fn() }));
vi.mock('@/lib/session', () => ({ useSession: () => signedInSession }));
vi.mock('@/lib/callables', () => ({ callSaveShipTo: mocks.callSaveShipTo }));

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
  mocks.callSaveShipTo.mockReset();
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

  it('shows the default ship-to and saves an edited one through saveShipTo', async () => {
    seedProfile('retailer');
    fakeDb.seed(`profiles/${BUYER_UID}`, {
      ...fakeDb.get(`profiles/${BUYER_UID}`),
      ship_to: SHIP_TO,
    });
    mocks.callSaveShipTo.mockImplementation(async ({ shipTo }) => ({ shipTo }));
    renderAccount('/portal/my-account?tab=profile');
    const card = within(await screen.findByRole('region', { name: 'Ship-to address' }));
    expect(card.getByText('1418 Ocean Front Walk')).toBeInTheDocument();
    await userEvent.click(card.getByRole('button', { name: 'Edit address' }));
    const line1 = card.getByLabelText('Address line 1');
    await userEvent.clear(line1);
    await userEvent.clear(card.getByLabelText('ZIP code'));
    await userEvent.type(card.getByLabelText('ZIP code'), '9029');
    await userEvent.click(card.getByRole('button', { name: 'Save address' }));
    expect(await card.findByText('Enter the street address.')).toBeInTheDocument();
    expect(card.getByText('Enter a 5-digit ZIP code (or ZIP+4).')).toBeInTheDocument();
    expect(mocks.callSaveShipTo).not.toHaveBeenCalled();

    await userEvent.type(line1, '200 Abbot Kinney Blvd');
    await userEvent.clear(card.getByLabelText('ZIP code'));
    await userEvent.type(card.getByLabelText('ZIP code'), '90291');
    await userEvent.click(card.getByRole('button', { name: 'Save address' }));
    await waitFor(() =>
      expect(mocks.callSaveShipTo).toHaveBeenCalledWith({
        shipTo: { ...SHIP_TO, address: { ...SHIP_TO.address, line1: '200 Abbot Kinney Blvd' } },
      }),
    );
    expect(
      await screen.findByText('Ship-to address saved. Checkout will use it next time.'),
    ).toBeInTheDocument();
  });

  it('says checkout will ask when there is no ship-to yet', async () => {
    seedProfile('retailer');
    renderAccount('/portal/my-account?tab=profile');
    const card = within(await screen.findByRole('region', { name: 'Ship-to address' }));
    expect(
      card.getByText('No ship-to address yet. Checkout will ask for one.'),
    ).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Add address' })).toBeInTheDocument();
  });
});
